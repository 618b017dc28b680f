/// A 3x3 matrix of `Double`, stored by rows, for color-space conversions (RGB to XYZ, chromatic adaptation).
struct Matrix3: Sendable, Equatable, Codable {
  /// The first row.
  var row0: SIMD3<Double>
  /// The second row.
  var row1: SIMD3<Double>
  /// The third row.
  var row2: SIMD3<Double>

  /// Creates a matrix from its three rows.
  init(rows row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
    self.row0 = row0
    self.row1 = row1
    self.row2 = row2
  }

  /// Creates a matrix from its three columns.
  init(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) {
    self.init(rows: SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
  }

  /// The identity matrix.
  static let identity = Matrix3.diagonal(SIMD3(1, 1, 1))

  /// A diagonal matrix with `values` on the diagonal.
  static func diagonal(_ values: SIMD3<Double>) -> Matrix3 {
    Matrix3(rows: SIMD3(values.x, 0, 0), SIMD3(0, values.y, 0), SIMD3(0, 0, values.z))
  }

  /// The element at `row`, `column` (both 0...2).
  subscript(row: Int, column: Int) -> Double {
    switch row {
    case 0: row0[column]
    case 1: row1[column]
    default: row2[column]
    }
  }

  /// The column at `index` (0...2).
  func column(_ index: Int) -> SIMD3<Double> {
    SIMD3(row0[index], row1[index], row2[index])
  }

  /// The transposed matrix.
  var transposed: Matrix3 {
    Matrix3(columns: row0, row1, row2)
  }

  /// The determinant.
  var determinant: Double {
    (row0 * cross(row1, row2)).sum()
  }

  /// The inverse, or `nil` when the matrix is singular (determinant zero or not finite).
  var inverse: Matrix3? {
    let det = determinant
    guard det != 0, det.isFinite else { return nil }
    // The rows of the inverse are the columns of the adjugate: cross products of pairs of rows.
    let adjugateColumns = Matrix3(columns: cross(row1, row2), cross(row2, row0), cross(row0, row1))
    return adjugateColumns.scaled(by: 1 / det)
  }

  /// Every element multiplied by `factor`.
  func scaled(by factor: Double) -> Matrix3 {
    Matrix3(rows: row0 * factor, row1 * factor, row2 * factor)
  }

  /// The matrix product `lhs * rhs` (apply `rhs` first, then `lhs`).
  static func * (lhs: Matrix3, rhs: Matrix3) -> Matrix3 {
    let t = rhs.transposed
    return Matrix3(
      rows: SIMD3((lhs.row0 * t.row0).sum(), (lhs.row0 * t.row1).sum(), (lhs.row0 * t.row2).sum()),
      SIMD3((lhs.row1 * t.row0).sum(), (lhs.row1 * t.row1).sum(), (lhs.row1 * t.row2).sum()),
      SIMD3((lhs.row2 * t.row0).sum(), (lhs.row2 * t.row1).sum(), (lhs.row2 * t.row2).sum()))
  }

  /// The matrix applied to a column vector.
  static func * (lhs: Matrix3, rhs: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3((lhs.row0 * rhs).sum(), (lhs.row1 * rhs).sum(), (lhs.row2 * rhs).sum())
  }
}

/// The cross product of two 3-vectors.
private func cross(_ u: SIMD3<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
  SIMD3(u.y * v.z - u.z * v.y, u.z * v.x - u.x * v.z, u.x * v.y - u.y * v.x)
}
