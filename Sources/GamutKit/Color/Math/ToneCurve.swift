/// A tone reproduction curve: maps an encoded channel value (0...1) to linear light (0...1).
///
/// Either an ICC parametric curve or a sampled table (ICC `curv` with two or more entries, values scaled to
/// 0...1), evaluated with linear interpolation between equally spaced samples.
enum ToneCurve: Sendable, Hashable, Codable {
  /// An ICC parametric curve.
  case parametric(ParametricCurve)
  /// Samples at inputs `i / (count - 1)`; fewer than two samples act as the identity.
  case table([Double])

  /// The linear value for encoded `x` (clamped to 0...1).
  func evaluate(_ x: Double) -> Double {
    switch self {
    case .parametric(let curve):
      return curve.evaluate(x)
    case .table(let samples):
      let x = min(max(x, 0), 1)
      guard samples.count >= 2 else { return x }
      let position = x * Double(samples.count - 1)
      let index = min(Int(position), samples.count - 2)
      let fraction = position - Double(index)
      return samples[index] + (samples[index + 1] - samples[index]) * fraction
    }
  }

  /// The encoded value (0...1) whose linear value is `y`.
  ///
  /// Parametric curves invert analytically. Tables are inverted numerically: for a table that rises overall the
  /// first segment that reaches `y` is found by binary search and interpolated linearly, which is exact for the
  /// piecewise-linear curve `evaluate` describes when the table is monotonic; falling tables are searched the same
  /// way from the other end.
  func inverse(_ y: Double) -> Double {
    switch self {
    case .parametric(let curve):
      return curve.inverse(y)
    case .table(let samples):
      guard samples.count >= 2 else { return min(max(y, 0), 1) }
      let rising = samples[samples.count - 1] >= samples[0]
      // Work on a rising view: a falling table is read back to front.
      let n = samples.count
      let value = { (i: Int) -> Double in rising ? samples[i] : samples[n - 1 - i] }
      if y <= value(0) { return rising ? 0 : 1 }
      if y >= value(n - 1) { return rising ? 1 : 0 }
      // Smallest index whose value reaches y.
      var low = 1
      var high = n - 1
      while low < high {
        let mid = (low + high) / 2
        if value(mid) >= y { high = mid } else { low = mid + 1 }
      }
      let before = value(low - 1)
      let after = value(low)
      let fraction = after > before ? (y - before) / (after - before) : 0
      let position = (Double(low - 1) + fraction) / Double(n - 1)
      return rising ? position : 1 - position
    }
  }

  /// The identity (linear) curve.
  static let linear = ToneCurve.parametric(ParametricCurve(gamma: 1))

  /// IEC 61966-2.1 sRGB decoding (type 3: g 2.4, a 1/1.055, b 0.055/1.055, c 1/12.92, d 0.04045); also Display P3.
  static let sRGB = ToneCurve.parametric(
    ParametricCurve(type: 3, g: 2.4, a: 1 / 1.055, b: 0.055 / 1.055, c: 1 / 12.92, d: 0.04045))

  /// The inverse of the ITU-R BT.709 (and BT.2020) OETF used as a decoding curve
  /// (type 4: g 1/0.45, a 1/1.099, b 0.099/1.099, c 1/4.5, d 0.081, e = f = 0).
  static let bt709 = ToneCurve.parametric(
    ParametricCurve(type: 4, g: 1 / 0.45, a: 1 / 1.099, b: 0.099 / 1.099, c: 1 / 4.5, d: 0.081))

  /// A pure gamma 2.2 curve.
  static let gamma22 = ToneCurve.parametric(ParametricCurve(gamma: 2.2))

  /// A pure gamma 1.8 curve (classic Mac OS, and most ProPhoto ICC profiles in the wild).
  static let gamma18 = ToneCurve.parametric(ParametricCurve(gamma: 1.8))

  /// A pure gamma 2.6 curve (DCI-P3, SMPTE RP 431-2).
  static let gamma26 = ToneCurve.parametric(ParametricCurve(gamma: 2.6))

  /// Adobe RGB (1998): gamma 563/256 (2.19921875), as the specification defines it.
  static let adobeRGB = ToneCurve.parametric(ParametricCurve(gamma: 563.0 / 256.0))

  /// ROMM RGB (ProPhoto, ISO 22028-2) decoding: `E^1.8` above `E = 16 * 1/512 = 1/32`, `E / 16` below
  /// (type 3: g 1.8, a 1, b 0, c 1/16, d 1/32). The two segments meet at linear 1/512.
  static let proPhoto = ToneCurve.parametric(ParametricCurve(type: 3, g: 1.8, a: 1, b: 0, c: 1 / 16, d: 1 / 32))
}
