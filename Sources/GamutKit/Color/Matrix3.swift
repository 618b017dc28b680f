/// A 3x3 matrix of doubles, row by row, with the little linear algebra that chromatic adaptation needs.
struct Matrix3: Equatable {
  var rows: [[Double]]

  static let identity = Matrix3(rows: [[1, 0, 0], [0, 1, 0], [0, 0, 1]])

  /// The Bradford cone response matrix, as used by the ICC for chromatic adaptation (ICC.1 Annex E).
  static let bradford = Matrix3(rows: [
    [0.8951, 0.2664, -0.1614],
    [-0.7502, 1.7135, 0.0367],
    [0.0389, -0.0685, 1.0296],
  ])

  /// The D50 white of the ICC profile connection space.
  static let d50 = ProfileInfo.XYZ(0.9642, 1.0, 0.8249)

  /// A matrix from nine values, row by row.
  init(rows: [[Double]]) {
    self.rows = rows
  }

  /// A matrix from nine values in row order, or nil when there are not nine finite values.
  init?(flat values: [Double]) {
    guard values.count == 9, values.allSatisfy(\.isFinite) else { return nil }
    rows = [Array(values[0..<3]), Array(values[3..<6]), Array(values[6..<9])]
  }

  /// A matrix whose columns are the given values.
  init(columns a: ProfileInfo.XYZ, _ b: ProfileInfo.XYZ, _ c: ProfileInfo.XYZ) {
    rows = [[a.x, b.x, c.x], [a.y, b.y, c.y], [a.z, b.z, c.z]]
  }

  /// The Bradford adaptation from white `source` to white `destination`.
  static func bradfordAdaptation(from source: ProfileInfo.XYZ, to destination: ProfileInfo.XYZ) -> Matrix3? {
    guard let inverse = bradford.inverse else { return nil }
    let s = bradford * source
    let d = bradford * destination
    guard s.x != 0, s.y != 0, s.z != 0 else { return nil }
    let scale = Matrix3(rows: [[d.x / s.x, 0, 0], [0, d.y / s.y, 0], [0, 0, d.z / s.z]])
    return inverse * scale * bradford
  }

  var flat: [Double] { rows.flatMap { $0 } }

  /// The column `index` as XYZ.
  func column(_ index: Int) -> ProfileInfo.XYZ {
    ProfileInfo.XYZ(rows[0][index], rows[1][index], rows[2][index])
  }

  var determinant: Double {
    let m = rows
    return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
      + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
  }

  /// The inverse, or nil for a (nearly) singular matrix.
  var inverse: Matrix3? {
    let det = determinant
    guard det.isFinite, abs(det) > 1e-12 else { return nil }
    let m = rows
    func cofactor(_ r: Int, _ c: Int) -> Double {
      let rs = [0, 1, 2].filter { $0 != r }
      let cs = [0, 1, 2].filter { $0 != c }
      let minor = m[rs[0]][cs[0]] * m[rs[1]][cs[1]] - m[rs[0]][cs[1]] * m[rs[1]][cs[0]]
      return (r + c) % 2 == 0 ? minor : -minor
    }
    return Matrix3(rows: (0..<3).map { r in (0..<3).map { c in cofactor(c, r) / det } })
  }

  static func * (a: Matrix3, b: Matrix3) -> Matrix3 {
    Matrix3(rows: (0..<3).map { r in (0..<3).map { c in (0..<3).reduce(0) { $0 + a.rows[r][$1] * b.rows[$1][c] } } })
  }

  static func * (m: Matrix3, v: ProfileInfo.XYZ) -> ProfileInfo.XYZ {
    let r = m.rows
    return ProfileInfo.XYZ(
      r[0][0] * v.x + r[0][1] * v.y + r[0][2] * v.z,
      r[1][0] * v.x + r[1][1] * v.y + r[1][2] * v.z,
      r[2][0] * v.x + r[2][1] * v.y + r[2][2] * v.z)
  }
}
