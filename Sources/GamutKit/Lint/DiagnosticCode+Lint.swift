// MARK: - gamut lint (docs/lint.md)

extension DiagnosticCode {
  /// Error: an entry names a file that is not in its set's folder.
  public static let missingFile: DiagnosticCode = "missing-file"
  /// Warning: a file in a set's folder that no entry names (Xcode ignores it).
  public static let unlistedFile: DiagnosticCode = "unlisted-file"
  /// Note: a folder of a kind gamut does not check (`.brandassets`, `.launchimage`, `.dataset`...).
  public static let uncheckedKind: DiagnosticCode = "unchecked-kind"
  /// Error: an image whose bytes are another format than its name says (a WebP or Photoshop file named `.png`).
  public static let wrongFileType: DiagnosticCode = "wrong-file-type"
  /// Warning: an image whose pixel size is not a whole number of points at its scale.
  public static let fractionalPoints: DiagnosticCode = "fractional-points"
  /// Note: a PNG with no color information (no iCCP, sRGB, cICP, gAMA or cHRM chunk): it is taken as sRGB.
  public static let untaggedImage: DiagnosticCode = "untagged-image"
  /// Warning (a note for gAMA/cHRM only): a color space other than sRGB, Display P3 or gray, such as a monitor's
  /// own profile.
  public static let unusualProfile: DiagnosticCode = "unusual-profile"
  /// Warning: the images of one set are in different color spaces.
  public static let mixedProfiles: DiagnosticCode = "mixed-profiles"
  /// Warning: an image in a `display-P3` slot whose colors all lie in sRGB; its sRGB pair would do.
  public static let p3WithinSRGB: DiagnosticCode = "p3-within-srgb"
  /// Note: a 16-bit PNG whose samples 8 bits hold exactly.
  public static let needless16Bit: DiagnosticCode = "needless-16-bit"
  /// Warning: byte-identical (or pixel-identical) images in several sets of one catalog.
  public static let duplicateImage: DiagnosticCode = "duplicate-image"
  /// Warning: an image over the pixel or byte budget (`lint: budgets`).
  public static let oversizeImage: DiagnosticCode = "oversize-image"
  /// Warning: a display-p3 color outside sRGB in a set with no sRGB entry for it.
  public static let p3ColorWithoutSRGB: DiagnosticCode = "p3-color-without-srgb"
  /// Warning: an app icon slot that the platforms the set declares need and no file fills.
  public static let appIconMissingSlot: DiagnosticCode = "app-icon-missing-slot"
  /// Note: an iOS single-size app icon set without a dark or tinted appearance.
  public static let appIconMissingAppearance: DiagnosticCode = "app-icon-missing-appearance"
  /// Warning: asset names that Xcode's generated asset symbols turn into one Swift identifier.
  public static let symbolCollision: DiagnosticCode = "symbol-collision"
}

// MARK: - gamut lint, issue 33 (docs/lint.md)

extension DiagnosticCode {
  /// Note: an image named as another format that Xcode reads by its bytes (a WebP named `.png`); it builds, but
  /// tools that trust the name do not, and lint does not check its pixels.
  public static let misnamedImage: DiagnosticCode = "misnamed-image"
  /// Note: an app icon set with no image at all (Xcode's template, left unused).
  public static let appIconEmpty: DiagnosticCode = "app-icon-empty"
  /// Warning: a tinted app icon that is the dark or any-appearance one (same file, bytes or pixels).
  public static let appIconTintedCopy: DiagnosticCode = "app-icon-tinted-copy"
  /// Note: a dark app icon that is the any-appearance one (same file, bytes or pixels).
  public static let appIconDarkCopy: DiagnosticCode = "app-icon-dark-copy"
  /// Note: a dark rendition of an image set that is its slot's light or any-appearance rendition (same file, bytes
  /// or pixels; vectors by bytes).
  public static let darkRenditionCopy: DiagnosticCode = "dark-rendition-copy"
}

// MARK: - gamut lint --fix, issue 37 (docs/fix.md)

extension DiagnosticCode {
  /// Note: a `Contents.json` in the layout of an older Xcode, with the same values as today's layout.
  public static let contentsLayout: DiagnosticCode = "contents-layout"
}
