import Foundation
import Testing

@testable import GamutKit

@Suite("Analysis: clipping analysis fed in strips")
struct AnalysisClippingStreamTests {
  typealias Tests = AnalysisClippingAnalyzerTests

  /// An image and analysis options to stream.
  struct Case: Sendable, CustomTestStringConvertible {
    var name: String
    var image: PixelBuffer
    var options = ClippingAnalyzer.Options()
    var testDescription: String { name }
  }

  /// A 16-bit RGBA image from a function giving encoded values 0...1 and alpha per pixel.
  static func image16(width: Int, height: Int, _ color: (Int, Int) -> (Double, Double, Double, Double)) -> PixelBuffer {
    var samples: [UInt16] = []
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b, a) = color(x, y)
        samples += [r, g, b, a].map { UInt16(($0 * 65535).rounded()) }
      }
    }
    return PixelBuffer(width: width, height: height, layout: .rgba, samples: .sixteen(samples))
  }

  /// A smooth P3 gradient that clips (red to green across, saturation falling down), 97x150.
  static let gradient = Tests.image16(width: 97, height: 150) { x, y in
    let t = Double(x) / 96
    let s = 1 - 0.5 * Double(y) / 149
    return (1 - t * s, t, 1 - s)
  }

  /// Half in gamut, half saturated P3 with noise, a quarter of the pixels hidden by alpha, 53x47.
  static let alphaHoles: PixelBuffer = {
    var random = SplitMix64(state: 5)
    return image16(width: 53, height: 47) { x, y in
      let hidden = Double.random(in: 0...1, using: &random) < 0.25
      if (x / 3 + y / 2) % 2 == 0 {
        return (0.4 + Double.random(in: -0.1...0.1, using: &random), 0.5, 0.3, hidden ? 0 : 1)
      }
      return (1, Double.random(in: 0...0.3, using: &random), Double(y) / 46 * 0.2, hidden ? 0.01 : 1)
    }
  }()

  /// An 8-bit in-gamut image with a few saturated P3 dots, 75x40.
  static let fewOutside: PixelBuffer = {
    var samples: [UInt8] = []
    for y in 0..<40 {
      for x in 0..<75 {
        let dot = (x * 7 + y * 13) % 97 == 0
        samples += dot ? [255, 0, 10] : [UInt8(60 + x), UInt8(80 + y), 120]
      }
    }
    return PixelBuffer(width: 75, height: 40, layout: .rgb, samples: .eight(samples))
  }()

  /// Saturated P3 noise: every pixel out of gamut, 64x66.
  static let noise: PixelBuffer = {
    var random = SplitMix64(state: 9)
    return Tests.image16(width: 64, height: 66) { _, _ in
      (1, Double.random(in: 0...0.4, using: &random), Double.random(in: 0...0.2, using: &random))
    }
  }()

  static let small = ClippingAnalyzer.Options(pairBudget: 64, deltaEBudget: 50)

  static let cases: [Case] = [
    Case(name: "clipping gradient", image: gradient),
    Case(name: "clipping gradient, small budgets", image: gradient, options: small),
    Case(name: "alpha holes", image: alphaHoles),
    Case(name: "alpha holes, small budgets", image: alphaHoles, options: small),
    Case(name: "few out of gamut, 8-bit", image: fewOutside),
    Case(name: "all out of gamut", image: noise),
    Case(name: "all out of gamut, tiny budgets", image: noise, options: .init(pairBudget: 1, deltaEBudget: 1)),
  ]

  /// Rows `rows` of a conversion, as the pipeline would convert them.
  static func strip(_ result: TransformResult, rows: Range<Int>) -> TransformResult {
    func slice(_ buffer: PixelBuffer) -> PixelBuffer {
      let row = buffer.width * buffer.layout.channels
      let range = (rows.lowerBound * row)..<(rows.upperBound * row)
      let samples: PixelBuffer.Samples
      switch buffer.samples {
      case .eight(let values): samples = .eight(Array(values[range]))
      case .sixteen(let values): samples = .sixteen(Array(values[range]))
      }
      return PixelBuffer(width: buffer.width, height: rows.count, layout: buffer.layout, samples: samples)
    }
    let width = result.image.width
    return TransformResult(
      image: slice(result.image), source: slice(result.source), transform: result.transform,
      outOfGamut: Array(result.outOfGamut[(rows.lowerBound * width)..<(rows.upperBound * width)]),
      staysInGamut: result.staysInGamut)
  }

  /// The analysis of `result` fed in strips of `heights` rows (repeated until the image ends).
  static func streamed(
    _ result: TransformResult, heights: [Int], options: ClippingAnalyzer.Options, recording: Bool = true
  ) -> ClippingAnalyzer.Result {
    let height = result.image.height
    let stream = ClippingAnalyzer.Stream(
      analyzer: ClippingAnalyzer(options: options), width: result.image.width, height: height,
      recordsClassification: recording)
    var row = 0
    var index = 0
    while row < height {
      let count = min(heights[index % heights.count], height - row)
      stream.add(strip(result, rows: row..<(row + count)))
      row += count
      index += 1
    }
    return stream.finish()
  }

  /// Strip heights: one row, uneven (seeded), eight rows, and longer than the stream's own steps.
  static func partitions(seed: UInt64) -> [[Int]] {
    var random = SplitMix64(state: seed)
    return [[1], (0..<40).map { _ in Int.random(in: 1...13, using: &random) }, [8], [3, 70, 1, 100]]
  }

  @Test("A whole-image analysis equals the same image fed in strips of any heights", arguments: cases)
  func stripsEqualWhole(_ sample: Case) throws {
    let result = Tests.p3ToSRGB.applyMeasuring(to: sample.image)
    let whole = ClippingAnalyzer(options: sample.options).analyze(result)
    #expect(whole.classification != nil)
    #expect(whole.report.outOfGamutPixels > 0)
    for heights in Self.partitions(seed: UInt64(sample.image.width)) {
      let streamed = Self.streamed(result, heights: heights, options: sample.options)
      #expect(streamed.report == whole.report, "strips of \(heights.prefix(8)) rows")
      // Compared without printing every pixel on a failure.
      let differing = zip(try #require(streamed.classification).flags, try #require(whole.classification).flags)
        .filter { $0 != $1 }.count
      #expect(differing == 0, "strips of \(heights.prefix(8)) rows")
      #expect(streamed == whole)
    }
    let unrecorded = Self.streamed(result, heights: [5], options: sample.options, recording: false)
    #expect(unrecorded.classification == nil)
    #expect(unrecorded.report == whole.report)
  }

  @Test("The budgets force sampling and a lattice in the cases meant to")
  func casesExerciseSampling() {
    for sample in Self.cases where sample.options.deltaEBudget < 100 {
      let report = ClippingAnalyzer(options: sample.options).analyze(Tests.p3ToSRGB.applyMeasuring(to: sample.image))
        .report
      #expect(report.colorShift.sampleStride > 1, "\(sample.name)")
      #expect(report.lostDistinctions.latticeStride > 1, "\(sample.name)")
    }
  }

  @Test("The sample and lattice strides are the powers of two the final out-of-gamut count calls for", arguments: cases)
  func stridesMatchFinalCount(_ sample: Case) throws {
    let result = Tests.p3ToSRGB.applyMeasuring(to: sample.image)
    let report = Self.streamed(result, heights: [3], options: sample.options, recording: false).report
    let outOfGamut = report.outOfGamutPixels
    #expect(report.colorShift.sampleStride == Tests.sampleStride(outOfGamut: outOfGamut, options: sample.options))
    #expect(
      report.lostDistinctions.latticeStride == Tests.latticeStride(outOfGamut: outOfGamut, options: sample.options))

    // The samples are the out-of-gamut pixels whose scan-order number is a multiple of the stride.
    let visible = (0..<result.outOfGamut.count).map {
      Tests.alpha(result.source, $0) > sample.options.alphaThreshold
    }
    let outside = result.outOfGamut.indices.filter { visible[$0] && result.outOfGamut[$0] }
    #expect(outside.count == outOfGamut)
    let shifts = outside.map { pixel in
      ColorDifference.ciede2000(
        Tests.lab(result.source, pixel, model: result.transform.source),
        Tests.lab(result.image, pixel, model: result.transform.destination))
    }
    let samples = stride(from: 0, to: outside.count, by: report.colorShift.sampleStride).map { shifts[$0] }
    // The largest shift is exact: every out-of-gamut pixel's, sampled or not.
    #expect(report.colorShift.max == shifts.max())
    let mean = samples.reduce(0, +) / Double(samples.count)
    #expect(abs(report.colorShift.meanOutOfGamut - mean) < 1e-9)
  }

  /// Plateau runs and pixels found by brute force from the definition: maximal runs of visible pixels with one
  /// output color along rows and columns, long enough, with an out-of-gamut pixel, ends CIEDE2000 1 apart.
  static func bruteForcePlateaus(_ result: TransformResult, options: ClippingAnalyzer.Options) -> (
    count: Int, longest: Int, pixels: [Bool]
  ) {
    let (width, height) = (result.image.width, result.image.height)
    let visible = (0..<(width * height)).map { Tests.alpha(result.source, $0) > options.alphaThreshold }
    let color = { (pixel: Int) in
      result.image.pixel16(x: pixel % width, y: pixel / width).prefix(result.image.layout.isGray ? 1 : 3)
    }
    var plateau = [Bool](repeating: false, count: width * height)
    var count = 0
    var longest = 0
    func judge(_ run: [Int]) {
      guard run.count >= options.minimumRunLength, run.contains(where: { result.outOfGamut[$0] }) else { return }
      let deltaE = ColorDifference.ciede2000(
        Tests.lab(result.source, run.first!, model: result.transform.source),
        Tests.lab(result.source, run.last!, model: result.transform.source))
      guard deltaE >= options.distinctionDeltaE else { return }
      count += 1
      longest = max(longest, run.count)
      for pixel in run { plateau[pixel] = true }
    }
    let lines =
      (0..<height).map { y in (0..<width).map { y * width + $0 } }
      + (0..<width).map { x in (0..<height).map { $0 * width + x } }
    for line in lines {
      var run: [Int] = []
      for pixel in line {
        if visible[pixel], let first = run.first, color(pixel) == color(first) {
          run.append(pixel)
        } else {
          judge(run)
          run = visible[pixel] ? [pixel] : []
        }
      }
      judge(run)
    }
    return (count, longest, plateau)
  }

  @Test(
    "Plateau counts and pixels equal a brute-force union of row and column plateaus",
    arguments: [
      Case(name: "clipping gradient", image: gradient),
      Case(
        name: "clipping in both directions",
        image: Tests.image16(width: 41, height: 37) { x, y in
          (1 - 0.4 * Double(x) / 40, 0.5 * Double(y) / 36, 0.3 * Double((x / 9 + y / 7) % 2))
        }),
      Case(
        name: "blocks with holes, runs of 2",
        image: image16(width: 30, height: 33) { x, y in
          (1 - Double(x / 5) * 0.05, Double(y / 4) * 0.04, 0, (x * y) % 11 == 3 ? 0 : 1)
        }, options: .init(minimumRunLength: 2)),
    ])
  func plateausMatchBruteForce(_ sample: Case) throws {
    let result = Tests.p3ToSRGB.applyMeasuring(to: sample.image)
    let expected = Self.bruteForcePlateaus(result, options: sample.options)
    let streamed = Self.streamed(result, heights: [2, 5, 1, 9], options: sample.options)
    let plateaus = streamed.report.plateaus
    #expect(expected.count > 0)
    #expect(plateaus.count == expected.count)
    #expect(plateaus.longestRun == expected.longest)
    #expect(plateaus.pixels == expected.pixels.filter { $0 }.count)
    let classification = try #require(streamed.classification)
    #expect(classification.flags.map { $0.contains(.plateau) } == expected.pixels)
  }
}
