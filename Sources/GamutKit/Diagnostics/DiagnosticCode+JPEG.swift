// MARK: - JPEG sources, copied as they are (issue 36; docs/image-sets.md)

extension DiagnosticCode {
  /// Error: a `.jpg` or `.jpeg` source that is not a JPEG gamut takes: another kind of file, cut off before its
  /// first scan, a coding process common decoders do not read (lossless, hierarchical, arithmetic), a size of 0 or
  /// over the pixel budget, malformed or endless marker segments. The asset is not written.
  public static let unreadableJPEG: DiagnosticCode = "unreadable-jpeg"
  /// Warning: a JPEG source whose data does not end with the end-of-image marker: a file cut off in its image data,
  /// which shows gray below the cut. It is copied as it is.
  public static let jpegIncomplete: DiagnosticCode = "jpeg-incomplete"
  /// Warning: a JPEG source whose embedded ICC profile cannot be read (chunks missing or numbered inconsistently,
  /// or a profile lcms2 refuses): the app shows it as sRGB. It is copied as it is.
  public static let jpegProfileUnreadable: DiagnosticCode = "jpeg-profile-unreadable"
}
