import Foundation

/// A CIE 1976 L*a*b* color, relative to a reference white (the ICC D50 PCS white unless stated).
struct CIELab: Sendable, Equatable, Codable {
  /// Lightness, 0...100.
  var l: Double
  /// Red-green opponent axis.
  var a: Double
  /// Yellow-blue opponent axis.
  var b: Double

  /// Creates a color from L*, a*, b*.
  init(l: Double, a: Double, b: Double) {
    self.l = l
    self.a = a
    self.b = b
  }

  /// Converts XYZ to L*a*b* against `white` (default: the ICC PCS D50 white), with the CIE 15 formulas
  /// (`f(t) = t^(1/3)` above `(6/29)^3`, linear below).
  init(xyz: SIMD3<Double>, white: SIMD3<Double> = ChromaticAdaptation.pcsWhite) {
    let fx = Self.f(xyz.x / white.x)
    let fy = Self.f(xyz.y / white.y)
    let fz = Self.f(xyz.z / white.z)
    self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }

  /// The XYZ of this color against `white` (default: the ICC PCS D50 white).
  func xyz(white: SIMD3<Double> = ChromaticAdaptation.pcsWhite) -> SIMD3<Double> {
    let fy = (l + 16) / 116
    let fx = fy + a / 500
    let fz = fy - b / 200
    return SIMD3(Self.fInverse(fx), Self.fInverse(fy), Self.fInverse(fz)) * white
  }

  /// Chroma C*ab.
  var chroma: Double { (a * a + b * b).squareRoot() }

  /// The CIE Lab companding function.
  private static func f(_ t: Double) -> Double {
    let epsilon = 216.0 / 24389.0
    let kappa = 24389.0 / 27.0
    return t > epsilon ? cbrt(t) : (kappa * t + 16) / 116
  }

  /// The inverse of `f`.
  private static func fInverse(_ f: Double) -> Double {
    let cube = f * f * f
    return cube > 216.0 / 24389.0 ? cube : (116 * f - 16) * 27.0 / 24389.0
  }
}
