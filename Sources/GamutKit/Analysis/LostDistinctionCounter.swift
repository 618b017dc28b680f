import Dispatch
import Synchronization

/// Counts lost distinctions (see `ClippingReport.LostDistinctions`) strip by strip, on power-of-two lattices of
/// anchors.
///
/// An anchor at (x, y) lies on the lattice of level `j` (spacing `2^j`) when x and y are both multiples of `2^j`,
/// so its level is the smaller of their trailing zero bits (capped at `topLevel`, whose lattice holds only (0, 0)
/// of the image), and lattice `j + 1` lies inside lattice `j`. The level counted is the lowest whose pairs fit the
/// budget, `level(forOutOfGamut:)`, known only at the end but never falling as the out-of-gamut count grows: each
/// pair is found once, under its anchor's level, when its lower pixel's row arrives, if that level is at least
/// the one for the count so far; the report sums the tallies of the final level and above. Every pair of visible
/// pixels counts as examined (with arithmetic for rows that are wholly visible); a pair with an out-of-gamut pixel
/// and two source colors waits, as its colors' keys, to be judged (`judge`) once its level is known to count or
/// when too many wait, so that pairs of levels dropped on the way are seldom measured. The stream counts each
/// strip's out-of-gamut pixels before it looks for pairs, so it starts each strip at the level the strip ends at,
/// and in the last strip, where that level is final, judges the pairs where it finds them (none waits: a small
/// image, one strip, keeps no list of pairs).
struct LostDistinctionCounter: Sendable {
  /// What the pairs whose anchor has one level add up to.
  struct LevelTally: Sendable {
    /// Visible pairs.
    var examined = 0
    /// Pairs with an out-of-gamut pixel and a visible source difference.
    var eligible = 0
    /// Eligible pairs whose difference the rendition lost.
    var lost = 0
    /// The sum over eligible pairs of rendition difference / source difference (capped at 1), in units of 2^-52:
    /// integers add up to the same total in any order.
    var retention: UInt128 = 0

    /// Adds the pairs of `other`.
    mutating func add(_ other: LevelTally) {
      examined += other.examined
      eligible += other.eligible
      lost += other.lost
      retention += other.retention
    }
  }

  /// A pair of visible pixels, at least one out of gamut, with different source colors: to be judged.
  struct Pair: Sendable {
    /// The anchor's source color key.
    var anchorSource: UInt64
    /// The partner's source color key.
    var partnerSource: UInt64
    /// The anchor's output color key.
    var anchorOutput: UInt64
    /// The partner's output color key.
    var partnerOutput: UInt64
    /// The anchor's image pixel index.
    var anchor: Int
    /// The partner's image pixel index.
    var partner: Int
    /// The anchor's level.
    var level: Int
  }

  /// What a band of rows or a batch of pairs added up to.
  struct Tally: Sendable {
    /// Indexed by anchor level, 0...`topLevel`.
    var levels: [LevelTally]
    /// Pairs found, to be judged.
    var pairs: [Pair] = []
    /// The judged pairs that were lost, when they are recorded.
    var lostPairs: [Pair] = []
  }

  /// Image width.
  let width: Int
  /// Pair distances, right and down.
  let distances: [Int]
  /// The CIEDE2000 difference at which two colors count as distinguishable.
  let threshold: Double
  /// About how many pairs with an out-of-gamut pixel to judge (at least 1).
  let budget: Int
  /// The level whose lattice holds only (0, 0) of the image: the highest level an anchor is tallied under.
  let topLevel: Int
  /// Whether lost pairs are listed in tallies.
  let recordsPairs: Bool

  /// A counter for a `width` x `height` image.
  init(width: Int, height: Int, options: ClippingAnalyzer.Options, recordsPairs: Bool) {
    self.width = width
    distances = options.pairDistances
    threshold = options.distinctionDeltaE
    budget = max(options.pairBudget, 1)
    var top = 0
    while 1 << top < max(width, height) { top += 1 }
    topLevel = top
    self.recordsPairs = recordsPairs
  }

  /// A tally with nothing counted.
  func emptyTally() -> Tally {
    Tally(levels: [LevelTally](repeating: LevelTally(), count: topLevel + 1))
  }

