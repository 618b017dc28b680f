import Foundation

/// A color in Björn Ottosson's OKLab space (2020), computed from CIE XYZ relative to D65.
struct OKLab: Sendable, Equatable, Codable {
  /// Perceived lightness, 0...1.
  var l: Double
  /// Green-red axis.
  var a: Double
  /// Blue-yellow axis.
  var b: Double

  /// Creates a color from its coordinates.
  init(l: Double, a: Double, b: Double) {
    self.l = l
    self.a = a
    self.b = b
  }

  /// Creates a color from OKLCh: lightness, chroma and hue in degrees.
  init(l: Double, chroma: Double, hueDegrees: Double) {
    let radians = hueDegrees * .pi / 180
    self.init(l: l, a: chroma * cos(radians), b: chroma * sin(radians))
  }

  /// XYZ (D65, Y = 1 for white) to cone responses: Ottosson's M1.
  static let xyzToLMS = Matrix3(
    rows: SIMD3(0.8189330101, 0.3618667424, -0.1288597137),
    SIMD3(0.0329845436, 0.9293118715, 0.0361456387),
    SIMD3(0.0482003018, 0.2643662691, 0.6338517070))

  /// Cube-rooted cone responses to OKLab: Ottosson's M2.
  static let lmsToLab = Matrix3(
    rows: SIMD3(0.2104542553, 0.7936177850, -0.0040720468),
    SIMD3(1.9779984951, -2.4285922050, 0.4505937099),
    SIMD3(0.0259040371, 0.7827717662, -0.8086757660))

  /// Converts cone responses (`xyzToLMS` applied to XYZ D65) to OKLab.
  init(lms: SIMD3<Double>) {
    let lab = Self.lmsToLab * SIMD3(cbrt(lms.x), cbrt(lms.y), cbrt(lms.z))
    self.init(l: lab.x, a: lab.y, b: lab.z)
  }

  /// Converts XYZ relative to D65 to OKLab.
  init(xyzD65: SIMD3<Double>) {
    self.init(lms: Self.xyzToLMS * xyzD65)
  }

  /// The cone responses of this color (the inverse of `init(lms:)`).
  var lms: SIMD3<Double> {
    // Both Ottosson matrices are invertible constants.
    let root = Self.lmsToLab.inverse! * SIMD3(l, a, b)
    return root * root * root
  }

  /// XYZ relative to D65.
  var xyzD65: SIMD3<Double> {
    Self.xyzToLMS.inverse! * lms
  }

  /// OKLCh chroma.
  var chroma: Double { (a * a + b * b).squareRoot() }

  /// OKLCh hue in degrees, 0..<360.
  var hueDegrees: Double {
    let h = atan2(b, a) * 180 / .pi
    return h < 0 ? h + 360 : h
  }
}
