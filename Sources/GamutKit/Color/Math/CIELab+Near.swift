extension CIELab {
  /// CIELAB of `xyz` against the ICC PCS white as ``init(xyz:white:)`` computes it, but with a cube root of its own
  /// (an estimate from the exponent bits, then three Halley steps, the three channels in SIMD lanes) instead of the
  /// C library's: each component lies within 10^-9 of `init(xyz:)`'s (the cube roots agree to 10^-13 relative, L*,
  /// a* and b* scale them by at most 1000), at a fraction of the cost. For bounds that skip work, never for
  /// reported values.
  static func near(xyz: SIMD3<Double>) -> CIELab {
    let white = ChromaticAdaptation.pcsWhite
    let t = xyz / white
    let epsilon = SIMD3<Double>(repeating: 216.0 / 24389.0)
    let linear = (t * (24389.0 / 27.0) + 16) / 116
    guard all(t .<= 8) else { return CIELab(xyz: xyz) }
    var f = cubeRoot(t.replacing(with: 1, where: t .<= epsilon))
    f.replace(with: linear, where: t .<= epsilon)
    return CIELab(l: 116 * f.y - 16, a: 500 * (f.x - f.y), b: 200 * (f.y - f.z))
  }

  /// The cube roots of `t` (each positive and finite): an estimate from the bit pattern (a third of the exponent,
  /// within 4 %), then three Halley steps, each of which cubes the relative error (4·10^-2, 10^-5, 10^-16).
  @inline(__always)
  private static func cubeRoot(_ t: SIMD3<Double>) -> SIMD3<Double> {
    func estimate(_ value: Double) -> Double {
      Double(bitPattern: value.bitPattern / 3 &+ 0x2A9F_7893_0000_0000)
    }
    var y = SIMD3(estimate(t.x), estimate(t.y), estimate(t.z))
    for _ in 0..<3 {
      let cube = y * y * y
      y = y * (cube + 2 * t) / (2 * cube + t)
    }
    return y
  }
}