  /// The lattice level for `count` out-of-gamut pixels: the smallest `j` with `4^j * budget` at least their
  /// estimated pairs, `count * 4 * distances.count`.
  func level(forOutOfGamut count: Int) -> Int {
    let estimate = count * 4 * distances.count
    var level = 0
    while estimate > 0 && (estimate - 1) >> (2 * level) >= budget { level += 1 }
    return level
  }

  /// The lowest anchor level tallied for `count` out-of-gamut pixels: their lattice's level, or `topLevel` for a
  /// lattice that holds only (0, 0) of the image.
  func countedLevel(forOutOfGamut count: Int) -> Int {
    min(level(forOutOfGamut: count), topLevel)
  }

  /// The report for `levels` (tallies added over the image) and `outOfGamut` pixels, with the lowest anchor
  /// level it counts.
  func lostDistinctions(_ levels: [LevelTally], outOfGamut: Int) -> (
    report: ClippingReport.LostDistinctions, countedLevel: Int
  ) {
    let level = self.level(forOutOfGamut: outOfGamut)
    let counted = countedLevel(forOutOfGamut: outOfGamut)
    var total = LevelTally()
    for tally in levels[counted...] { total.add(tally) }
    let report = ClippingReport.LostDistinctions(
      examinedPairs: total.examined, eligiblePairs: total.eligible, lostPairs: total.lost,
      share: total.examined == 0 ? 0 : Double(total.lost) / Double(total.examined),
      shareOfEligible: total.eligible == 0 ? 0 : Double(total.lost) / Double(total.eligible),
      contrastRetention: total.eligible == 0 ? 1 : Double(total.retention) / 0x1p52 / Double(total.eligible),
      latticeStride: 1 << level)
    return (report, counted)
  }

  /// The level of the anchors in image row `y`'s lattice positions: the level of (0, y).
  @inline(__always)
  private func rowLevel(_ y: Int) -> Int { min(y.trailingZeroBitCount, topLevel) }

  /// Counts the examined pairs whose lower pixel lies in window row `row` (horizontal pairs in the row, vertical
  /// pairs from the rows above it) and whose anchor level is at least `minimumLevel`, and adds those to judge to
  /// `tally.pairs`.
  func count(partnerRow row: Int, of window: StripWindow, minimumLevel: Int, into tally: inout Tally) {
    let y = window.imageRow(row)
    countExamined(partnerRow: row, y: y, of: window, minimumLevel: minimumLevel, into: &tally)
    // Two ways to the pairs worth judging, with the same result: from the out-of-gamut pixels (few of them) or
    // along the lattice (a coarse one). The cheaper one by a rough count of pixels visited.
    let anchors = (width - 1) >> minimumLevel + 1
    var fromPixels = 0
    var alongLattice = 0
    let outside = window.outOfGamutCounts
    if rowLevel(y) >= minimumLevel { alongLattice += anchors * distances.count }
    var rowNeeded = rowLevel(y) >= minimumLevel
    for distance in distances where y >= distance && rowLevel(y - distance) >= minimumLevel {
      alongLattice += anchors
      rowNeeded = true
      if outside[row - distance] > 0 { fromPixels += width / 8 + outside[row - distance] }
    }
    if rowNeeded && outside[row] > 0 { fromPixels += width / 8 + outside[row] * 3 * distances.count }
    guard fromPixels > 0 else { return }
    let finder = PairFinder(counter: self, window: window, minimumLevel: minimumLevel)
    if fromPixels <= alongLattice {
      finder.fromOutOfGamutPixels(partnerRow: row, y: y, into: &tally)
    } else {
      finder.alongLattice(partnerRow: row, y: y, into: &tally)
    }
  }

