import Dispatch
import Synchronization

extension ClippingAnalyzer {
  /// A clipping analysis fed an image strip by strip, top to bottom, whose result equals `analyze` on the whole
  /// image (`==`, for any strips and any core count).
  ///
  /// Between strips it keeps the last rows that pairs and plateau runs reach back into (the largest pair
  /// distance) as keys and flags, one open plateau run per column, the color-shift sample candidates (at most
  /// `Options.deltaEBudget`), the largest shift so far (exact, see `LargestShiftFinder`) and tallies per lattice
  /// level (see `ColorShiftSampler` and
  /// `LostDistinctionCounter` for why the sampling does not depend on the strips). Memory: about 17 bytes per
  /// pixel of (context + rows analysed at once) rows, a strip being analysed in steps of 8 to 64 rows, plus two
  /// bytes per pixel of the image only when `recordsClassification` asks for the per-pixel findings. Within a step,
  /// bands of rows and blocks of columns run in parallel.
  ///
  /// Use it from one thread at a time.
  final class Stream {
    /// Image width.
    let width: Int
    /// Image height.
    let height: Int
    /// Whether `finish()` returns the per-pixel classification (which takes two bytes per pixel until then).
    let recordsClassification: Bool

    private let analyzer: ClippingAnalyzer
    /// Rows of earlier strips kept for pairs and runs: the largest pair distance.
    private let contextRows: Int
    /// Rows analysed at once.
    private let stepRows: Int
    private var window: StripWindow
    private let plateauFinder: PlateauFinder
    private let lostCounter: LostDistinctionCounter
    private var sampler: ColorShiftSampler
    /// Per band of rows, the finder of the exact largest color shift (kept from step to step, with its tables).
    private var shiftFinders: [LargestShiftFinder?] = []
    /// The largest color shift of the rows so far.
    private var largestShift = 0.0
    private let record: ClassificationRecord?
    /// The source's and the output's colors, from the first strip.
    private var tables: (source: ColorTable, output: ColorTable)?
    private var plateaus = PlateauFinder.Tally()
    /// Lost-distinction tallies by anchor level.
    private var lostLevels: [LostDistinctionCounter.LevelTally]
    /// Pairs found but not judged yet, of anchor level `pendingLevel` and above.
    private var pendingPairs: [LostDistinctionCounter.Pair] = []
    /// The lowest anchor level that may still count, as of the last rows.
    private var pendingLevel = 0
    /// The lowest anchor level that may still count once the strip being added is in: its out-of-gamut pixels are
    /// counted before its pairs are looked for, so that no pair of a level the strip itself drops is found.
    private var stripLevel = 0
    /// Whether the strip being added is the last, so that `stripLevel` is final: its pairs are judged where they are
    /// found, in the bands, and none waits.
    private var judgesAtOnce = false
    /// Pending pairs are judged when there are more than this (twice the pair budget).
    private let pendingLimit: Int
    /// Whether no pixel can be out of gamut under the conversion (``TransformResult/staysInGamut``): then only
    /// visibility is classified and no pair or run is examined.
    private var staysInGamut = false
    private var rowsAdded = 0
    private var visible = 0
    private var outOfGamut = 0
    private var isFinished = false

    /// Starts the analysis of a `width` x `height` image with `analyzer`'s options and thresholds; with
    /// `recordsClassification`, the result carries what was found at each pixel (for `ClippingMap`).
    init(analyzer: ClippingAnalyzer, width: Int, height: Int, recordsClassification: Bool = false) {
      precondition(width > 0 && height > 0, "an image has at least one pixel")
      precondition(analyzer.options.pairDistances.allSatisfy { $0 > 0 }, "pair distances are positive")
      self.width = width
      self.height = height
      self.recordsClassification = recordsClassification
      self.analyzer = analyzer
      contextRows = max(analyzer.options.pairDistances.max() ?? 1, 1)
      // About 256 Ki pixels at once (4 MiB of keys), 8 to 64 rows.
      stepRows = min(max((1 << 18) / width, 8), 64)
      window = StripWindow(width: width, capacity: contextRows + stepRows)
      plateauFinder = PlateauFinder(
        width: width, minimumRunLength: analyzer.options.minimumRunLength,
        distinction: analyzer.options.distinctionDeltaE)
      lostCounter = LostDistinctionCounter(
        width: width, height: height, options: analyzer.options, recordsPairs: recordsClassification)
      lostLevels = lostCounter.emptyTally().levels
      pendingLimit = 2 * lostCounter.budget
      sampler = ColorShiftSampler(budget: analyzer.options.deltaEBudget)
      record = recordsClassification ? ClassificationRecord(width: width, height: height) : nil
    }

