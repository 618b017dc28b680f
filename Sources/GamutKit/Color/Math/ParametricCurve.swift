import Foundation

/// An ICC parametric curve (`para` tag, ICC.1:2010 section 10.18), function types 0 to 4.
///
/// Every type is kept in the general type-4 form `Y = (aX + b)^g + e` for `X >= d` and `Y = cX + f` for `X < d`,
/// which is how skcms stores them too:
///
/// | type | ICC definition | stored as |
/// |---|---|---|
/// | 0 | `X^g` | `a = 1`, `b = c = d = e = f = 0` |
/// | 1 (CIE 122-1996) | `(aX + b)^g` for `X >= -b/a`, else 0 | `d = -b/a`, `c = e = f = 0` |
/// | 2 (IEC 61966-3) | `(aX + b)^g + c` for `X >= -b/a`, else `c` | `d = -b/a`, `e = f = c`, `c = 0` |
/// | 3 (IEC 61966-2.1, sRGB) | `(aX + b)^g` for `X >= d`, else `cX` | `e = f = 0` |
/// | 4 | `(aX + b)^g + e` for `X >= d`, else `cX + f` | as is |
struct ParametricCurve: Sendable, Hashable, Codable {
  /// The ICC function type (0...4) the curve was declared with.
  var type: Int
  /// Exponent.
  var g: Double
  /// Scale of the power segment's input.
  var a: Double
  /// Offset of the power segment's input.
  var b: Double
  /// Slope of the linear segment.
  var c: Double
  /// Break point: inputs at or above `d` use the power segment.
  var d: Double
  /// Offset added to the power segment's output.
  var e: Double
  /// Offset added to the linear segment's output.
  var f: Double

  /// Creates a curve from all seven parameters of the general form, recording the ICC `type`.
  init(type: Int = 4, g: Double, a: Double, b: Double, c: Double, d: Double, e: Double = 0, f: Double = 0) {
    self.type = type
    self.g = g
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.e = e
    self.f = f
  }

  /// A pure power curve (type 0): `Y = X^gamma`.
  init(gamma: Double) {
    self.init(type: 0, g: gamma, a: 1, b: 0, c: 0, d: 0)
  }

  /// Creates a curve from the function type and the parameters as an ICC `para` tag stores them
  /// (g; g a b; g a b c; g a b c d; g a b c d e f). Returns `nil` for an unknown type or a wrong count.
  init?(iccType: Int, parameters p: [Double]) {
    let counts = [1, 3, 4, 5, 7]
    guard (0...4).contains(iccType), p.count == counts[iccType] else { return nil }
    switch iccType {
    case 0:
      self.init(gamma: p[0])
    case 1, 2:
      guard p[1] != 0 else { return nil }
      let offset = iccType == 2 ? p[3] : 0
      self.init(type: iccType, g: p[0], a: p[1], b: p[2], c: 0, d: -p[2] / p[1], e: offset, f: offset)
    case 3:
      self.init(type: 3, g: p[0], a: p[1], b: p[2], c: p[3], d: p[4])
    default:
      self.init(type: 4, g: p[0], a: p[1], b: p[2], c: p[3], d: p[4], e: p[5], f: p[6])
    }
  }

  /// The curve at `x`; inputs are clamped to the ICC domain 0...1.
  func evaluate(_ x: Double) -> Double {
    let x = min(max(x, 0), 1)
    if x >= d {
      return power(x)
    }
    return c * x + f
  }

  /// The input whose output is `y`, clamped to 0...1: the analytic inverse of each segment.
  ///
  /// Outputs below the curve's value at 0 give 0, outputs above its value at 1 give 1. Where the linear segment is
  /// flat (`c = 0`, types 1 and 2), outputs in the flat part give 0 at or below `f` and `d` above it.
  func inverse(_ y: Double) -> Double {
    let x: Double
    if y >= power(max(d, 0)) {
      let base = y - e
      x = base <= 0 ? 0 : (Foundation.pow(base, 1 / g) - b) / a
    } else if c != 0 {
      x = min((y - f) / c, d)
    } else {
      x = y <= f ? 0 : d
    }
    return min(max(x, 0), 1)
  }

  /// Whether the curve rises strictly over 0...1: the power segment's base is not negative where it starts and
  /// rises with a positive exponent, the linear segment (where there is one) rises, and it ends no higher than the
  /// power segment starts. Comparing two values through such a curve is then the same as comparing their inverses.
  var isRising: Bool {
    guard g > 0, a > 0, a * max(d, 0) + b >= 0 else { return false }
    if d <= 0 { return true }
    guard c > 0 else { return false }
    return d >= 1 || c * d + f <= power(d)
  }

  /// The power segment at `x`; a negative base counts as 0.
  private func power(_ x: Double) -> Double {
    let base = a * x + b
    return (base > 0 ? Foundation.pow(base, g) : 0) + e
  }
}
