/// The stable name of a kind of finding, such as `unpaired-dark`: what `--json` prints as a finding's `code` and
/// what users filter on, so a code once published keeps its spelling.
///
/// Each code gamut reports has a constant (below, or in the room that reports it), documented with the severity it
/// is reported at, and a row in ``DiagnosticRegistry`` (its meaning, docs page and a minimal input that triggers it;
/// a test fails on a code without one). A code is a string underneath: it is written to JSON as the bare string, and
/// a string literal is a code.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
  CustomStringConvertible
{
  public var rawValue: String

  public init(rawValue: String) {
    self.rawValue = rawValue
  }

  public init(stringLiteral value: String) {
    self.init(rawValue: value)
  }

  public init(from decoder: any Decoder) throws {
    self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(rawValue)
  }

  public var description: String { rawValue }

  /// Whether the finding is the clipping check's verdict on a source (``clippingWarning`` or ``clippingError``) or
  /// a color outside sRGB under the `srgb` policy (``colorOutsideSRGB``), which decide exit status 2 rather than 1
  /// (see ``ExitStatus``).
  public var isClipping: Bool { self == .clippingWarning || self == .clippingError || self == .colorOutsideSRGB }
}

// MARK: - Sources and names (the source scanner and the catalog planner)

extension DiagnosticCode {
  /// Error: an unknown or contradictory name token, an unknown scale, an invalid asset or folder name, or a file
  /// name that is not UTF-8.
  public static let invalidName: DiagnosticCode = "invalid-name"
  /// Error: asset or folder names that are equal after Unicode NFC and case folding.
  public static let nameCollision: DiagnosticCode = "name-collision"
  /// Error: two sources fill the same rendition (the first in sorted order wins).
  public static let duplicateRendition: DiagnosticCode = "duplicate-rendition"
  /// Error: a source for an idiom the configuration does not list.
  public static let idiomNotEnabled: DiagnosticCode = "idiom-not-enabled"
  /// Warning: an image file that gamut does not take (JPEG, HEIC, WebP...), skipped.
  public static let notPNG: DiagnosticCode = "not-png"
  /// Warning: a folder whose name has an extension (such as `Icons.imageset`), skipped.
  public static let folderWithExtension: DiagnosticCode = "folder-with-extension"
}

// MARK: - Folders (the folder walker, for every tree gamut reads)

extension DiagnosticCode {
  /// Warning: a symbolic link that leads outside the source folder (or nowhere), skipped.
  public static let linkOutsideSource: DiagnosticCode = "link-outside-source"
  /// Warning: a symbolic link in a catalog or an Icon Composer bundle that leads outside it (or nowhere): not
  /// followed, not read.
  public static let linkOutsideCatalog: DiagnosticCode = "link-outside-catalog"
  /// Note: a symbolic link to a folder inside the source folder, catalog or bundle, not followed.
  public static let folderLink: DiagnosticCode = "folder-link"
  /// Error: a source folder nested deeper than gamut reads (32 folders); what lies below is not read.
  public static let folderTooDeep: DiagnosticCode = "folder-too-deep"
  /// Error: a catalog nested deeper than the reader goes, or a set with more entries than it takes.
  public static let catalogLimit: DiagnosticCode = "catalog-limit"
}

// MARK: - Pairs and sizes (the catalog planner and the image checks)

extension DiagnosticCode {
  /// Warning: a dark rendition without a light or any-appearance one.
  public static let unpairedDark: DiagnosticCode = "unpaired-dark"
  /// Warning: a light rendition without a dark one.
  public static let unpairedLight: DiagnosticCode = "unpaired-light"
  /// Warning: a high-contrast rendition without its normal-contrast one.
  public static let contrastWithoutBase: DiagnosticCode = "contrast-without-base"
  /// Warning: an @2x that is not twice its @1x (or an @3x three times).
  public static let scaleSizeMismatch: DiagnosticCode = "scale-size-mismatch"
  /// Warning: light, dark and high-contrast renditions of one slot with different sizes.
  public static let appearanceSizeMismatch: DiagnosticCode = "appearance-size-mismatch"
  /// Warning: a dark rendition that is mostly near pure white.
  public static let darkWhiteArea: DiagnosticCode = "dark-white-area"
  /// Warning: an iCCP chunk passed over (unreadable, a refused or nonsense profile, a profile for other data or for
  /// another kind of image); the next color chunk, or sRGB, is used instead.
  public static let unusableProfile: DiagnosticCode = "unusable-profile"
  /// Warning: a cICP (matrix coefficients other than 0) or gAMA/cHRM (no usable profile) passed over; the next
  /// color chunk, or sRGB, is used instead.
  public static let unusableColorChunk: DiagnosticCode = "unusable-color-chunk"
}

// MARK: - Reading, converting and writing (the asset builder)

extension DiagnosticCode {
  /// Error: a source that could not be read at all.
  public static let unreadable: DiagnosticCode = "unreadable"
  /// Error: a `.png` that is not a PNG, is truncated or corrupt, or exceeds a limit.
  public static let unreadablePNG: DiagnosticCode = "unreadable-png"
  /// Error: a source changed while the build read it; the asset keeps its previous outputs.
  public static let sourceChanged: DiagnosticCode = "source-changed"
  /// Error: a color space that cannot be converted (PQ, HLG...) or a nonsense profile.
  public static let conversionFailed: DiagnosticCode = "conversion-failed"
  /// Error: a rendition or `Contents.json` that could not be written.
  public static let writeFailed: DiagnosticCode = "write-failed"
}

// MARK: - The clipping check

extension DiagnosticCode {
  /// The clipping verdict `warning`: a warning under the `srgb` gamut policy, a note under `auto` and `both`
  /// (a Display P3 rendition is written beside the sRGB one).
  public static let clippingWarning: DiagnosticCode = "clipping-warning"
  /// The clipping verdict `error`: an error under the `srgb` gamut policy, a note under `auto` and `both`.
  public static let clippingError: DiagnosticCode = "clipping-error"
}