    deinit {
      window.deallocate()
      plateauFinder.deallocate()
      record?.deallocate()
    }

    /// Analyses the next rows of the image: a conversion whose `image`, `source` and `outOfGamut` cover those
    /// rows only (at least one), made with the same transform as the earlier strips.
    func add(_ strip: TransformResult) {
      let rows = strip.image.height
      precondition(!isFinished, "the analysis is finished")
      precondition(strip.image.width == width && strip.source.width == width, "the strip's width differs")
      precondition(strip.source.height == rows && strip.outOfGamut.count == width * rows, "the strip's parts differ")
      precondition(rowsAdded + rows <= height, "more rows than the image has")
      let tables =
        self.tables
        ?? (
          ColorTable(
            layout: strip.source.layout, bitDepth: strip.source.bitDepth, transform: strip.transform, ofSource: true),
          ColorTable(
            layout: strip.image.layout, bitDepth: strip.image.bitDepth, transform: strip.transform, ofSource: false)
        )
      precondition(
        tables.source.channels == strip.source.layout.channels
          && tables.source.maxCode == (1 << strip.source.bitDepth) - 1
          && tables.output.channels == strip.image.layout.channels
          && tables.output.maxCode == (1 << strip.image.bitDepth) - 1, "the strip's layout differs")
      if self.tables == nil { staysInGamut = strip.staysInGamut }
      self.tables = tables
      if !staysInGamut {
        let outside = StripWindow.outsideCount(
          of: strip, source: tables.source, alphaThreshold: analyzer.options.alphaThreshold)
        stripLevel = lostCounter.countedLevel(forOutOfGamut: outOfGamut + outside)
        judgesAtOnce = rowsAdded + rows == height
      }
      var first = 0
      while first < rows {
        let count = min(rows - first, stepRows)
        analyse(strip, rows: first..<(first + count), tables: tables)
        first += count
      }
    }

    /// The report (and the classification, when recorded) once every row was added.
    func finish() -> Result {
      precondition(!isFinished, "the analysis is finished")
      precondition(rowsAdded == height, "rows are missing")
      isFinished = true
      let tables = self.tables!
      plateauFinder.closeColumns(
        atLastRow: window.rows - 1, of: window, table: tables.source, record: record, into: &plateaus)
      let shift = sampler.colorShift(
        visible: visible, outOfGamut: outOfGamut, largest: largestShift, source: tables.source,
        output: tables.output)
      let countedLevel = lostCounter.countedLevel(forOutOfGamut: outOfGamut)
      pendingPairs.removeAll { $0.level < countedLevel }
      judgePendingPairs(tables: tables)
      let lost = lostCounter.lostDistinctions(lostLevels, outOfGamut: outOfGamut)
      var report = ClippingReport(
        verdict: .ok, reasons: [], width: width, height: height, visiblePixels: visible,
        outOfGamutPixels: outOfGamut, outOfGamutShare: visible == 0 ? 0 : Double(outOfGamut) / Double(visible),
        colorShift: shift, plateaus: plateaus.plateaus(visible: visible), lostDistinctions: lost.report)
      (report.verdict, report.reasons) = analyzer.thresholds.verdict(for: report)
      return Result(report: report, classification: record?.classification(lostFrom: lost.countedLevel))
    }