  /// Counts the visible pairs whose lower pixel lies in window row `row`, under their anchors' levels from
  /// `minimumLevel` up.
  private func countExamined(
    partnerRow row: Int, y: Int, of window: StripWindow, minimumLevel: Int, into tally: inout Tally
  ) {
    let words = window.wordsPerRow
    let partners = window.visibleWords(row)
    let rowIsVisible = window.visibleCounts[row] == width
    let level = rowLevel(y)
    if level >= minimumLevel {
      for distance in distances where distance < width {
        if rowIsVisible {
          countAllVisible(below: width - distance, rowLevel: level, minimumLevel: minimumLevel, into: &tally)
          continue
        }
        // Bit x: pixels x and x + distance are both visible.
        let (skip, shift) = (distance >> 6, UInt64(distance & 63))
        countLattice(words: words, rowLevel: level, minimumLevel: minimumLevel, into: &tally) { word in
          let low = word + skip < words ? partners[word + skip] >> shift : 0
          let high = shift != 0 && word + skip + 1 < words ? partners[word + skip + 1] << (64 - shift) : 0
          return partners[word] & (low | high)
        }
      }
    }
    for distance in distances where y >= distance {
      let level = rowLevel(y - distance)
      guard level >= minimumLevel else { continue }
      if rowIsVisible && window.visibleCounts[row - distance] == width {
        countAllVisible(below: width, rowLevel: level, minimumLevel: minimumLevel, into: &tally)
        continue
      }
      let anchors = window.visibleWords(row - distance)
      countLattice(words: words, rowLevel: level, minimumLevel: minimumLevel, into: &tally) {
        anchors[$0] & partners[$0]
      }
    }
  }

  /// Counts the pairs of one row and distance whose anchors lie at x in `0..<limit`, all visible, under the level
  /// `min(trailing zero bits of x, rowLevel)` from `minimumLevel` up: the multiples of `2^j` below the limit, less
  /// those of a higher level.
  @inline(__always)
  private func countAllVisible(below limit: Int, rowLevel: Int, minimumLevel: Int, into tally: inout Tally) {
    var above = 0
    for level in stride(from: rowLevel, through: minimumLevel, by: -1) {
      let atLeast = (limit - 1) >> level + 1
      tally.levels[level].examined += atLeast - above
      above = atLeast
    }
  }

  /// Counts the visible pairs of one row and distance, given as `words` words of bits (`pairWord(w)`: bit `b` set
  /// when the pair anchored at `x = 64 w + b` has both pixels visible), under the level
  /// `min(trailing zero bits of x, rowLevel)` from `minimumLevel` up, a word at a time.
  @inline(__always)
  private func countLattice(
    words: Int, rowLevel: Int, minimumLevel: Int, into tally: inout Tally, pairWord: (Int) -> UInt64
  ) {
    for word in 0..<words {
      let pairs = pairWord(word)
      guard pairs != 0 else { continue }
      for level in minimumLevel..<rowLevel {
        tally.levels[level].examined += (pairs & Self.exactLevelMask(level, word: word)).nonzeroBitCount
      }
      tally.levels[rowLevel].examined += (pairs & Self.multipleMask(rowLevel, word: word)).nonzeroBitCount
    }
  }

  /// The bits of word `word` at the x whose trailing zero bits are exactly `level` (x = 0 has none: it is a
  /// multiple of every power of two).
  @inline(__always)
  private static func exactLevelMask(_ level: Int, word: Int) -> UInt64 {
    switch level {
    case 0: 0xAAAA_AAAA_AAAA_AAAA
    case 1: 0x4444_4444_4444_4444
    case 2: 0x1010_1010_1010_1010
    case 3: 0x0100_0100_0100_0100
    case 4: 0x0001_0000_0001_0000
    case 5: 0x0000_0001_0000_0000
    // Only bit 0, x = 64 word, whose trailing zero bits are 6 + those of the word.
    default: word != 0 && word.trailingZeroBitCount == level - 6 ? 1 : 0
    }
  }

  /// The bits of word `word` at the x that are multiples of `2^level`.
  @inline(__always)
  private static func multipleMask(_ level: Int, word: Int) -> UInt64 {
    switch level {
    case 0: ~0
    case 1: 0x5555_5555_5555_5555
    case 2: 0x1111_1111_1111_1111
    case 3: 0x0101_0101_0101_0101
    case 4: 0x0001_0001_0001_0001
    case 5: 0x0000_0001_0000_0001
    default: word & ((1 << (level - 6)) - 1) == 0 ? 1 : 0
    }
  }

  /// Finds the pairs of window pixels to judge for one partner row: `fromOutOfGamutPixels` and `alongLattice`
  /// reach the same pairs (those with an out-of-gamut pixel and an anchor level of at least `minimumLevel`), each
  /// once.
  private struct PairFinder {
    let counter: LostDistinctionCounter
    let window: StripWindow
    let minimumLevel: Int

