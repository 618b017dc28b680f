/// What an ICC profile says about itself, as read by lcms2.
public struct ProfileInfo: Sendable, Codable, Equatable {
  /// A CIE XYZ value (Y of white 1).
  public struct XYZ: Sendable, Codable, Equatable {
    /// CIE X, Y and Z.
    public var x, y, z: Double
    /// Creates a value.
    public init(_ x: Double, _ y: Double, _ z: Double) {
      self.x = x
      self.y = y
      self.z = z
    }
    /// The xy chromaticity, or nil for black (X + Y + Z == 0).
    public var chromaticity: Chromaticity? {
      let sum = x + y + z
      guard sum.isFinite, abs(sum) > 1e-12 else { return nil }
      return Chromaticity(x: x / sum, y: y / sum)
    }
  }

  /// A CIE 1931 xy chromaticity.
  public struct Chromaticity: Sendable, Codable, Equatable {
    /// CIE x and y.
    public var x, y: Double
    /// Creates a chromaticity.
    public init(x: Double, y: Double) {
      self.x = x
      self.y = y
    }
  }

  /// One colorant (rXYZ, gXYZ or bXYZ).
  public struct Colorant: Sendable, Codable, Equatable {
    /// The tag's value: XYZ in the profile connection space (adapted to D50).
    public var pcs: XYZ
    /// The same colorant with the chromatic adaptation to D50 undone, in the profile's own white reference.
    public var native: XYZ
    /// The chromaticity of ``native``: the primary's xy as a colorimetrist would quote it.
    public var chromaticity: Chromaticity?
  }

  /// The three colorants of a matrix/TRC RGB profile.
  public struct Colorants: Sendable, Codable, Equatable {
    /// rXYZ, gXYZ and bXYZ.
    public var red, green, blue: Colorant
  }

  /// One tone reproduction curve (rTRC, gTRC, bTRC or kTRC).
  public enum ToneCurve: Sendable, Codable, Equatable {
    /// A parametric curve: its ICC parametric type (lcms2 `cmsGetToneCurveParametricType`: 1 is a pure gamma,
    /// 4 is the sRGB-style curve with a linear toe...) and its parameters (`cmsGetToneCurveParams`).
    case parametric(type: Int, parameters: [Double], estimatedGamma: Double?)
    /// A sampled curve with this many entries.
    case table(entries: Int, estimatedGamma: Double?)

    /// lcms2's estimate of the curve's gamma (`cmsEstimateGamma`, mean of the local exponents), if it has one.
    public var estimatedGamma: Double? {
      switch self {
      case .parametric(_, _, let gamma), .table(_, let gamma): gamma
      }
    }
  }

  /// How the profile maps device values to the PCS.
  public enum Model: String, Sendable, Codable {
    /// RGB with colorants and three TRCs: the fast path can use a 3x3 matrix and three curves.
    case matrixTRC
    /// Gray with a kTRC.
    case grayTRC
    /// Lookup tables (A2B0, mAB / mft1 / mft2) and no matrix/TRC.
    case lutBased
    /// Anything else (device links, named colors, profiles without a usable forward direction).
    case other
  }

  /// The profile description (`desc`), if present.
  public var description: String?
  /// The copyright (`cprt`), if present.
  public var copyright: String?
  /// The header version, for example "4.3" or "2.1".
  public var version: String
  /// The device class in words, for example "display".
  public var deviceClass: String
  /// The device class signature, for example "mntr".
  public var deviceClassSignature: String
  /// The data color space signature without padding, for example "RGB" or "GRAY".
  public var colorSpace: String
  /// The profile connection space, "XYZ" or "Lab".
  public var pcs: String
  /// The header's rendering intent (0 perceptual, 1 relative colorimetric, 2 saturation, 3 absolute colorimetric).
  public var renderingIntent: Int
  /// The header's rendering intent in words.
  public var renderingIntentName: String
  /// The media white point (`wtpt`), if present.
  public var mediaWhitePoint: XYZ?
  /// The chromatic adaptation matrix to D50, row by row: the `chad` tag, or for a version 2 profile without one the
  /// Bradford adaptation from its media white (what lcms2 assumes); nil means none (identity).
  public var chromaticAdaptation: [Double]?
  /// The profile's own white as xy: D50 with the chromatic adaptation undone.
  public var whiteChromaticity: Chromaticity?
  /// The colorants, for a matrix/TRC RGB profile.
  public var colorants: Colorants?
  /// The tone curves: red, green, blue for RGB, one for gray; empty when the profile has none.
  public var curves: [ToneCurve]
  /// How the profile maps device values to the PCS.
  public var model: Model
  /// The signatures of the lookup-table tags present (A2B0, A2B1, A2B2, B2A0, B2A1, B2A2).
  public var lutTags: [String]

  /// Whether the profile is matrix/TRC (RGB) or gray TRC, which a fast path can apply without lookup tables.
  public var isMatrixTRC: Bool { model == .matrixTRC || model == .grayTRC }
}
