import Foundation

/// A tone curve (encoded value to linear light) that gamut can name and build.
enum TransferCurve: Sendable, Codable, Equatable, Hashable, CustomStringConvertible {
  /// The sRGB curve of IEC 61966-2-1 (linear toe, then a 2.4 power), also used by Display P3.
  case sRGB
  /// The inverse of the ITU-R BT.709 (and BT.2020) camera curve: linear toe, then a 1/0.45 power.
  case bt709
  /// A pure power law; `gamma(1)` is linear.
  case gamma(Double)

  var description: String {
    switch self {
    case .sRGB: "sRGB"
    case .bt709: "BT.709"
    case .gamma(let g) where abs(g - 1) < 0.005: "linear"
    case .gamma(let g): "gamma \(Self.format(g))"
    }
  }

  /// The ICC parametric curve type and parameters (ICC.1 10.18, `cmsBuildParametricToneCurve`).
  var parametric: (type: Int32, parameters: [Double]) {
    switch self {
    case .sRGB: (4, [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045])
    case .bt709: (4, [1 / 0.45, 1 / 1.099, 0.099 / 1.099, 1 / 4.5, 0.081])
    case .gamma(let g): (1, [g])
    }
  }

  /// Encoded value to linear light: the curve itself.
  func decode(_ encoded: Double) -> Double {
    let v = max(encoded, 0)
    switch self {
    case .sRGB: return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    case .bt709: return v < 0.081 ? v / 4.5 : pow((v + 0.099) / 1.099, 1 / 0.45)
    case .gamma(let g): return pow(v, g)
    }
  }

  /// Linear light to encoded value: the inverse curve.
  func encode(_ linear: Double) -> Double {
    let v = max(linear, 0)
    switch self {
    case .sRGB: return v <= 0.0031308 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
    case .bt709: return v < 0.018 ? 4.5 * v : 1.099 * pow(v, 0.45) - 0.099
    case .gamma(let g): return pow(v, 1 / g)
    }
  }

  /// The encoded values at which curves are sampled for comparison: 0.06...1. Below 0.06 live the short linear
  /// toes that some gamma profiles add (ROMM's below 0.031, Adobe-compatible ones below 0.056), where quantised
  /// tables disagree most; the mid-tones tell the curves apart well enough.
  static let sampleInputs: [Double] = (0...94).map { 0.06 + 0.94 * Double($0) / 94 }

  /// The largest difference in encoded value, over ``sampleInputs``, between `samples` (linear light at each input)
  /// and this curve: `max |encode(sample) - input|`.
  func encodedError(_ samples: [Double]) -> Double {
    zip(Self.sampleInputs, samples).reduce(0) { worst, pair in
      let error = abs(encode(pair.1) - pair.0)
      return error.isFinite ? max(worst, error) : .infinity
    }
  }

  /// The curve that `samples` follow within `tolerance` (encoded-value units): sRGB, BT.709, or a pure gamma
  /// fitted to the samples; nil when none does.
  static func classify(_ samples: [Double], tolerance: Double) -> TransferCurve? {
    guard samples.count == sampleInputs.count, samples.allSatisfy(\.isFinite) else { return nil }
    if TransferCurve.sRGB.encodedError(samples) <= tolerance { return .sRGB }
    if TransferCurve.bt709.encodedError(samples) <= tolerance { return .bt709 }
    guard let gamma = fittedGamma(samples) else { return nil }
    let rounded = (gamma * 100).rounded() / 100
    for candidate in [(gamma * 10).rounded() / 10, rounded, gamma]
    where TransferCurve.gamma(candidate).encodedError(samples) <= tolerance {
      return .gamma(candidate)
    }
    return nil
  }

  /// The exponent of the power law through the samples, by least squares on log-log from 0.1 up (nil when the
  /// samples are not positive and increasing there).
  static func fittedGamma(_ samples: [Double]) -> Double? {
    let pairs = zip(sampleInputs, samples).filter { $0.0 >= 0.1 && $0.0 < 1 }
    guard pairs.allSatisfy({ $0.1 > 0 && $0.1 < 1 }) else { return nil }
    let numerator = pairs.reduce(0) { $0 + log($1.0) * log($1.1) }
    let denominator = pairs.reduce(0) { $0 + log($1.0) * log($1.0) }
    let gamma = numerator / denominator
    return gamma.isFinite && gamma > 0.1 && gamma < 10 ? gamma : nil
  }

  /// A gamma for text: one decimal when that is exact to 0.005 ("2.2"), otherwise two ("2.35").
  static func format(_ gamma: Double) -> String {
    let tenths = (gamma * 10).rounded() / 10
    return abs(gamma - tenths) < 0.005 ? String(format: "%.1f", tenths) : String(format: "%.2f", gamma)
  }
}