    /// Reaches the pairs from the out-of-gamut pixels: as the partner of any anchor, and as the anchor of an
    /// in-gamut partner (a pair of two out-of-gamut pixels is reached from its partner).
    func fromOutOfGamutPixels(partnerRow row: Int, y: Int, into tally: inout Tally) {
      let width = window.width
      let flags = window.flags
      let start = row * width
      let level = counter.rowLevel(y)
      if window.outOfGamutCounts[row] > 0 {
        for x in 0..<width where flags[start + x].contains(.outOfGamut) {
          let pixel = start + x
          for distance in counter.distances {
            if level >= minimumLevel {
              if x >= distance && flags[pixel - distance].contains(.visible) {
                let anchorLevel = min((x - distance).trailingZeroBitCount, level)
                if anchorLevel >= minimumLevel { add(pixel - distance, pixel, level: anchorLevel, into: &tally) }
              }
              if x + distance < width && isInGamutAndVisible(flags[pixel + distance]) {
                let anchorLevel = min(x.trailingZeroBitCount, level)
                if anchorLevel >= minimumLevel { add(pixel, pixel + distance, level: anchorLevel, into: &tally) }
              }
            }
            if y >= distance && flags[pixel - distance * width].contains(.visible) {
              let anchorLevel = min(x.trailingZeroBitCount, counter.rowLevel(y - distance))
              if anchorLevel >= minimumLevel {
                add(pixel - distance * width, pixel, level: anchorLevel, into: &tally)
              }
            }
          }
        }
      }
      // Out-of-gamut anchors above an in-gamut partner in this row.
      for distance in counter.distances where y >= distance {
        let level = counter.rowLevel(y - distance)
        guard level >= minimumLevel && window.outOfGamutCounts[row - distance] > 0 else { continue }
        let anchorStart = (row - distance) * width
        for x in 0..<width where flags[anchorStart + x].contains(.outOfGamut) {
          let anchorLevel = min(x.trailingZeroBitCount, level)
          if anchorLevel >= minimumLevel && isInGamutAndVisible(flags[start + x]) {
            add(anchorStart + x, start + x, level: anchorLevel, into: &tally)
          }
        }
      }
    }

    /// Walks the anchors of the lattice of level `minimumLevel` whose partners lie in this row.
    func alongLattice(partnerRow row: Int, y: Int, into tally: inout Tally) {
      let width = window.width
      let flags = window.flags
      let start = row * width
      let step = 1 << minimumLevel
      let level = counter.rowLevel(y)
      if level >= minimumLevel {
        for x in stride(from: 0, to: width, by: step) where flags[start + x].contains(.visible) {
          let anchor = start + x
          let anchorOutside = flags[anchor].contains(.outOfGamut)
          let anchorLevel = min(x.trailingZeroBitCount, level)
          for distance in counter.distances where x + distance < width {
            let partner = anchor + distance
            guard flags[partner].contains(.visible) else { continue }
            if anchorOutside || flags[partner].contains(.outOfGamut) {
              add(anchor, partner, level: anchorLevel, into: &tally)
            }
          }
        }
      }
      for distance in counter.distances where y >= distance {
        let level = counter.rowLevel(y - distance)
        guard level >= minimumLevel else { continue }
        let anchorStart = (row - distance) * width
        for x in stride(from: 0, to: width, by: step) {
          let (anchor, partner) = (flags[anchorStart + x], flags[start + x])
          guard anchor.contains(.visible) && partner.contains(.visible) else { continue }
          if anchor.contains(.outOfGamut) || partner.contains(.outOfGamut) {
            add(anchorStart + x, start + x, level: min(x.trailingZeroBitCount, level), into: &tally)
          }
        }
      }
    }

    /// Whether a pixel takes part in the analysis and lies inside the gamut.
    @inline(__always)
    private func isInGamutAndVisible(_ flags: PixelClassification.Flags) -> Bool {
      flags.contains(.visible) && !flags.contains(.outOfGamut)
    }

