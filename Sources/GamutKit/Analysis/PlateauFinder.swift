internal import GamutColorC

/// Finds clipping plateaus strip by strip: runs along each row as its strip arrives, and one run per column that
/// continues from strip to strip and closes when its color changes or the image ends.
///
/// A run is a maximal line of visible pixels with one output color, so a pixel continues the run of its left (or
/// upper) neighbour exactly when both are visible with the same output key. The plateau pixels are the union of
/// row-plateau and column-plateau pixels, counted without a bitmap: row plateaus are final once their row is
/// done, so a column run counts how many of its pixels lie in one, and the union is row pixels + column pixels -
/// the column plateaus' row-plateau pixels.
struct PlateauFinder: @unchecked Sendable {
  /// What the plateaus found so far add up to; tallies of disjoint rows or columns add up in any order.
  struct Tally: Sendable {
    /// Plateau runs.
    var count = 0
    /// The longest plateau.
    var longest = 0
    /// The largest source difference between a plateau's ends.
    var largest = 0.0
    /// Pixels in row plateaus.
    var rowPixels = 0
    /// Pixels in column plateaus.
    var columnPixels = 0
    /// Pixels in both a row and a column plateau.
    var overlap = 0

    /// Adds the findings of `other`.
    mutating func add(_ other: Tally) {
      count += other.count
      longest = max(longest, other.longest)
      largest = max(largest, other.largest)
      rowPixels += other.rowPixels
      columnPixels += other.columnPixels
      overlap += other.overlap
    }

    /// The measures over `visible` pixels.
    func plateaus(visible: Int) -> ClippingReport.Plateaus {
      let pixels = rowPixels + columnPixels - overlap
      return ClippingReport.Plateaus(
        count: count, pixels: pixels, share: visible == 0 ? 0 : Double(pixels) / Double(visible),
        longestRun: longest, largestSourceDeltaE: largest)
    }
  }

  /// The shortest run that can be a plateau.
  let minimumRunLength: Int
  /// The source difference a plateau's ends must reach.
  let distinction: Double
  /// Per column, the open run's length (0 when the last pixel was hidden)...
  private let lengths: UnsafeMutableBufferPointer<Int>
  /// ... whether it has an out-of-gamut pixel...
  private let outside: UnsafeMutableBufferPointer<Bool>
  /// ... how many of its pixels lie in a row plateau...
  private let rowPlateauPixels: UnsafeMutableBufferPointer<Int>
  /// ... and its first pixel's source key.
  private let firstSources: UnsafeMutableBufferPointer<UInt64>

  /// A finder for images `width` pixels wide.
  init(width: Int, minimumRunLength: Int, distinction: Double) {
    self.minimumRunLength = minimumRunLength
    self.distinction = distinction
    lengths = .allocate(capacity: width)
    lengths.initialize(repeating: 0)
    outside = .allocate(capacity: width)
    outside.initialize(repeating: false)
    rowPlateauPixels = .allocate(capacity: width)
    rowPlateauPixels.initialize(repeating: 0)
    firstSources = .allocate(capacity: width)
    firstSources.initialize(repeating: 0)
  }

  /// Frees the column runs.
  func deallocate() {
    lengths.deallocate()
    outside.deallocate()
    rowPlateauPixels.deallocate()
    firstSources.deallocate()
  }

