import Dispatch
import Synchronization

/// Measures where a gamut-reducing conversion (typically Display P3 artwork to sRGB) visibly damages the artwork:
/// how far colors move, where gradients flatten into plateaus, and where neighbouring colors merge.
///
/// It reads a `TransformResult`: the rendition's codes, the source pixels (whose colors it computes in CIELAB D50
/// only where needed) and the transform's out-of-gamut mask. The work is O(pixels) comparisons plus CIEDE2000
/// evaluations bounded by budgets (`Options.deltaEBudget`, `Options.pairBudget`) and by the number of runs with an
/// out-of-gamut pixel (plateaus). See `ClippingReport` for the definitions of the measures.
public struct ClippingAnalyzer: Sendable {
  /// Detection settings.
  public struct Options: Sendable, Equatable, Codable {
    /// Pixels with alpha at or below this (0...1) are ignored (default 0.02, about 5 in 8-bit terms).
    public var alphaThreshold: Double
    /// The shortest run that can be a plateau, in pixels (default 4).
    public var minimumRunLength: Int
    /// The CIEDE2000 difference at which two colors count as distinguishable (default 1).
    public var distinctionDeltaE: Double
    /// Horizontal and vertical pixel distances of the pairs for lost distinctions (default 1, 2, 4, 8).
    public var pairDistances: [Int]
    /// About how many pairs with an out-of-gamut pixel are measured before anchors are thinned to a lattice
    /// (default 32,768).
    public var pairBudget: Int
    /// How many out-of-gamut pixels get a CIEDE2000 evaluation before they are sampled (default 65,536).
    public var deltaEBudget: Int

    /// Creates options; every parameter defaults to the value documented on its property.
    public init(
      alphaThreshold: Double = 0.02, minimumRunLength: Int = 4, distinctionDeltaE: Double = 1,
      pairDistances: [Int] = [1, 2, 4, 8], pairBudget: Int = 32_768, deltaEBudget: Int = 65_536
    ) {
      self.alphaThreshold = alphaThreshold
      self.minimumRunLength = minimumRunLength
      self.distinctionDeltaE = distinctionDeltaE
      self.pairDistances = pairDistances
      self.pairBudget = pairBudget
      self.deltaEBudget = deltaEBudget
    }
  }

  /// The report and the per-pixel findings behind it.
  public struct Result: Sendable, Equatable {
    /// The measures and verdict.
    public var report: ClippingReport
    /// What was found at each pixel, for `ClippingMap`.
    public var classification: PixelClassification
  }

  /// Detection settings.
  public var options: Options
  /// Verdict limits.
  public var thresholds: ClippingThresholds

  /// Creates an analyzer.
  public init(options: Options = Options(), thresholds: ClippingThresholds = ClippingThresholds()) {
    self.options = options
    self.thresholds = thresholds
  }

  /// Analyses a conversion made with `MatrixTransform.applyMeasuring(to:)`.
  public func analyze(_ result: TransformResult) -> Result {
    let width = result.image.width
    let height = result.image.height
    let source = ColorSampler(result.source, model: result.transform.source)
    let output = ColorSampler(result.image, model: result.transform.destination)
    var (flags, outputKeys, visible, outOfGamut) = classify(result, source: source, output: output)
    let shift = colorShift(flags: flags, visible: visible, outOfGamut: outOfGamut, source: source, output: output)
    let plateaus = findPlateaus(
      width: width, height: height, flags: &flags, keys: outputKeys, source: source, visible: visible)
    let lost = lostDistinctions(
      width: width, height: height, flags: &flags, keys: outputKeys, visible: visible, outOfGamut: outOfGamut,
      source: source, output: output)
    var report = ClippingReport(
      verdict: .ok, reasons: [], width: width, height: height, visiblePixels: visible,
      outOfGamutPixels: outOfGamut, outOfGamutShare: visible == 0 ? 0 : Double(outOfGamut) / Double(visible),
      colorShift: shift, plateaus: plateaus, lostDistinctions: lost)
    (report.verdict, report.reasons) = thresholds.verdict(for: report)
    return Result(report: report, classification: PixelClassification(width: width, height: height, flags: flags))
  }

