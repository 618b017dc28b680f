import Dispatch
import Synchronization

/// Chooses, in one pass over an image's rows, which out-of-gamut pixels the color shift is measured on, and
/// measures them at the end.
///
/// The out-of-gamut pixels are numbered from 0 in scan order. With `n` of them, the sample stride is the smallest
/// power of two `2^k` with `ceil(n / 2^k) <= budget`, and the samples are the pixels whose number is a multiple of
/// it. `k` only grows with `n`, so while the rows arrive the sampler keeps the candidates for the current level
/// (their colors' keys and the number's level, its trailing zero bits) and drops the others when the level rises:
/// at most `budget` candidates, and those of the final level are exactly the samples, whatever the strips were.
/// CIEDE2000 is computed only for them, in `colorShift`, which takes the largest shift, measured on every pixel,
/// from `LargestShiftFinder`.
struct ColorShiftSampler: Sendable {
  /// A pixel that may be sampled.
  struct Candidate: Sendable {
    /// The source color's key.
    var source: UInt64
    /// The output color's key.
    var output: UInt64
    /// The trailing zero bits of the pixel's number (63 for pixel 0): a sample for every stride up to `2^level`.
    var level: UInt8
  }

  /// The most pixels measured.
  let budget: Int
  /// The current level: the sample stride is `2^level`.
  private(set) var level = 0
  /// The candidates of `level`, in scan order.
  private var candidates: [Candidate] = []

  /// A sampler measuring at most `budget` pixels (at least 1).
  init(budget: Int) {
    self.budget = max(budget, 1)
  }

  /// The level for `count` out-of-gamut pixels: the smallest `k` with `ceil(count / 2^k) <= budget`.
  static func level(for count: Int, budget: Int) -> Int {
    var level = 0
    while count > 0 && (count - 1) >> level >= budget { level += 1 }
    return level
  }

  /// Raises the level to the one for `count` out-of-gamut pixels and drops the candidates below it.
  mutating func raise(to count: Int) {
    let next = Self.level(for: count, budget: budget)
    guard next > level else { return }
    level = next
    candidates.removeAll { Int($0.level) < next }
  }

  /// Appends candidates found after those already kept (in scan order, at the current level or above).
  mutating func append(_ found: [Candidate]) {
    candidates += found
  }

  /// The candidates among window row `row`'s out-of-gamut pixels, numbered from `firstNumber`, for the sample
  /// stride `2^level`.
  static func candidates(
    in row: Int, of window: StripWindow, firstNumber: Int, level: Int, into found: inout [Candidate]
  ) {
    let count = window.outOfGamutCounts[row]
    let step = 1 << level
    var next = (firstNumber + step - 1) & ~(step - 1)
    guard next < firstNumber + count else { return }
    var number = firstNumber
    let start = row * window.width
    let words = window.outsideWords(row)
    // The out-of-gamut pixels a word of bits at a time; words without the next candidate are counted and skipped.
    for word in 0..<window.wordsPerRow {
      var bits = words[word]
      let inWord = bits.nonzeroBitCount
      if number + inWord <= next {
        number += inWord
        continue
      }
      while bits != 0 {
        let index = start + word << 6 + bits.trailingZeroBitCount
        bits &= bits &- 1
        if number == next {
          found.append(
            Candidate(
              source: window.sourceKeys[index], output: window.outputKeys[index],
              level: UInt8(min(number.trailingZeroBitCount, 63))))
          next += step
          if next >= firstNumber + count { return }
        }
        number += 1
      }
    }
  }

  /// The color shift statistics over `visible` pixels of which `outOfGamut` were out of gamut (the count the
  /// sampler was last raised to), from the samples: CIEDE2000 between source and output colors into a histogram
  /// of 0.01 bins, each sample standing for `2^level` pixels. `largest` is the largest shift over every pixel
  /// (`LargestShiftFinder`).
  func colorShift(
    visible: Int, outOfGamut: Int, largest: Double, source: ColorTable, output: ColorTable
  ) -> ClippingReport.ColorShift {
    precondition(candidates.count == (outOfGamut + (1 << level) - 1) >> level, "one sample per stride")
    let binCount = 10_001
    let samples = candidates
    // Each sample's bin of 0.01, measured in a fixed number of chunks in parallel; the chunks' sums are added up in
    // order: the same result on any core count.
    var bins = [UInt16](repeating: 0, count: samples.count)
    let chunks = samples.isEmpty ? 0 : 16
    let partials = Mutex([Double](repeating: 0, count: chunks))
    bins.withUnsafeMutableBufferPointer { bins in
      let shared = SharedBins(bins: bins)
      DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
        var sum = 0.0
        // Artwork repeats its colors: recent differences are kept.
        var shifts = DifferenceCache()
        for index in (samples.count * chunk / chunks)..<(samples.count * (chunk + 1) / chunks) {
          let sample = samples[index]
          let deltaE = shifts.difference(sample.source, sample.output) {
            ColorDifference.ciede2000(source.lab(sample.source), output.lab(sample.output))
          }
          sum += deltaE
          shared.bins[index] = UInt16(min(Int(deltaE * 100), binCount - 1))
        }
        partials.withLock { $0[chunk] = sum }
      }
    }
    var histogram = [Int](repeating: 0, count: samples.isEmpty ? 0 : binCount)
    for bin in bins { histogram[Int(bin)] += 1 }
    let sum = partials.withLock { $0 }.reduce(0, +)
    let measured = samples.count
    let weight = measured == 0 ? 0 : Double(outOfGamut) / Double(measured)
    let share = { (limit: Double) -> Double in
      guard visible > 0 && !histogram.isEmpty else { return 0 }
      let above = histogram[min(Int(limit * 100), binCount - 1)...].reduce(0, +)
      return Double(above) * weight / Double(visible)
    }
    // The 99th percentile: in-gamut pixels sit at 0, below every measured bin.
    var p99 = 0.0
    let rank = 0.99 * Double(visible)
    var cumulative = Double(visible - outOfGamut)
    if cumulative < rank {
      for (bin, count) in histogram.enumerated() {
        cumulative += Double(count) * weight
        if cumulative >= rank {
          p99 = Double(bin) / 100
          break
        }
      }
    }
    return ClippingReport.ColorShift(
      max: largest, p99: p99, meanOutOfGamut: measured == 0 ? 0 : sum / Double(measured),
      shareAbove1: share(1), shareAbove2: share(2), shareAbove5: share(5), sampleStride: 1 << level)
  }

  /// The bins of the samples, written by chunks of disjoint indices on several threads.
  private struct SharedBins: @unchecked Sendable {
    let bins: UnsafeMutableBufferPointer<UInt16>
  }
}