    /// Analyses `rows` of `strip` (at most `stepRows`): first each row (classification, row plateaus) in bands,
    /// then, with the counts known, the pairs whose lower pixel is in these rows and the sample candidates in
    /// bands, and the column runs in blocks of columns.
    private func analyse(_ strip: TransformResult, rows: Range<Int>, tables: (source: ColorTable, output: ColorTable)) {
      let firstRow = window.advance(keeping: min(contextRows, rowsAdded), adding: rows.count)
      let newRows = firstRow..<(firstRow + rows.count)
      // Bands of at least 4 Ki pixels (a task is worth a thread's wake-up), at most 16.
      let bands = max(1, min(rows.count, 16, rows.count * width >> 12))
      /// The new window rows of `band`.
      let band = { @Sendable (band: Int) in
        (firstRow + rows.count * band / bands)..<(firstRow + rows.count * (band + 1) / bands)
      }
      classifyRows(of: strip, from: rows.lowerBound, bands: bands, band: band, firstRow: firstRow, tables: tables)
      // Each row's first out-of-gamut number, and the levels the counts so far call for.
      var firstNumbers: [Int] = []
      for row in newRows {
        firstNumbers.append(outOfGamut)
        visible += window.visibleCounts[row]
        outOfGamut += window.outOfGamutCounts[row]
      }
      if !staysInGamut {
        sampler.raise(to: outOfGamut)
        countPairsAndColumns(
          of: newRows, firstNumbers: firstNumbers, bands: bands, band: band, tables: tables)
      }
      rowsAdded += rows.count
    }

    /// Classifies the new window rows (strip row `stripRow` onwards) in `bands`, finds their row plateaus and
    /// records them.
    private func classifyRows(
      of strip: TransformResult, from stripRow: Int, bands: Int, band: @Sendable (Int) -> Range<Int>, firstRow: Int,
      tables: (source: ColorTable, output: ColorTable)
    ) {
      let window = self.window
      let finder = plateauFinder
      let record = self.record
      let alphaThreshold = analyzer.options.alphaThreshold
      let staysInGamut = self.staysInGamut
      let rowTallies = Mutex([PlateauFinder.Tally](repeating: PlateauFinder.Tally(), count: bands))
      DispatchQueue.concurrentPerform(iterations: bands) { index in
        var tally = PlateauFinder.Tally()
        for row in band(index) {
          window.classify(
            strip, row: stripRow + row - firstRow, into: row, source: tables.source, output: tables.output,
            alphaThreshold: alphaThreshold)
          if !staysInGamut { finder.findRowPlateaus(in: row, of: window, table: tables.source, into: &tally) }
          record?.record(row: row, of: window)
        }
        rowTallies.withLock { $0[index] = tally }
      }
      for tally in rowTallies.withLock({ $0 }) { plateaus.add(tally) }
    }

    /// Counts the pairs whose lower pixel is in `newRows` and gathers the sample candidates, in `bands`, and follows
    /// the column runs through `newRows` in blocks of columns; `firstNumbers` holds each row's first out-of-gamut
    /// number.
    private func countPairsAndColumns(
      of newRows: Range<Int>, firstNumbers: [Int], bands: Int, band: @Sendable (Int) -> Range<Int>,
      tables: (source: ColorTable, output: ColorTable)
    ) {
      let (window, finder, record, width) = (self.window, plateauFinder, self.record, self.width)
      let blocks = max(1, min(width, 16, newRows.count * width >> 12))
      let lostTallies = Mutex([LostDistinctionCounter.Tally?](repeating: nil, count: bands))
      let candidates = Mutex([[ColorShiftSampler.Candidate]](repeating: [], count: bands))
      let finders = Mutex(takeShiftFinders(count: bands, tables: tables))
      let columnTallies = Mutex([PlateauFinder.Tally](repeating: PlateauFinder.Tally(), count: blocks))
      let bandWork = BandWork(
        window: window, counter: lostCounter, tables: tables, firstRow: newRows.lowerBound, firstNumbers: firstNumbers,
        sampleLevel: sampler.level, latticeLevel: stripLevel, judgesAtOnce: judgesAtOnce)
      DispatchQueue.concurrentPerform(iterations: bands + blocks) { task in
        if task < bands {
          var shiftFinder = finders.withLock { $0[task].take()! }
          let (tally, found) = bandWork.run(rows: band(task), shiftFinder: &shiftFinder)
          lostTallies.withLock { $0[task] = tally }
          candidates.withLock { $0[task] = found }
          finders.withLock { $0[task] = shiftFinder }
        } else {
          let block = task - bands
          var tally = PlateauFinder.Tally()
          finder.followColumns(
            (width * block / blocks)..<(width * (block + 1) / blocks), through: newRows, of: window,
            table: tables.source, record: record, into: &tally)
          columnTallies.withLock { $0[block] = tally }
        }
      }
      if stripLevel > pendingLevel {
        pendingPairs.removeAll { $0.level < stripLevel }
        pendingLevel = stripLevel
      }
      for tally in lostTallies.withLock({ $0 }).compactMap({ $0 }) {
        add(tally)
        pendingPairs += tally.pairs
      }
      if pendingPairs.count > pendingLimit { judgePendingPairs(tables: tables) }
      for found in candidates.withLock({ $0 }) { sampler.append(found) }
      for tally in columnTallies.withLock({ $0 }) { plateaus.add(tally) }
      shiftFinders = finders.withLock { $0 }
      for finder in shiftFinders { largestShift = max(largestShift, finder?.largest ?? 0) }
    }

