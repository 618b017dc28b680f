/// The chromaticities of an RGB space's three primaries and its white point.
struct RGBPrimaries: Sendable, Equatable, Codable {
  /// The red primary.
  var red: Chromaticity
  /// The green primary.
  var green: Chromaticity
  /// The blue primary.
  var blue: Chromaticity
  /// The white point (RGB 1, 1, 1).
  var white: Chromaticity

  /// Creates a set of primaries and white.
  init(red: Chromaticity, green: Chromaticity, blue: Chromaticity, white: Chromaticity) {
    self.red = red
    self.green = green
    self.blue = blue
    self.white = white
  }

  /// The linear RGB to XYZ matrix under the space's own white, normalised so that white has Y = 1.
  ///
  /// Each column is a primary's XYZ (at Y = 1) scaled so that the three columns sum to the white's XYZ.
  /// Returns `nil` for collinear primaries.
  var toXYZ: Matrix3? {
    let primaries = Matrix3(columns: red.xyz, green.xyz, blue.xyz)
    guard let inverse = primaries.inverse else { return nil }
    let scale = inverse * white.xyz
    return primaries * Matrix3.diagonal(scale)
  }

  /// The linear RGB to XYZ matrix in the ICC profile connection space: `toXYZ` followed by Bradford adaptation from
  /// the space's white to the ICC D50 illuminant, as ICC v4 profiles store their colorants.
  var toXYZD50: Matrix3? {
    guard let toXYZ else { return nil }
    return ChromaticAdaptation.bradford(from: white.xyz, to: ChromaticAdaptation.pcsWhite) * toXYZ
  }

  /// ITU-R BT.709 / sRGB primaries, D65.
  static let rec709 = RGBPrimaries(
    red: Chromaticity(x: 0.64, y: 0.33), green: Chromaticity(x: 0.30, y: 0.60),
    blue: Chromaticity(x: 0.15, y: 0.06), white: .d65)
  /// P3 primaries (SMPTE EG 432-1) with D65 white, as Display P3 uses them.
  static let displayP3 = RGBPrimaries(
    red: Chromaticity(x: 0.680, y: 0.320), green: Chromaticity(x: 0.265, y: 0.690),
    blue: Chromaticity(x: 0.150, y: 0.060), white: .d65)
  /// P3 primaries with the DCI projector white (SMPTE RP 431-2).
  static let dciP3 = RGBPrimaries(
    red: displayP3.red, green: displayP3.green, blue: displayP3.blue, white: .dci)
  /// Adobe RGB (1998) primaries, D65.
  static let adobeRGB = RGBPrimaries(
    red: Chromaticity(x: 0.64, y: 0.33), green: Chromaticity(x: 0.21, y: 0.71),
    blue: Chromaticity(x: 0.15, y: 0.06), white: .d65)
  /// ITU-R BT.2020 primaries, D65.
  static let rec2020 = RGBPrimaries(
    red: Chromaticity(x: 0.708, y: 0.292), green: Chromaticity(x: 0.170, y: 0.797),
    blue: Chromaticity(x: 0.131, y: 0.046), white: .d65)
  /// ROMM RGB (ProPhoto, ISO 22028-2) primaries, D50.
  static let proPhoto = RGBPrimaries(
    red: Chromaticity(x: 0.7347, y: 0.2653), green: Chromaticity(x: 0.1596, y: 0.8404),
    blue: Chromaticity(x: 0.0366, y: 0.0001), white: .d50)
}