  /// Marks each pixel visible (alpha above the threshold) and out of gamut, and packs each rendition color into a
  /// key for equality tests; bands of rows in parallel, counts added up in order.
  private func classify(_ result: TransformResult, source: ColorSampler, output: ColorSampler) -> (
    flags: [PixelClassification.Flags], keys: [UInt64], visible: Int, outOfGamut: Int
  ) {
    let width = result.image.width
    let height = result.image.height
    let bands = min(height, 16)
    let counts = Mutex([(visible: Int, outOfGamut: Int)](repeating: (0, 0), count: bands))
    var flags = [PixelClassification.Flags](repeating: [], count: width * height)
    var keys = [UInt64](repeating: 0, count: width * height)
    let alphaThreshold = options.alphaThreshold
    flags.withUnsafeMutableBufferPointer { flags in
      keys.withUnsafeMutableBufferPointer { keys in
        result.outOfGamut.withUnsafeBufferPointer { outOfGamut in
          // Bands write disjoint rows.
          let buffers = ClassificationBuffers(flags: flags, keys: keys, outOfGamut: outOfGamut)
          DispatchQueue.concurrentPerform(iterations: bands) { band in
            var visible = 0
            var outside = 0
            for pixel in (width * (height * band / bands))..<(width * (height * (band + 1) / bands)) {
              buffers.keys[pixel] = output.key(pixel)
              guard source.alpha(pixel) > alphaThreshold else { continue }
              visible += 1
              if buffers.outOfGamut[pixel] {
                outside += 1
                buffers.flags[pixel] = [.visible, .outOfGamut]
              } else {
                buffers.flags[pixel] = .visible
              }
            }
            counts.withLock { $0[band] = (visible, outside) }
          }
        }
      }
    }
    let totals = counts.withLock { $0 }.reduce((visible: 0, outOfGamut: 0)) {
      ($0.visible + $1.visible, $0.outOfGamut + $1.outOfGamut)
    }
    return (flags, keys, totals.visible, totals.outOfGamut)
  }

  /// The per-pixel arrays that `classify` fills from parallel bands, each band its own rows.
  private struct ClassificationBuffers: @unchecked Sendable {
    let flags: UnsafeMutableBufferPointer<PixelClassification.Flags>
    let keys: UnsafeMutableBufferPointer<UInt64>
    let outOfGamut: UnsafeBufferPointer<Bool>
  }

