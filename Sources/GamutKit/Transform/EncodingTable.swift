/// Exact quantisation of linear values to code values through a destination's inverse tone curves.
///
/// For each channel, code `k` is chosen exactly when `threshold[k] <= v < threshold[k + 1]`, with
/// `threshold[k] = curve((k - 0.5) / maxCode)`: that is `round(curve⁻¹(v) * maxCode)`, correctly rounded, without
/// evaluating the inverse curve per pixel. A uniform grid of cells over 0...1 stores the lowest and highest code
/// each cell can hold, so a lookup is one cell read and a binary search over those few thresholds (usually 1-2).
struct EncodingTable: Sendable {
  /// The largest code value (255 or 65535).
  let maxCode: Int
  /// Grid cells per channel over 0...1.
  let cells: Int
  /// Per channel `maxCode + 2` thresholds: index 0 is -infinity, `maxCode + 1` is +infinity.
  let thresholds: [Float]
  /// Per channel and cell: the lowest and highest code a value in the cell can encode to.
  let cellLow: [UInt16]
  let cellHigh: [UInt16]

  /// Builds the table for one decoding curve per channel and an output depth of 8 or 16 bits.
  init(curves: [ToneCurve], bitDepth: Int) {
    let maxCode = bitDepth == 16 ? 65535 : 255
    let cells = bitDepth == 16 ? 65536 : 4096
    self.maxCode = maxCode
    self.cells = cells
    var thresholds: [Float] = []
    var cellLow: [UInt16] = []
    var cellHigh: [UInt16] = []
    thresholds.reserveCapacity(curves.count * (maxCode + 2))
    for (index, curve) in curves.enumerated() {
      // Channels with the same curve (the usual case) share one computation.
      if let same = curves[..<index].firstIndex(of: curve) {
        thresholds += thresholds[same * (maxCode + 2)..<(same + 1) * (maxCode + 2)]
        cellLow += cellLow[same * cells..<(same + 1) * cells]
        cellHigh += cellHigh[same * cells..<(same + 1) * cells]
        continue
      }
      let start = thresholds.count
      thresholds.append(-.infinity)
      for code in 1...maxCode {
        thresholds.append(Float(curve.evaluate((Double(code) - 0.5) / Double(maxCode))))
      }
      thresholds.append(.infinity)
      // Walk the cell edges and the thresholds together; widen each cell's range by one code on both sides so
      // that Float rounding of the cell index can never put a value outside its cell's range.
      var code = 0
      for cell in 0...cells {
        let edge = Float(Double(cell) / Double(cells))
        while code < maxCode && thresholds[start + code + 1] <= edge { code += 1 }
        if cell < cells { cellLow.append(UInt16(max(code - 1, 0))) }
        if cell > 0 { cellHigh.append(UInt16(min(code + 1, maxCode))) }
      }
    }
    self.thresholds = thresholds
    self.cellLow = cellLow
    self.cellHigh = cellHigh
  }

  /// What decides a table.
  private struct Key: Hashable, Sendable {
    var curves: [ToneCurve]
    var bitDepth: Int
  }

  /// The tables built so far in the process. Every transform into one destination needs the same table (gamut's
  /// targets: sRGB at 8 bits, Display P3 at 16, both with the sRGB curve), and a 16-bit one costs 196,608 curve
  /// evaluations and 1.5 MiB; a few are kept.
  private static let built = BoundedCache<Key, EncodingTable>(capacity: 4)

  /// The table for `curves` and `bitDepth`, built once per process while it is kept, then shared.
  static func shared(curves: [ToneCurve], bitDepth: Int) -> EncodingTable {
    built.value(for: Key(curves: curves, bitDepth: bitDepth)) { EncodingTable(curves: curves, bitDepth: bitDepth) }
  }

  /// The code of linear `value` (already within 0...1) on `channel`, using pointers into this table's arrays.
  @inline(__always)
  static func code(
    _ value: Float, channel: Int, maxCode: Int, cells: Int, thresholds: UnsafePointer<Float>,
    cellLow: UnsafePointer<UInt16>, cellHigh: UnsafePointer<UInt16>
  ) -> Int {
    let cell = min(Int(value * Float(cells)), cells - 1) + channel * cells
    var low = Int(cellLow[cell])
    var high = Int(cellHigh[cell])
    let base = thresholds + channel * (maxCode + 2)
    while low < high {
      let middle = (low + high + 1) >> 1
      if base[middle] <= value { low = middle } else { high = middle - 1 }
    }
    return low
  }
}
