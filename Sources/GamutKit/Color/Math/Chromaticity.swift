/// A CIE 1931 xy chromaticity, such as a primary or a white point.
public struct Chromaticity: Sendable, Equatable, Codable {
  /// CIE x.
  public var x: Double
  /// CIE y.
  public var y: Double

  /// Creates a chromaticity from CIE x and y.
  public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// The XYZ tristimulus values of this chromaticity scaled to luminance Y = 1.
  public var xyz: SIMD3<Double> {
    SIMD3(x / y, 1, (1 - x - y) / y)
  }

  /// CIE standard illuminant D65 (sRGB, Display P3, Adobe RGB, Rec. 2020), as the specifications round it.
  public static let d65 = Chromaticity(x: 0.3127, y: 0.3290)
  /// CIE standard illuminant D50 (ProPhoto RGB), as ROMM RGB rounds it.
  public static let d50 = Chromaticity(x: 0.3457, y: 0.3585)
  /// The DCI-P3 projector white (SMPTE RP 431-2).
  public static let dci = Chromaticity(x: 0.314, y: 0.351)
}