  /// CIEDE2000 between source and rendition for out-of-gamut pixels, into a histogram of 0.01 bins.
  private func colorShift(
    flags: [PixelClassification.Flags], visible: Int, outOfGamut: Int, source: ColorSampler, output: ColorSampler
  ) -> ClippingReport.ColorShift {
    let stride = max(1, (outOfGamut + options.deltaEBudget - 1) / max(options.deltaEBudget, 1))
    let binCount = 10_001
    var sampled: [Int] = []
    sampled.reserveCapacity(outOfGamut / stride + 1)
    var seen = 0
    for pixel in flags.indices where flags[pixel].contains(.outOfGamut) {
      if seen % stride == 0 { sampled.append(pixel) }
      seen += 1
    }
    // A fixed number of chunks, measured in parallel and added up in order: the same result on any core count.
    struct Partial {
      var histogram: [Int]
      var largest = 0.0
      var sum = 0.0
    }
    let chunks = 16
    let partials = Mutex([Partial?](repeating: nil, count: chunks))
    let samples = sampled
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      var partial = Partial(histogram: [Int](repeating: 0, count: binCount))
      var previous: (source: UInt64, output: UInt64, deltaE: Double)?
      for pixel in samples[(samples.count * chunk / chunks)..<(samples.count * (chunk + 1) / chunks)] {
        let sourceKey = source.key(pixel)
        let outputKey = output.key(pixel)
        let deltaE: Double
        if let previous, previous.source == sourceKey, previous.output == outputKey {
          deltaE = previous.deltaE
        } else {
          deltaE = ColorDifference.ciede2000(source.lab(pixel), output.lab(pixel))
          previous = (sourceKey, outputKey, deltaE)
        }
        partial.largest = max(partial.largest, deltaE)
        partial.sum += deltaE
        partial.histogram[min(Int(deltaE * 100), binCount - 1)] += 1
      }
      partials.withLock { $0[chunk] = partial }
    }
    var histogram = [Int](repeating: 0, count: binCount)
    var largest = 0.0
    var sum = 0.0
    for partial in partials.withLock({ $0 }).compactMap({ $0 }) {
      for bin in partial.histogram.indices where partial.histogram[bin] != 0 {
        histogram[bin] += partial.histogram[bin]
      }
      largest = max(largest, partial.largest)
      sum += partial.sum
    }
    let measured = sampled.count
    let weight = measured == 0 ? 0 : Double(outOfGamut) / Double(measured)
    let share = { (limit: Double) -> Double in
      guard visible > 0 else { return 0 }
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
      shareAbove1: share(1), shareAbove2: share(2), shareAbove5: share(5), sampleStride: stride)
  }

  /// Finds plateau runs along rows and columns and marks their pixels.
  private func findPlateaus(
    width: Int, height: Int, flags: inout [PixelClassification.Flags], keys: [UInt64], source: ColorSampler,
    visible: Int
  ) -> ClippingReport.Plateaus {
    struct Partial {
      var count = 0
      var longest = 0
      var largest = 0.0
      var runs: [PlateauRun] = []
    }
    // Bands of rows, then blocks of columns; a block is walked row by row, so that memory is read in order.
    let rowBands = min(height, 16)
    let columnBlocks = min(width, 16)
    let partials = Mutex([Partial?](repeating: nil, count: rowBands + columnBlocks))
    let classification = flags
    let minimumRunLength = options.minimumRunLength
    let distinction = options.distinctionDeltaE
    DispatchQueue.concurrentPerform(iterations: rowBands + columnBlocks) { task in
      var partial = Partial()
      /// Judges a finished run: a plateau if it is long enough, has an out-of-gamut pixel, and its ends differ
      /// in the source.
      func close(_ run: PlateauRun) {
        guard run.hasOutOfGamut, run.length >= minimumRunLength else { return }
        let last = run.first + (run.length - 1) * run.step
        // Identical source colors at both ends differ by nothing: no CIELAB needed.
        guard source.key(run.first) != source.key(last) else { return }
        let (firstLab, lastLab) = (source.lab(run.first), source.lab(last))
        guard ColorDifference.ciede2000UpperBound(firstLab, lastLab) >= distinction else { return }
        let deltaE = ColorDifference.ciede2000(firstLab, lastLab)
        guard deltaE >= distinction else { return }
        partial.count += 1
        partial.longest = max(partial.longest, run.length)
        partial.largest = max(partial.largest, deltaE)
        partial.runs.append(run)
      }
      classification.withUnsafeBufferPointer { classification in
        keys.withUnsafeBufferPointer { keys in
          if task < rowBands {
            for y in (height * task / rowBands)..<(height * (task + 1) / rowBands) {
              var run = PlateauRun(step: 1)
              for pixel in (y * width)..<((y + 1) * width) {
                if let finished = run.advance(to: pixel, flags: classification[pixel], keys: keys) { close(finished) }
              }
              close(run)
            }
          } else {
            let block = task - rowBands
            let columns = (width * block / columnBlocks)..<(width * (block + 1) / columnBlocks)
            var runs = [PlateauRun](repeating: PlateauRun(step: width), count: columns.count)
            runs.withUnsafeMutableBufferPointer { runs in
              for y in 0..<height {
                let row = y * width + columns.lowerBound
                for index in runs.indices {
                  if let finished = runs[index].advance(to: row + index, flags: classification[row + index], keys: keys)
                  {
                    close(finished)
                  }
                }
              }
            }
            runs.forEach(close)
          }
        }
      }
      partials.withLock { $0[task] = partial }
    }
    var count = 0
    var longest = 0
    var largest = 0.0
    for partial in partials.withLock({ $0 }).compactMap({ $0 }) {
      count += partial.count
      longest = max(longest, partial.longest)
      largest = max(largest, partial.largest)
      for run in partial.runs {
        for index in 0..<run.length { flags[run.first + index * run.step].insert(.plateau) }
      }
    }
    let pixels = flags.reduce(0) { $0 + ($1.contains(.plateau) ? 1 : 0) }
    return ClippingReport.Plateaus(
      count: count, pixels: pixels, share: visible == 0 ? 0 : Double(pixels) / Double(visible), longestRun: longest,
      largestSourceDeltaE: largest)
  }
}
