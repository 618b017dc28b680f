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
  /// Where channel `c`'s thresholds start in `thresholds`: `c * thresholdStride`. `maxCode + 2`, or 0 when every
  /// channel has the same curve and the arrays hold one channel, which all read.
  let thresholdStride: Int
  /// Where channel `c`'s cells start in `cellCodes` and `cellNext`: `c * cellStride` (`cells`, or 0 as above).
  let cellStride: Int

  /// Builds the table for one decoding curve per channel and an output depth of 8 or 16 bits.
  ///
  /// Written in place into arrays of their final size: a 16-bit table is built for every `convert --to p3` and
  /// build, and appending element by element cost more than the 65,535 curve evaluations. When every channel has
  /// the same curve (gamut's targets), the arrays hold that one channel (640 KiB for 16 bits, not three copies).
  init(curves: [ToneCurve], bitDepth: Int) {
    let maxCode = bitDepth == 16 ? 65535 : 255
    let cells = bitDepth == 16 ? 65536 : 4096
    self.maxCode = maxCode
    self.cells = cells
    let stride = maxCode + 2
    let curves = curves.allSatisfy({ $0 == curves.first }) ? Array(curves.prefix(1)) : curves
    (thresholdStride, cellStride) = curves.count == 1 ? (0, 0) : (stride, cells)
    var thresholds = [Float](repeating: 0, count: curves.count * stride)
    var cellCodes = [UInt16](repeating: 0, count: curves.count * cells)
    var cellNext = [Float](repeating: 0, count: curves.count * cells)
    for (index, curve) in curves.enumerated() {
      // Channels with the same curve (the usual case) share one computation.
      if let same = curves[..<index].firstIndex(of: curve) {
        thresholds[index * stride..<(index + 1) * stride] = thresholds[same * stride..<(same + 1) * stride]
        cellCodes[index * cells..<(index + 1) * cells] = cellCodes[same * cells..<(same + 1) * cells]
        cellNext[index * cells..<(index + 1) * cells] = cellNext[same * cells..<(same + 1) * cells]
        continue
      }
      thresholds.withUnsafeMutableBufferPointer { all in
        let channel = UnsafeMutableBufferPointer(rebasing: all[index * stride..<(index + 1) * stride])
        Self.fillThresholds(channel, curve: curve, maxCode: maxCode)
        cellCodes.withUnsafeMutableBufferPointer { codes in
          cellNext.withUnsafeMutableBufferPointer { next in
            Self.fillCells(
              codes: UnsafeMutableBufferPointer(rebasing: codes[index * cells..<(index + 1) * cells]),
              next: UnsafeMutableBufferPointer(rebasing: next[index * cells..<(index + 1) * cells]),
              thresholds: UnsafeBufferPointer(channel), maxCode: maxCode)
          }
        }
      }
    }
    self.thresholds = thresholds
    self.cellCodes = cellCodes
    self.cellNext = cellNext
  }

  /// One channel's thresholds: -infinity, the curve at each code less half a code, +infinity.
  private static func fillThresholds(_ thresholds: UnsafeMutableBufferPointer<Float>, curve: ToneCurve, maxCode: Int) {
    thresholds[0] = -.infinity
    for code in 1...maxCode {
      thresholds[code] = Float(curve.evaluate((Double(code) - 0.5) / Double(maxCode)))
    }
    thresholds[maxCode + 1] = .infinity
  }

  /// One channel's cells: the code of each cell's lower edge and the threshold after it. The edges and the
  /// thresholds are walked together: the edge's code is the last whose threshold it reaches.
  private static func fillCells(
    codes: UnsafeMutableBufferPointer<UInt16>, next: UnsafeMutableBufferPointer<Float>,
    thresholds: UnsafeBufferPointer<Float>, maxCode: Int
  ) {
    var code = 0
    for cell in 0..<codes.count {
      let root = Double(cell) / Double(codes.count)
      let edge = Float(root * root)
      while code < maxCode && thresholds[code + 1] <= edge { code += 1 }
      codes[cell] = UInt16(code)
      next[cell] = thresholds[code + 1]
    }
  }

  /// What decides a table.
  private struct Key: Hashable, Sendable {
    var curves: [ToneCurve]
    var bitDepth: Int
  }

  /// The tables built so far in the process. Every transform into one destination needs the same table (gamut's
  /// targets: sRGB at 8 bits, Display P3 at 16, both with the sRGB curve), and a 16-bit one costs 65,536 curve
  /// evaluations and 640 KiB; a few are kept.
  private static let built = BoundedCache<Key, EncodingTable>(capacity: 4)

  /// The table for `curves` and `bitDepth`, built once per process while it is kept, then shared.
  static func shared(curves: [ToneCurve], bitDepth: Int) -> EncodingTable {
    built.value(for: Key(curves: curves, bitDepth: bitDepth)) { EncodingTable(curves: curves, bitDepth: bitDepth) }
  }

  /// The code of linear `value` (already within 0...1) whose square root is `root`, on the channel whose
  /// thresholds and cell codes start at `thresholds` and `cellCodes` (see ``thresholdStride`` and ``cellStride``).
  @inline(__always)
  static func code(
    _ value: Float, root: Float, cells: Int, thresholds: UnsafePointer<Float>, cellCodes: UnsafePointer<UInt16>
  ) -> Int {
    var code = Int(cellCodes[min(Int(root * Float(cells)), cells - 1)])
    let base = thresholds
    // The sentinels (-infinity, +infinity) end both walks.
    while base[code + 1] <= value { code += 1 }
    while base[code] > value { code -= 1 }
    return code
  }
}