    /// The first `count` shift finders, made when missing, each raised to the largest shift so far; the stream
    /// keeps none until they are given back.
    private func takeShiftFinders(count: Int, tables: (source: ColorTable, output: ColorTable)) -> [LargestShiftFinder?]
    {
      var taken = shiftFinders
      shiftFinders = []
      while taken.count < count { taken.append(LargestShiftFinder(source: tables.source, output: tables.output)) }
      for index in taken.indices { taken[index]?.raise(to: largestShift) }
      return taken
    }

    /// Judges the pending pairs into the tallies.
    private func judgePendingPairs(tables: (source: ColorTable, output: ColorTable)) {
      for tally in lostCounter.judge(pendingPairs, source: tables.source, output: tables.output) { add(tally) }
      pendingPairs.removeAll(keepingCapacity: true)
    }

    /// Adds a tally's counts by level, and its lost pairs to the record.
    private func add(_ tally: LostDistinctionCounter.Tally) {
      for level in tally.levels.indices { lostLevels[level].add(tally.levels[level]) }
      for pair in tally.lostPairs {
        record?.markLost(pair.anchor, level: pair.level)
        record?.markLost(pair.partner, level: pair.level)
      }
    }
  }

  /// What a band of rows does in `Stream.countPairsAndColumns`: for each row, the pairs whose lower pixel is in it
  /// (judged at once when `judgesAtOnce`, else kept in the tally to be judged later), the sample candidates and the
  /// largest shift.
  private struct BandWork: Sendable {
    let window: StripWindow
    let counter: LostDistinctionCounter
    let tables: (source: ColorTable, output: ColorTable)
    /// The window row of the first new row, whose first out-of-gamut number is `firstNumbers[0]`.
    let firstRow: Int
    let firstNumbers: [Int]
    let sampleLevel: Int
    let latticeLevel: Int
    let judgesAtOnce: Bool

    /// Goes through the window rows `rows`: returns the band's tally and sample candidates.
    func run(rows: Range<Int>, shiftFinder: inout LargestShiftFinder) -> (
      LostDistinctionCounter.Tally, [ColorShiftSampler.Candidate]
    ) {
      var tally = counter.emptyTally()
      var found: [ColorShiftSampler.Candidate] = []
      var judging = judgesAtOnce ? LostDistinctionCounter.Judging(source: tables.source, output: tables.output) : nil
      defer { judging?.deallocate() }
      for row in rows {
        counter.count(partnerRow: row, of: window, minimumLevel: latticeLevel, into: &tally)
        if judging != nil {
          counter.judge(tally.pairs[...], with: &judging!, into: &tally)
          tally.pairs.removeAll(keepingCapacity: true)
        }
        ColorShiftSampler.candidates(
          in: row, of: window, firstNumber: firstNumbers[row - firstRow], level: sampleLevel, into: &found)
        shiftFinder.measure(row: row, of: window)
      }
      return (tally, found)
    }
  }
}
