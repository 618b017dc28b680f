/// The color model a matrix transform converts from or to: an RGB matrix/TRC space or a gray space with one curve.
enum ColorSpaceModel: Sendable, Equatable, Codable {
  /// Three channels through `RGBColorSpace`.
  case rgb(RGBColorSpace)
  /// One channel: the curve gives luminance relative to the PCS white (an ICC `grayTRC` profile).
  case gray(ToneCurve)

  /// Color channels per pixel: 3 or 1.
  var channelCount: Int {
    switch self {
    case .rgb: 3
    case .gray: 1
    }
  }

  /// One decoding curve per linear channel; a gray space repeats its curve three times.
  var curves: [ToneCurve] {
    switch self {
    case .rgb(let space): space.curves
    case .gray(let curve): [curve, curve, curve]
    }
  }

  /// Maps the three linear channels (gray repeated) to PCS XYZ: gray `Y` becomes the PCS white scaled by `Y`.
  var toXYZD50: Matrix3 {
    switch self {
    case .rgb(let space): space.toXYZD50
    case .gray: Matrix3.diagonal(ChromaticAdaptation.pcsWhite)
    }
  }

  /// Maps PCS XYZ to the three linear channels; for gray all three are the luminance Y.
  /// Returns `nil` when the RGB matrix is singular.
  var fromXYZD50: Matrix3? {
    switch self {
    case .rgb(let space): space.toXYZD50.inverse
    case .gray: Matrix3(rows: SIMD3(0, 1, 0), SIMD3(0, 1, 0), SIMD3(0, 1, 0))
    }
  }
}