  /// Finds the plateaus along window row `row` and marks their pixels `.plateau` in the window.
  func findRowPlateaus(in row: Int, of window: StripWindow, table: ColorTable, into tally: inout Tally) {
    let start = row * window.width
    let (flags, keys, sources) = (window.flags, window.outputKeys, window.sourceKeys)
    var runs = PendingRuns()
    defer { runs.deallocate() }
    /// Judges the runs waiting, marking the plateaus among them.
    func judgeRuns() {
      runs.judge(table: table, distinction: distinction) { index, deltaE in
        let (first, length) = (runs.starts[index], runs.lengths[index])
        tally.count += 1
        tally.longest = max(tally.longest, length)
        tally.largest = max(tally.largest, deltaE)
        tally.rowPixels += length
        for x in first..<(first + length) { flags[start + x].insert(.plateau) }
      }
      runs.count = 0
    }
    /// Queues the run of `length` pixels from `first` when it may be a plateau.
    func close(first: Int, length: Int, outside: Bool) {
      guard outside && length >= minimumRunLength else { return }
      let (firstKey, lastKey) = (sources[start + first], sources[start + first + length - 1])
      // Identical source colors at both ends differ by nothing.
      guard firstKey != lastKey else { return }
      runs.append(firstKey, lastKey, start: first, length: length)
      if runs.isFull { judgeRuns() }
    }
    if minimumRunLength >= 2 {
      forEachLongRun(in: row, of: window) { close(first: $0, length: $1, outside: true) }
    } else {
      var (first, length, outside) = (0, 0, false)
      for x in 0..<window.width {
        let pixel = flags[start + x]
        let isVisible = pixel.contains(.visible)
        if length > 0 && isVisible && keys[start + x] == keys[start + x - 1] {
          length += 1
          outside = outside || pixel.contains(.outOfGamut)
          continue
        }
        close(first: first, length: length, outside: outside)
        (first, length, outside) = (x, isVisible ? 1 : 0, isVisible && pixel.contains(.outOfGamut))
      }
      close(first: first, length: length, outside: outside)
    }
    judgeRuns()
  }

  /// Calls `body` with the first pixel and the length of each run of window row `row` that is at least
  /// `minimumRunLength` (at least 2) long and holds an out-of-gamut pixel, in order: the runs that may be plateaus,
  /// found in C several pixels at a time (`gamut_row_runs`).
  private func forEachLongRun(in row: Int, of window: StripWindow, _ body: (Int, Int) -> Void) {
    let (width, start) = (window.width, row * window.width)
    let room = width / 2 + 1
    let scratch = UnsafeMutableRawPointer.allocate(byteCount: 8 * room + width, alignment: 8)
    defer { scratch.deallocate() }
    let starts = scratch.bindMemory(to: UInt32.self, capacity: room)
    let lengths = (scratch + 4 * room).bindMemory(to: UInt32.self, capacity: room)
    let continues = (scratch + 8 * room).bindMemory(to: UInt8.self, capacity: width)
    let count = gamut_row_runs(
      window.flags.baseAddress! + start, window.outputKeys.baseAddress! + start, width, minimumRunLength,
      PixelClassification.Flags.visible.rawValue, PixelClassification.Flags.outOfGamut.rawValue, continues, starts,
      lengths)
    for index in 0..<count { body(Int(starts[index]), Int(lengths[index])) }
  }

  /// Continues the runs of `columns` through window rows `rows` (after their row plateaus are marked), closing
  /// those that end; a closed column plateau's pixels are marked in `record`.
  func followColumns(
    _ columns: Range<Int>, through rows: Range<Int>, of window: StripWindow, table: ColorTable,
    record: ClassificationRecord?, into tally: inout Tally
  ) {
    let (flags, keys, width) = (window.flags, window.outputKeys, window.width)
    var runs = PendingRuns()
    defer { runs.deallocate() }
    if minimumRunLength >= 2 {
      followColumnsInC(columns, through: rows, of: window, runs: &runs, table: table, record: record, into: &tally)
      return
    }
    for row in rows {
      let start = row * width
      let y = window.imageRow(row)
      for x in columns {
        let pixel = flags[start + x]
        let isVisible = pixel.contains(.visible)
        // An open run ends on the row above, which the window keeps.
        if lengths[x] > 0 && isVisible && keys[start + x] == keys[start + x - width] {
          lengths[x] += 1
          outside[x] = outside[x] || pixel.contains(.outOfGamut)
          rowPlateauPixels[x] += pixel.contains(.plateau) ? 1 : 0
          continue
        }
        if lengths[x] > 0 {
          close(column: x, lastRow: y - 1, lastSource: window.sourceKeys[start + x - width], into: &runs)
          if runs.isFull { judgeColumnRuns(&runs, table: table, record: record, into: &tally) }
        }
        lengths[x] = isVisible ? 1 : 0
        outside[x] = isVisible && pixel.contains(.outOfGamut)
        rowPlateauPixels[x] = isVisible && pixel.contains(.plateau) ? 1 : 0
        firstSources[x] = window.sourceKeys[start + x]
      }
    }
    judgeColumnRuns(&runs, table: table, record: record, into: &tally)
  }

