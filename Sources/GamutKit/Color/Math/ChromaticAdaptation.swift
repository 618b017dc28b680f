/// Linear (von Kries type) chromatic adaptation between white points, and the ICC profile connection white.
enum ChromaticAdaptation {
  /// The ICC profile connection space illuminant (D50) as ICC.1 specifies it: X 0.9642, Y 1.0, Z 0.8249.
  static let pcsWhite = SIMD3<Double>(0.9642, 1.0, 0.8249)

  /// The Bradford cone-response matrix (XYZ to sharpened LMS), as used by ICC.1 Annex E.
  static let bradfordCone = Matrix3(
    rows: SIMD3(0.8951, 0.2664, -0.1614),
    SIMD3(-0.7502, 1.7135, 0.0367),
    SIMD3(0.0389, -0.0685, 1.0296))

  /// The Bradford adaptation matrix that maps XYZ seen under `source` white to XYZ under `destination` white.
  ///
  /// Both whites are XYZ with any luminance; they are normalised to Y = 1.
  static func bradford(from source: SIMD3<Double>, to destination: SIMD3<Double>) -> Matrix3 {
    let cone = bradfordCone
    // The Bradford matrix is well-conditioned, so the inverse always exists.
    let coneInverse = cone.inverse!
    let sourceLMS = cone * (source / source.y)
    let destinationLMS = cone * (destination / destination.y)
    return coneInverse * Matrix3.diagonal(destinationLMS / sourceLMS) * cone
  }
}
