/// Exact quantisation of linear values to code values through a destination's inverse tone curves.
///
/// For each channel, code `k` is chosen exactly when `threshold[k] <= v < threshold[k + 1]`, with
/// `threshold[k] = curve((k - 0.5) / maxCode)`: that is `round(curve⁻¹(v) * maxCode)`, correctly rounded, without
/// evaluating the inverse curve per pixel. A grid of cells over `√v` stores the code of each cell's lower edge; a
/// lookup reads its cell's code and steps over the thresholds between the edge and `v`. The grid is uniform in
/// `√v` because gamma-like curves spend their codes about evenly there (sRGB's 65,536 codes take 1 to 1.5 cells
/// each from black to white), so a lookup usually takes no step or one, and Float rounding of the cell index can
/// only cost one more.
struct EncodingTable: Sendable {
  /// The largest code value (255 or 65535).
  let maxCode: Int
  /// Grid cells per channel over `√v` in 0...1.
  let cells: Int
  /// Per channel `maxCode + 2` thresholds: index 0 is -infinity, `maxCode + 1` is +infinity.
  let thresholds: [Float]
  /// Per channel and cell: the code of the cell's lower edge, `(cell / cells)²`.
  let cellCodes: [UInt16]
  /// Per channel and cell: the threshold after the cell's code (`thresholds` at that code + 1), so that the first step
  /// of a lookup needs no load that waits for the code.
  let cellNext: [Float]

  /// Builds the table for one decoding curve per channel and an output depth of 8 or 16 bits.
  init(curves: [ToneCurve], bitDepth: Int) {
    let maxCode = bitDepth == 16 ? 65535 : 255
    let cells = bitDepth == 16 ? 65536 : 4096
    self.maxCode = maxCode
    self.cells = cells
    var thresholds: [Float] = []
    var cellCodes: [UInt16] = []
    thresholds.reserveCapacity(curves.count * (maxCode + 2))
    cellCodes.reserveCapacity(curves.count * cells)
    for (index, curve) in curves.enumerated() {
      // Channels with the same curve (the usual case) share one computation.
      if let same = curves[..<index].firstIndex(of: curve) {
        thresholds += thresholds[same * (maxCode + 2)..<(same + 1) * (maxCode + 2)]
        cellCodes += cellCodes[same * cells..<(same + 1) * cells]
        continue
      }
      let start = thresholds.count
      thresholds.append(-.infinity)
      for code in 1...maxCode {
        thresholds.append(Float(curve.evaluate((Double(code) - 0.5) / Double(maxCode))))
      }
      thresholds.append(.infinity)
      // Walk the cell edges and the thresholds together: the edge's code is the last whose threshold it reaches.
      var code = 0
      for cell in 0..<cells {
        let root = Double(cell) / Double(cells)
        let edge = Float(root * root)
        while code < maxCode && thresholds[start + code + 1] <= edge { code += 1 }
        cellCodes.append(UInt16(code))
      }
    }
    self.thresholds = thresholds
    self.cellCodes = cellCodes
    cellNext = cellCodes.indices.map { index in
      thresholds[index / cells * (maxCode + 2) + Int(cellCodes[index]) + 1]
    }
  }

  /// What decides a table.
  private struct Key: Hashable, Sendable {
    var curves: [ToneCurve]
    var bitDepth: Int
  }

  /// The tables built so far in the process. Every transform into one destination needs the same table (gamut's
  /// targets: sRGB at 8 bits, Display P3 at 16, both with the sRGB curve), and a 16-bit one costs 65,536 curve
  /// evaluations and 1 MiB; a few are kept.
  private static let built = BoundedCache<Key, EncodingTable>(capacity: 4)

  /// The table for `curves` and `bitDepth`, built once per process while it is kept, then shared.
  static func shared(curves: [ToneCurve], bitDepth: Int) -> EncodingTable {
    built.value(for: Key(curves: curves, bitDepth: bitDepth)) { EncodingTable(curves: curves, bitDepth: bitDepth) }
  }

  /// The code of linear `value` (already within 0...1) whose square root is `root`, on `channel`, using pointers
  /// into this table's arrays.
  @inline(__always)
  static func code(
    _ value: Float, root: Float, channel: Int, maxCode: Int, cells: Int, thresholds: UnsafePointer<Float>,
    cellCodes: UnsafePointer<UInt16>
  ) -> Int {
    var code = Int(cellCodes[channel * cells + min(Int(root * Float(cells)), cells - 1)])
    let base = thresholds + channel * (maxCode + 2)
    // The sentinels (-infinity, +infinity) end both walks.
    while base[code + 1] <= value { code += 1 }
    while base[code] > value { code -= 1 }
    return code
  }
}
