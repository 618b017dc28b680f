/// A CIE 1931 xy chromaticity, such as a primary or a white point.
struct Chromaticity: Sendable, Equatable, Codable {
  /// CIE x.
  var x: Double
  /// CIE y.
  var y: Double

  /// Creates a chromaticity from CIE x and y.
  init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The XYZ tristimulus values of this chromaticity scaled to luminance Y = 1.
  var xyz: SIMD3<Double> {
    SIMD3(x / y, 1, (1 - x - y) / y)
  }

  /// CIE standard illuminant D65 (sRGB, Display P3, Adobe RGB, Rec. 2020), as the specifications round it.
  static let d65 = Chromaticity(x: 0.3127, y: 0.3290)
  /// CIE standard illuminant D50 (ProPhoto RGB), as ROMM RGB rounds it.
  static let d50 = Chromaticity(x: 0.3457, y: 0.3585)
  /// The DCI-P3 projector white (SMPTE RP 431-2).
  static let dci = Chromaticity(x: 0.314, y: 0.351)
}
