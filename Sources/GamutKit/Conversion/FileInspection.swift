/// What `gamut inspect` reports about one PNG: its layout, its color chunks, the color space they decide, and the
/// embedded profile's details; or the reason it could not be read.
///
/// Encoded as JSON by `gamut inspect --json`; docs/inspect.md documents the schema.
public struct FileInspection: Sendable, Codable, Equatable {
  /// The color space decision, as reported.
  public struct ColorSpace: Sendable, Codable, Equatable {
    /// The chunk that decided: `cICP`, `iCCP`, `sRGB`, `gAMA/cHRM` or `untagged`.
    public var source: String
    /// The identified space, for example `sRGB` or `Display P3`, or `unknown`.
    public var name: String
    /// Whether gamut can convert from this space: true exactly when `gamut convert` of the file succeeds (unless
    /// its pixel data is corrupt).
    public var convertible: Bool
    /// What to know about the answer besides ``warnings``: lower-precedence chunks ignored, assumptions,
    /// identification notes.
    public var notes: [String]
    /// The color chunks that would have decided and could not be used (a fallback), with what was used instead;
    /// empty when none was passed over.
    public var warnings: [String]
  }

  /// The color chunks' own values.
  public struct Chunks: Sendable, Codable, Equatable {
    /// The names of the color chunks present, in precedence order.
    public var present: [String]
    public var iccProfileName: String?
    public var iccProfileBytes: Int?
    /// Why an iCCP chunk that is present could not be read (then ignored); absent otherwise.
    public var iccProfileProblem: String?
    public var sRGBIntent: Int?
    public var gamma: Double?
    public var chromaticities: ColorChunks.Chromaticities?
    public var cicp: ColorChunks.CodingPoints?
  }

  public var path: String
  public var width: Int?
  public var height: Int?
  /// Bits per sample as stored: 1, 2, 4, 8 or 16.
  public var bitDepth: Int?
  /// `gray`, `rgb`, `palette`, `gray+alpha` or `rgba`.
  public var colorType: String?
  public var interlaced: Bool?
  /// An alpha channel or a tRNS chunk.
  public var alpha: Bool?
  public var chunks: Chunks?
  public var colorSpace: ColorSpace?
  /// The inspection of the embedded profile (iCCP) whenever it parses, even when it did not decide (a profile for
  /// other data, one gamut cannot convert from, or one behind a cICP): the profile a warning is about.
  public var profile: ProfileInfo?
  /// Why the file could not be read; the other fields are then absent.
  public var error: String?

  /// Reads and decodes the file at `path` (every row, a strip at a time, so a corrupt image is reported) and
  /// inspects it.
  public init(path: String, limits: PNGLimits = .default) {
    self.path = path
    let reader: PNGRowReader
    do {
      reader = try PNGRowReader(contentsOf: path, limits: limits)
      try reader.readToEnd()
    } catch {
      self.error = error.reason
      return
    }
    let header = reader.header
    width = header.width
    height = header.height
    bitDepth = header.bitDepth
    colorType = header.colorType.name
    interlaced = header.interlaced
    alpha = header.hasAlpha
    let color = reader.colorChunks
    chunks = Chunks(
      present: color.presentChunkNames, iccProfileName: color.iccProfile?.name,
      iccProfileBytes: color.iccProfile?.bytes.count, iccProfileProblem: color.unreadableProfile,
      sRGBIntent: color.sRGBIntent, gamma: color.gamma,
      chromaticities: color.chromaticities, cicp: color.codingPoints)
    let decision = ColorSpaceDecision.of(color)
    colorSpace = ColorSpace(
      source: decision.source.rawValue, name: decision.name, convertible: decision.profile != nil,
      notes: decision.remarks, warnings: decision.fallbackWarnings)
    profile = decision.profileInfo ?? color.iccProfile.flatMap { try? ICCProfile(bytes: $0.bytes).inspect() }
  }
}
