/// Runs that may be clipping plateaus, waiting to be judged a batch at a time: the source keys of their ends, where
/// they lie, and the bounds of their ends' difference once computed.
///
/// A run is a plateau when its ends differ by at least the distinction (CIEDE2000). Most runs of noisy artwork end
/// in nearly the same color, so the batch is first bounded several runs at a time (`ColorTable.differenceBounds`),
/// and only a run whose bound plus `LargestShiftFinder.margin` reaches the distinction gets the exact CIELAB values
/// and the full formula: the same answer as the formula on every run. The buffers are allocated once and freed with
/// `deallocate()`.
struct PendingRuns {
  /// Runs judged at once.
  static let capacity = 256
  /// Runs waiting.
  var count = 0
  /// Per run, the source keys of its first and last pixels.
  let firstKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
  let lastKeys = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
  /// Per run: where it starts (a window pixel index in its row, or a column), its length, and for a column run, its
  /// pixels that lie in a row plateau and its last image row.
  let starts = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
  let lengths = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
  let overlaps = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
  let lastRows = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
  private let bounds = UnsafeMutablePointer<Double>.allocate(capacity: capacity)

  /// Whether the batch is full.
  var isFull: Bool { count == Self.capacity }

  /// Frees the buffers.
  func deallocate() {
    for buffer in [firstKeys, lastKeys] { buffer.deallocate() }
    for buffer in [starts, lengths, overlaps, lastRows] { buffer.deallocate() }
    bounds.deallocate()
  }

  /// Adds a run (the batch is not full).
  @inline(__always)
  mutating func append(
    _ firstKey: UInt64, _ lastKey: UInt64, start: Int, length: Int, overlap: Int = 0, lastRow: Int = 0
  ) {
    firstKeys[count] = firstKey
    lastKeys[count] = lastKey
    (starts[count], lengths[count], overlaps[count], lastRows[count]) = (start, length, overlap, lastRow)
    count += 1
  }

  /// Calls `plateau` with the index and the source difference of each waiting run whose ends differ by at least
  /// `distinction` in `table`'s colors, in order.
  func judge(table: ColorTable, distinction: Double, plateau: (Int, Double) -> Void) {
    guard count > 0 else { return }
    ColorTable.differenceBounds(
      first: table, second: table, firstKeys: firstKeys, secondKeys: lastKeys, count: count,
      floor: distinction - LargestShiftFinder.margin, into: bounds)
    for index in 0..<count where bounds[index] + LargestShiftFinder.margin >= distinction {
      let deltaE = ColorDifference.ciede2000(table.lab(firstKeys[index]), table.lab(lastKeys[index]))
      if deltaE >= distinction { plateau(index, deltaE) }
    }
  }
}