  /// ``followColumns(_:through:of:table:record:into:)`` for a `minimumRunLength` of at least 2, a row at a time
  /// in C (`gamut_column_runs`: several columns at a time), the runs it ends queued in `runs` in column order.
  private func followColumnsInC(
    _ columns: Range<Int>, through rows: Range<Int>, of window: StripWindow, runs: inout PendingRuns,
    table: ColorTable, record: ClassificationRecord?, into tally: inout Tally
  ) {
    let width = window.width
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: columns.count)
    let closed = UnsafeMutablePointer<gamut_closed_run>.allocate(capacity: columns.count)
    defer {
      scratch.deallocate()
      closed.deallocate()
    }
    for row in rows {
      let (start, above) = (row * width, max(row - 1, 0) * width)
      let count = gamut_column_runs(
        window.flags.baseAddress! + start, window.outputKeys.baseAddress! + start,
        window.outputKeys.baseAddress! + above, window.sourceKeys.baseAddress! + start,
        window.sourceKeys.baseAddress! + above, columns.lowerBound, columns.upperBound, minimumRunLength,
        PixelClassification.Flags.visible.rawValue, PixelClassification.Flags.outOfGamut.rawValue,
        PixelClassification.Flags.plateau.rawValue, lengths.baseAddress!, outside.baseAddress!,
        rowPlateauPixels.baseAddress!, firstSources.baseAddress!, scratch, closed)
      let lastRow = window.imageRow(row) - 1
      for run in UnsafeBufferPointer(start: closed, count: count) {
        runs.append(
          run.first_source, run.last_source, start: Int(run.column), length: Int(run.length),
          overlap: Int(run.overlap), lastRow: lastRow)
        if runs.isFull { judgeColumnRuns(&runs, table: table, record: record, into: &tally) }
      }
    }
    judgeColumnRuns(&runs, table: table, record: record, into: &tally)
  }

  /// Closes the run of every column at the image's last row, window row `row`.
  func closeColumns(
    atLastRow row: Int, of window: StripWindow, table: ColorTable, record: ClassificationRecord?,
    into tally: inout Tally
  ) {
    var runs = PendingRuns()
    defer { runs.deallocate() }
    for x in lengths.indices where lengths[x] > 0 {
      close(
        column: x, lastRow: window.imageRow(row), lastSource: window.sourceKeys[row * window.width + x], into: &runs)
      if runs.isFull { judgeColumnRuns(&runs, table: table, record: record, into: &tally) }
    }
    judgeColumnRuns(&runs, table: table, record: record, into: &tally)
  }

  /// Queues the run of column `x` that ends at image row `lastRow`, whose pixel there has the source key
  /// `lastSource`, when it may be a plateau.
  @inline(__always)
  private func close(column x: Int, lastRow: Int, lastSource: UInt64, into runs: inout PendingRuns) {
    let length = lengths[x]
    // Identical source colors at both ends differ by nothing.
    guard outside[x] && length >= minimumRunLength && firstSources[x] != lastSource else { return }
    runs.append(firstSources[x], lastSource, start: x, length: length, overlap: rowPlateauPixels[x], lastRow: lastRow)
  }

  /// Judges the column runs waiting, counting the plateaus among them and marking them in `record`.
  private func judgeColumnRuns(
    _ runs: inout PendingRuns, table: ColorTable, record: ClassificationRecord?, into tally: inout Tally
  ) {
    let waiting = runs
    waiting.judge(table: table, distinction: distinction) { index, deltaE in
      let length = waiting.lengths[index]
      tally.count += 1
      tally.longest = max(tally.longest, length)
      tally.largest = max(tally.largest, deltaE)
      tally.columnPixels += length
      tally.overlap += waiting.overlaps[index]
      record?.markPlateau(
        column: waiting.starts[index], from: waiting.lastRows[index] - length + 1, length: length)
    }
    runs.count = 0
  }
}
