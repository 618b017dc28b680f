/// The chunks of a PNG that describe its colors, as read from the file.
public struct ColorChunks: Sendable, Hashable {
  /// An embedded ICC profile (iCCP): its name and the original profile bytes.
  public struct EmbeddedProfile: Sendable, Hashable {
    public var name: String
    public var bytes: [UInt8]
    public init(name: String, bytes: [UInt8]) {
      self.name = name
      self.bytes = bytes
    }

    /// Hashes the name and a sample of the bytes, as `ICCProfile` does: equal profiles still hash equally.
    public func hash(into hasher: inout Hasher) {
      hasher.combine(name)
      hasher.combineSample(of: bytes)
    }
  }

  /// Chromaticities of the white point and primaries (cHRM), as CIE xy.
  public struct Chromaticities: Sendable, Hashable, Codable {
    public var whiteX, whiteY, redX, redY, greenX, greenY, blueX, blueY: Double
    public init(
      whiteX: Double, whiteY: Double, redX: Double, redY: Double, greenX: Double, greenY: Double,
      blueX: Double, blueY: Double
    ) {
      self.whiteX = whiteX
      self.whiteY = whiteY
      self.redX = redX
      self.redY = redY
      self.greenX = greenX
      self.greenY = greenY
      self.blueX = blueX
      self.blueY = blueY
    }
  }

  /// Coding-independent code points (cICP, ITU-T H.273).
  public struct CodingPoints: Sendable, Hashable, Codable {
    public var colorPrimaries: UInt8
    public var transferFunction: UInt8
    public var matrixCoefficients: UInt8
    public var fullRange: Bool
    public init(colorPrimaries: UInt8, transferFunction: UInt8, matrixCoefficients: UInt8, fullRange: Bool) {
      self.colorPrimaries = colorPrimaries
      self.transferFunction = transferFunction
      self.matrixCoefficients = matrixCoefficients
      self.fullRange = fullRange
    }
  }

  /// A color chunk the reader ignored because it is malformed (a wrong length or value, a CRC error) or repeats an
  /// earlier chunk of its kind (the first one counts).
  public struct IgnoredChunk: Sendable, Hashable {
    /// The chunk type: `cICP`, `iCCP`, `sRGB`, `gAMA` or `cHRM`.
    public var name: String
    /// Why it was ignored, for example "invalid video full range flag 2" or "duplicate".
    public var reason: String
    public init(name: String, reason: String) {
      self.name = name
      self.reason = reason
    }
  }

  /// iCCP, if present and readable.
  public var iccProfile: EmbeddedProfile?
  /// The rendering intent of the sRGB chunk (0 perceptual, 1 relative, 2 saturation, 3 absolute), if present.
  public var sRGBIntent: Int?
  /// The file gamma of gAMA (for example 0.45455), if present.
  public var gamma: Double?
  /// cHRM, if present.
  public var chromaticities: Chromaticities?
  /// cICP, if present.
  public var codingPoints: CodingPoints?
  /// Why an iCCP chunk that is present could not be read (a CRC error, an unknown compression method, data that
  /// does not inflate), when that happened; ``iccProfile`` is then nil and the next color chunk decides.
  public var unreadableProfile: String?
  /// Whether the image's pixels are gray (IHDR color types 0 and 4): the PNG rules ignore an iCCP profile whose
  /// data color space (gray or RGB) is not the image's.
  public var pixelsAreGray: Bool
  /// The color chunks ignored as malformed or repeated, in file order (an unreadable iCCP is
  /// ``unreadableProfile``); the color decision reports those that would have counted.
  public var ignoredChunks: [IgnoredChunk]

  public init(
    iccProfile: EmbeddedProfile? = nil, sRGBIntent: Int? = nil, gamma: Double? = nil,
    chromaticities: Chromaticities? = nil, codingPoints: CodingPoints? = nil, unreadableProfile: String? = nil,
    pixelsAreGray: Bool = false, ignoredChunks: [IgnoredChunk] = []
  ) {
    self.iccProfile = iccProfile
    self.sRGBIntent = sRGBIntent
    self.gamma = gamma
    self.chromaticities = chromaticities
    self.codingPoints = codingPoints
    self.unreadableProfile = unreadableProfile
    self.pixelsAreGray = pixelsAreGray
    self.ignoredChunks = ignoredChunks
  }

  /// The names of the color chunks present, in PNG precedence order (`cICP`, `iCCP`, `sRGB`, `gAMA`, `cHRM`); an
  /// unreadable iCCP counts as present.
  public var presentChunkNames: [String] {
    var names: [String] = []
    if codingPoints != nil { names.append("cICP") }
    if iccProfile != nil || unreadableProfile != nil { names.append("iCCP") }
    if sRGBIntent != nil { names.append("sRGB") }
    if gamma != nil { names.append("gAMA") }
    if chromaticities != nil { names.append("cHRM") }
    return names
  }
}
