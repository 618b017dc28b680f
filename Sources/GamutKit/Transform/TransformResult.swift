/// The output of `MatrixTransform.applyMeasuring(to:)`: the converted image with what the analysis needs to know
/// about the source.
struct TransformResult: Sendable {
  /// The converted image.
  var image: PixelBuffer
  /// The source image.
  var source: PixelBuffer
  /// The transform that produced `image`.
  var transform: MatrixTransform
  /// Per pixel, row-major: whether the destination linear value before clipping was outside the gamut by more than
  /// the transform's `gamutTolerance` (see `MatrixTransform.isOutOfGamut`).
  var outOfGamut: [Bool]
  /// Whether no pixel of any image could have come out of gamut under this transform (it copies codes, or the
  /// source gamut lies inside the destination's: ``TransformKernel/staysInGamut``), so that `outOfGamut` is all
  /// false for every strip and the analysis need not look for plateaus or pairs.
  var staysInGamut: Bool

  /// The destination linear value of pixel (`x`, `y`) before clipping, computed in `Double`.
  func unclippedLinear(x: Int, y: Int) -> SIMD3<Double> {
    let samples = source.pixel16(x: x, y: y).map { Double($0) / 65535 }
    let encoded = source.layout.isGray ? SIMD3(repeating: samples[0]) : SIMD3(samples[0], samples[1], samples[2])
    return transform.unclippedLinear(encoded: encoded)
  }
}
