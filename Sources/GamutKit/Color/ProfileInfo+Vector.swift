extension ProfileInfo.XYZ {
  /// The value as a vector for ``Matrix3`` arithmetic.
  init(_ vector: SIMD3<Double>) {
    self.init(vector.x, vector.y, vector.z)
  }

  /// The value as a vector for ``Matrix3`` arithmetic.
  var vector: SIMD3<Double> { SIMD3(x, y, z) }

  /// The D50 white of the ICC profile connection space.
  static let pcsWhite = ProfileInfo.XYZ(ChromaticAdaptation.pcsWhite)
}

extension Matrix3 {
  /// A matrix from nine values in row order (as the `chad` tag stores them), or nil unless there are nine finite
  /// values.
  init?(flat values: [Double]) {
    guard values.count == 9, values.allSatisfy(\.isFinite) else { return nil }
    self.init(
      rows: SIMD3(values[0], values[1], values[2]), SIMD3(values[3], values[4], values[5]),
      SIMD3(values[6], values[7], values[8]))
  }

  /// The nine values in row order.
  var flat: [Double] { [row0.x, row0.y, row0.z, row1.x, row1.y, row1.z, row2.x, row2.y, row2.z] }

  static func * (matrix: Matrix3, value: ProfileInfo.XYZ) -> ProfileInfo.XYZ {
    ProfileInfo.XYZ(matrix * value.vector)
  }
}
