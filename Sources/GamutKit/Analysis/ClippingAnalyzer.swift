import Dispatch
import Synchronization

/// Measures where a gamut-reducing conversion (typically Display P3 artwork to sRGB) visibly damages the artwork:
/// how far colors move, where gradients flatten into plateaus, and where neighbouring colors merge.
///
/// It reads a `TransformResult`: the rendition's codes, the source pixels (whose colors it computes in CIELAB D50
/// only where needed) and the transform's out-of-gamut mask. The work is O(pixels) comparisons plus a bounded
/// number of CIEDE2000 evaluations (`Options.deltaEBudget`, `Options.pairBudget`), so the analysis costs about as
/// much as the conversion itself on large images. See `ClippingReport` for the definitions of the measures.
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
    var flags = [PixelClassification.Flags](repeating: [], count: width * height)
    var visible = 0
    var outOfGamut = 0
    for pixel in 0..<(width * height) where source.alpha(pixel) > options.alphaThreshold {
      visible += 1
      if result.outOfGamut[pixel] {
        outOfGamut += 1
        flags[pixel] = [.visible, .outOfGamut]
      } else {
        flags[pixel] = .visible
      }
    }
    let outputKeys = (0..<(width * height)).map(output.key)
    let shift = colorShift(flags: flags, visible: visible, outOfGamut: outOfGamut, source: source, output: output)
    let plateaus = findPlateaus(
      width: width, height: height, flags: &flags, keys: outputKeys, source: source, visible: visible)
    let lost = lostDistinctions(
      width: width, height: height, flags: &flags, keys: outputKeys, outOfGamut: outOfGamut, source: source,
      output: output)
    var report = ClippingReport(
      verdict: .ok, reasons: [], width: width, height: height, visiblePixels: visible,
      outOfGamutPixels: outOfGamut, outOfGamutShare: visible == 0 ? 0 : Double(outOfGamut) / Double(visible),
      colorShift: shift, plateaus: plateaus, lostDistinctions: lost)
    (report.verdict, report.reasons) = thresholds.verdict(for: report)
    return Result(report: report, classification: PixelClassification(width: width, height: height, flags: flags))
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
    /// One row or column: its first pixel, the step between its pixels and its length.
    typealias Line = (first: Int, step: Int, length: Int)
    struct Partial {
      var count = 0
      var longest = 0
      var largest = 0.0
      var runs: [Line] = []
    }
    let lines: [Line] =
      (0..<height).map { (first: $0 * width, step: 1, length: width) }
      + (0..<width).map { (first: $0, step: width, length: height) }
    let chunks = min(lines.count, 32)
    let partials = Mutex([Partial?](repeating: nil, count: chunks))
    let classification = flags
    let minimumRunLength = options.minimumRunLength
    let distinction = options.distinctionDeltaE
    // Lines in parallel, each scanned for maximal runs of one output color; plateaus are marked afterwards.
    DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
      var partial = Partial()
      /// Judges a run long enough and with an out-of-gamut pixel: a plateau if its ends differ in the source.
      func close(_ run: Line) {
        let last = run.first + (run.length - 1) * run.step
        let deltaE = ColorDifference.ciede2000(source.lab(run.first), source.lab(last))
        guard deltaE >= distinction else { return }
        partial.count += 1
        partial.longest = max(partial.longest, run.length)
        partial.largest = max(partial.largest, deltaE)
        partial.runs.append(run)
      }
      classification.withUnsafeBufferPointer { classification in
        keys.withUnsafeBufferPointer { keys in
          for line in lines[(lines.count * chunk / chunks)..<(lines.count * (chunk + 1) / chunks)] {
            var start = line.first
            var length = 0
            var hasOutOfGamut = false
            for index in 0..<line.length {
              let pixel = line.first + index * line.step
              let pixelFlags = classification[pixel]
              let isVisible = pixelFlags.contains(.visible)
              if length > 0 && isVisible && keys[pixel] == keys[start] {
                length += 1
                hasOutOfGamut = hasOutOfGamut || pixelFlags.contains(.outOfGamut)
                continue
              }
              if hasOutOfGamut && length >= minimumRunLength { close((start, line.step, length)) }
              start = pixel
              length = isVisible ? 1 : 0
              hasOutOfGamut = isVisible && pixelFlags.contains(.outOfGamut)
            }
            if hasOutOfGamut && length >= minimumRunLength { close((start, line.step, length)) }
          }
        }
      }
      partials.withLock { $0[chunk] = partial }
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

  /// Examines pixel pairs at the configured distances for differences the rendition lost.
  private func lostDistinctions(
    width: Int, height: Int, flags: inout [PixelClassification.Flags], keys: [UInt64], outOfGamut: Int,
    source: ColorSampler, output: ColorSampler
  ) -> ClippingReport.LostDistinctions {
    // Each out-of-gamut pixel takes part in up to 4 pairs per distance; thin the anchors to a lattice when that
    // would exceed the budget.
    let estimate = Double(outOfGamut * 4 * options.pairDistances.count)
    let stride = max(1, Int((estimate / Double(max(options.pairBudget, 1))).squareRoot().rounded(.up)))
    struct Partial {
      var examined = 0
      var eligible = 0
      var lost = 0
      var retention = 0.0
      var lostPixels: [Int] = []
    }
    let rows = Array(Swift.stride(from: 0, to: height, by: stride))
    let bands = min(rows.count, 16)
    let partials = Mutex([Partial?](repeating: nil, count: bands))
    let classification = flags
    // Bands of anchor rows in parallel; flags are read from a copy and lost pixels marked afterwards, in order.
    DispatchQueue.concurrentPerform(iterations: bands) { band in
      var partial = Partial()
      for y in rows[(rows.count * band / bands)..<(rows.count * (band + 1) / bands)] {
        for x in Swift.stride(from: 0, to: width, by: stride) {
          let anchor = y * width + x
          guard classification[anchor].contains(.visible) else { continue }
          var anchorSource: CIELab?
          var anchorOutput: CIELab?
          for distance in options.pairDistances {
            for (dx, dy) in [(distance, 0), (0, distance)] where x + dx < width && y + dy < height {
              let partner = anchor + dy * width + dx
              guard classification[partner].contains(.visible) else { continue }
              partial.examined += 1
              guard classification[anchor].contains(.outOfGamut) || classification[partner].contains(.outOfGamut)
              else { continue }
              guard source.key(anchor) != source.key(partner) else { continue }
              let sourceLab = anchorSource ?? source.lab(anchor)
              anchorSource = sourceLab
              let sourceDeltaE = ColorDifference.ciede2000(sourceLab, source.lab(partner))
              guard sourceDeltaE >= options.distinctionDeltaE else { continue }
              partial.eligible += 1
              var outputDeltaE = 0.0
              if keys[anchor] != keys[partner] {
                let outputLab = anchorOutput ?? output.lab(anchor)
                anchorOutput = outputLab
                outputDeltaE = ColorDifference.ciede2000(outputLab, output.lab(partner))
              }
              partial.retention += min(outputDeltaE / sourceDeltaE, 1)
              if outputDeltaE < options.distinctionDeltaE {
                partial.lost += 1
                partial.lostPixels += [anchor, partner]
              }
            }
          }
        }
      }
      partials.withLock { $0[band] = partial }
    }
    var examined = 0
    var eligible = 0
    var lost = 0
    var retention = 0.0
    for partial in partials.withLock({ $0 }).compactMap({ $0 }) {
      examined += partial.examined
      eligible += partial.eligible
      lost += partial.lost
      retention += partial.retention
      for pixel in partial.lostPixels { flags[pixel].insert(.lostDistinction) }
    }
    return ClippingReport.LostDistinctions(
      examinedPairs: examined, eligiblePairs: eligible, lostPairs: lost,
      share: examined == 0 ? 0 : Double(lost) / Double(examined),
      shareOfEligible: eligible == 0 ? 0 : Double(lost) / Double(eligible),
      contrastRetention: eligible == 0 ? 1 : retention / Double(eligible), latticeStride: stride)
  }
}