    /// Adds the pair of visible window pixels `anchor` and `partner`, at least one of them out of gamut, whose
    /// anchor has `level`, when their source colors differ (identical ones differ by nothing).
    @inline(__always)
    private func add(_ anchor: Int, _ partner: Int, level: Int, into tally: inout Tally) {
      let (anchorSource, partnerSource) = (window.sourceKeys[anchor], window.sourceKeys[partner])
      guard anchorSource != partnerSource else { return }
      tally.pairs.append(
        Pair(
          anchorSource: anchorSource, partnerSource: partnerSource, anchorOutput: window.outputKeys[anchor],
          partnerOutput: window.outputKeys[partner], anchor: window.imagePixel(anchor),
          partner: window.imagePixel(partner), level: level))
    }
  }

  /// Judges `pairs` in chunks in parallel: whether the source colors differ by at least the
  /// threshold (eligible) and the output colors by less (lost), with the contrast retention.
  func judge(_ pairs: [Pair], source: ColorTable, output: ColorTable) -> [Tally] {
    guard !pairs.isEmpty else { return [] }
    // The tallies are integers, so any chunks add up to the same: chunks of at least 4 Ki pairs, at most 16.
    let chunks = min(16, max(1, pairs.count >> 12))
    let tallies = Mutex([Tally?](repeating: nil, count: chunks))
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      var tally = emptyTally()
      var judging = Judging(source: source, output: output)
      defer { judging.deallocate() }
      judge(pairs[(pairs.count * chunk / chunks)..<(pairs.count * (chunk + 1) / chunks)], with: &judging, into: &tally)
      tallies.withLock { $0[chunk] = tally }
    }
    return tallies.withLock { $0 }.compactMap { $0 }
  }

  /// Judges `pairs` into `tally` on this thread, with `judging`'s tables: the source bounds of a batch first,
  /// then the pairs they cannot rule out one by one.
  func judge(_ pairs: ArraySlice<Pair>, with judging: inout Judging, into tally: inout Tally) {
    var first = pairs.startIndex
    while first < pairs.endIndex {
      let count = min(pairs.endIndex - first, SourceBounds.capacity)
      judging.batch.bound(
        pairs[first..<(first + count)], table: judging.source.table, floor: threshold - LargestShiftFinder.margin)
      for offset in 0..<count where judging.batch.bounds[offset] + LargestShiftFinder.margin >= threshold {
        judge(pairs[first + offset], judging: &judging, into: &tally)
      }
      first += count
    }
  }

  /// What one thread that judges pairs remembers of the colors and pairs it measured, and its batch of source
  /// bounds; `deallocate()` frees the batch.
  struct Judging {
    var source: LabCache
    var output: LabCache
    var sourceDifferences = DifferenceCache()
    var outputDifferences = DifferenceCache()
    let batch = SourceBounds()

    /// Empty tables for colors of `source` and `output`.
    init(source: ColorTable, output: ColorTable) {
      self.source = LabCache(source)
      self.output = LabCache(output)
    }

    /// Frees the batch of bounds.
    func deallocate() { batch.deallocate() }
  }

  /// Judges one pair into `tally`, with the colors' CIELAB values and differences from `judging`.
  private func judge(_ pair: Pair, judging caches: inout Judging, into tally: inout Tally) {
    let sourceDeltaE = caches.sourceDifferences.difference(pair.anchorSource, pair.partnerSource) {
      let (anchor, partner) = (caches.source.lab(pair.anchorSource), caches.source.lab(pair.partnerSource))
      // Below the threshold either way: the bound saves the full formula.
      guard ColorDifference.ciede2000UpperBound(anchor, partner) >= threshold else { return 0 }
      return ColorDifference.ciede2000(anchor, partner)
    }
    guard sourceDeltaE >= threshold else { return }
    tally.levels[pair.level].eligible += 1
    var outputDeltaE = 0.0
    if pair.anchorOutput != pair.partnerOutput {
      outputDeltaE = caches.outputDifferences.difference(pair.anchorOutput, pair.partnerOutput) {
        ColorDifference.ciede2000(caches.output.lab(pair.anchorOutput), caches.output.lab(pair.partnerOutput))
      }
    }
    let ratio = outputDeltaE >= sourceDeltaE ? 1 : outputDeltaE / sourceDeltaE
    tally.levels[pair.level].retention += UInt128(UInt64((ratio * 0x1p52).rounded()))
    if outputDeltaE < threshold {
      tally.levels[pair.level].lost += 1
      if recordsPairs { tally.lostPairs.append(pair) }
    }
  }
}
