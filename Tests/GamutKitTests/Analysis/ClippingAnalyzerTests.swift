import Foundation
import Testing

@testable import GamutKit

@Suite("Analysis: clipping analyzer")
struct AnalysisClippingAnalyzerTests {
  static let p3ToSRGB = MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB))!

  /// A 16-bit RGB image from a function giving encoded values 0...1 per pixel.
  static func image16(width: Int, height: Int, _ color: (Int, Int) -> (Double, Double, Double)) -> PixelBuffer {
    var samples: [UInt16] = []
    samples.reserveCapacity(width * height * 3)
    for y in 0..<height {
      for x in 0..<width {
        let (r, g, b) = color(x, y)
        samples += [r, g, b].map { UInt16(($0 * 65535).rounded()) }
      }
    }
    return PixelBuffer(width: width, height: height, layout: .rgb, samples: .sixteen(samples))
  }

  /// Eleven Display P3 reds, 240...255 in 8-bit terms (like sharp's p3.png), over an 8x8 image.
  static func elevenReds() -> PixelBuffer {
    let reds = (0..<11).map { Double(240 + Int((Double($0) * 1.5).rounded())) / 255 }
    return image16(width: 8, height: 8) { x, y in (reds[(y * 8 + x) % 11], 0, 0) }
  }

  static func analyze(_ image: PixelBuffer, transform: MatrixTransform = p3ToSRGB) -> ClippingAnalyzer.Result {
    ClippingAnalyzer().analyze(transform.applyMeasuring(to: image))
  }

  /// The encoded sample `channel` of `pixel` in 0...1.
  static func sample(_ image: PixelBuffer, _ pixel: Int, _ channel: Int) -> Double {
    let index = pixel * image.layout.channels + channel
    switch image.samples {
    case .eight(let values): return Double(values[index]) * (1 / 255)
    case .sixteen(let values): return Double(values[index]) * (1 / 65535)
    }
  }

  /// The alpha of `pixel` in 0...1 (1 without an alpha channel).
  static func alpha(_ image: PixelBuffer, _ pixel: Int) -> Double {
    image.layout.hasAlpha ? sample(image, pixel, image.layout.channels - 1) : 1
  }

  /// The CIELAB (D50) color of `pixel`, whose color channels are in `model`: computed here from the tone curves,
  /// independently of the analyzer.
  static func lab(_ image: PixelBuffer, _ pixel: Int, model: ColorSpaceModel) -> CIELab {
    let depth = image.bitDepth == 16 ? 65535.0 : 255.0
    let linear = (0..<3).map { channel in
      let index = pixel * image.layout.channels + (image.layout.isGray ? 0 : channel)
      let code: Double
      switch image.samples {
      case .eight(let values): code = Double(values[index])
      case .sixteen(let values): code = Double(values[index])
      }
      return model.curves[channel].evaluate(code / depth)
    }
    return CIELab(xyz: model.toXYZD50 * SIMD3(linear[0], linear[1], linear[2]))
  }

  /// The lattice stride the report must give: the smallest power of two whose square times the pair budget
  /// covers 4 pairs per distance for each out-of-gamut pixel.
  static func latticeStride(outOfGamut: Int, options: ClippingAnalyzer.Options) -> Int {
    var stride = 1
    while stride * stride * options.pairBudget < outOfGamut * 4 * options.pairDistances.count { stride *= 2 }
    return stride
  }

  /// The color-shift sample stride the report must give: the smallest power of two that leaves at most
  /// `deltaEBudget` samples.
  static func sampleStride(outOfGamut: Int, options: ClippingAnalyzer.Options) -> Int {
    var stride = 1
    while (outOfGamut + stride - 1) / stride > options.deltaEBudget { stride *= 2 }
    return stride
  }

  @Test("Eleven P3 reds all clip to sRGB red: not ok")
  func elevenRedsAreNotOK() throws {
    let result = Self.analyze(Self.elevenReds())
    let report = result.report
    #expect(report.verdict != .ok, "\(report)")
    #expect(report.outOfGamutShare == 1)
    #expect(Set(try #require(result.classification).flags.map { $0.contains(.outOfGamut) }) == [true])
    #expect(report.lostDistinctions.lostPairs > 0)
    #expect(report.colorShift.max > 1)
  }

  @Test("A saturated P3 red-to-green gradient shows plateaus and is not ok")
  func saturatedGradient() {
    let image = Self.image16(width: 512, height: 64) { x, _ in
      let t = Double(x) / 511
      return (1 - t, t, 0)
    }
    let report = Self.analyze(image).report
    #expect(report.verdict == .error, "\(report)")
    #expect(report.plateaus.count > 0)
    #expect(report.plateaus.longestRun >= 8)
    #expect(report.plateaus.largestSourceDeltaE > 1)
    #expect(report.plateaus.share > 0.01)
    print("P3 red-green gradient: \(report)")
  }

  @Test("The same gradient made of sRGB colors has no plateaus and is ok")
  func inGamutGradient() throws {
    let srgb = Self.image16(width: 512, height: 64) { x, _ in
      let t = Double(x) / 511
      return (1 - t, t, 0)
    }
    let toP3 = try #require(
      MatrixTransform(source: .rgb(.sRGB), destination: .rgb(.displayP3), options: .init(outputBitDepth: 16)))
    let report = Self.analyze(toP3.apply(to: srgb)).report
    #expect(report.verdict == .ok, "\(report)")
    #expect(report.outOfGamutPixels == 0)
    #expect(report.plateaus.count == 0)
    #expect(report.lostDistinctions.lostPairs == 0)
  }

  @Test("sRGB converted to sRGB is ok with nothing out of gamut")
  func sRGBToSRGB() throws {
    var random = SplitMix64(state: 7)
    let image = Self.image16(width: 64, height: 64) { x, y in
      (Double(x) / 63, Double(y) / 63, Double.random(in: 0...1, using: &random))
    }
    let identity = try #require(MatrixTransform(source: .rgb(.sRGB), destination: .rgb(.sRGB)))
    let report = Self.analyze(image, transform: identity).report
    #expect(report.verdict == .ok)
    #expect(report.outOfGamutShare == 0)
    #expect(report.colorShift.max == 0)
    #expect(report.plateaus.count == 0)
  }

  @Test("A conversion that copies codes examines no pair but still counts and classifies visible pixels")
  func copiedCodesExamineNothing() throws {
    var samples: [UInt16] = []
    for y in 0..<32 {
      for x in 0..<48 { samples += [UInt16(x * 1300), UInt16(y * 2000), 30000, x < 20 ? 0 : 65535] }
    }
    let image = PixelBuffer(width: 48, height: 32, layout: .rgba, samples: .sixteen(samples))
    let identity = try #require(
      MatrixTransform(source: .rgb(.sRGB), destination: .rgb(.sRGB), options: .init(outputBitDepth: 16)))
    let result = Self.analyze(image, transform: identity)
    let report = result.report
    #expect(report.visiblePixels == 28 * 32 && report.outOfGamutPixels == 0)
    #expect(report.lostDistinctions.examinedPairs == 0 && report.lostDistinctions.contrastRetention == 1)
    #expect(report.plateaus.count == 0 && report.colorShift.max == 0 && report.verdict == .ok)
    let flags = try #require(result.classification).flags
    #expect(flags.filter { $0 == .visible }.count == 28 * 32 && flags.filter { $0.isEmpty }.count == 20 * 32)
  }

  @Test("A slow in-gamut 16-bit gradient rounded to 8 bits makes runs but no plateaus")
  func roundingIsNotClipping() {
    // Long runs of one 8-bit code: 1024 pixels over 40 codes of a P3 color well inside sRGB.
    let image = Self.image16(width: 1024, height: 4) { x, _ in
      let t = Double(x) / 1023
      return (0.4 + 0.15 * t, 0.5, 0.3)
    }
    let report = Self.analyze(image).report
    #expect(report.plateaus.count == 0)
    #expect(report.verdict == .ok)
  }

  @Test("Transparent pixels are not analysed")
  func transparentPixels() {
    guard case .sixteen(let rgb) = Self.elevenReds().samples else { return }
    var samples: [UInt16] = []
    for index in 0..<64 { samples += rgb[(index * 3)..<(index * 3 + 3)] + [0] }
    let image = PixelBuffer(width: 8, height: 8, layout: .rgba, samples: .sixteen(samples))
    let report = Self.analyze(image).report
    #expect(report.visiblePixels == 0)
    #expect(report.verdict == .ok)
  }

  @Test("A lone flat out-of-gamut area is a color shift, not a plateau")
  func flatOutOfGamutArea() {
    let image = Self.image16(width: 32, height: 32) { _, _ in (1, 0, 0) }
    let report = Self.analyze(image).report
    #expect(report.plateaus.count == 0)
    #expect(report.lostDistinctions.lostPairs == 0)
    #expect(report.outOfGamutShare == 1)
    #expect(report.colorShift.shareAbove1 == 1)
  }

  @Test("Large images are sampled deterministically")
  func sampling() {
    let image = Self.image16(width: 300, height: 200) { x, y in (1 - Double(x) / 299, Double(x) / 299, Double(y) / 199)
    }
    let transform = Self.p3ToSRGB.applyMeasuring(to: image)
    let small = ClippingAnalyzer(options: .init(pairBudget: 1000, deltaEBudget: 1000))
    let first = small.analyze(transform)
    #expect(first == small.analyze(transform))
    #expect(first.report.colorShift.sampleStride > 1)
    #expect(first.report.lostDistinctions.latticeStride > 1)
    let full = ClippingAnalyzer().analyze(transform).report
    #expect(abs(first.report.colorShift.shareAbove2 - full.colorShift.shareAbove2) < 0.05)
    #expect(abs(first.report.lostDistinctions.share - full.lostDistinctions.share) < 0.05)
  }

  @Test(
    "Lost distinctions equal a brute-force count over every anchor and partner, with hidden pixels and a lattice",
    arguments: [32_768, 300])
  func lostDistinctionsMatchBruteForce(pairBudget: Int) {
    // Half the image in gamut, half saturated P3; a quarter of the pixels hidden by alpha.
    var random = SplitMix64(state: 11)
    var samples: [UInt16] = []
    let (width, height) = (48, 40)
    for y in 0..<height {
      for x in 0..<width {
        let inside = (x + y) % 7 < 3
        let color =
          inside
          ? [0.4, 0.5, 0.3].map { $0 + Double.random(in: -0.1...0.1, using: &random) }
          : [1, Double.random(in: 0...0.2, using: &random), 0]
        let alpha = Double.random(in: 0...1, using: &random) < 0.25 ? 0.0 : 1.0
        samples += (color + [alpha]).map { UInt16(($0 * 65535).rounded()) }
      }
    }
    let image = PixelBuffer(width: width, height: height, layout: .rgba, samples: .sixteen(samples))
    let options = ClippingAnalyzer.Options(pairBudget: pairBudget)
    let result = Self.p3ToSRGB.applyMeasuring(to: image)
    let report = ClippingAnalyzer(options: options).analyze(result).report.lostDistinctions

    let visible = { (pixel: Int) in Self.alpha(result.source, pixel) > options.alphaThreshold }
    let sourceLab = { (pixel: Int) in Self.lab(result.source, pixel, model: result.transform.source) }
    let outputLab = { (pixel: Int) in Self.lab(result.image, pixel, model: result.transform.destination) }
    let stride = report.latticeStride
    var (examined, eligible, lost) = (0, 0, 0)
    for y in Swift.stride(from: 0, to: height, by: stride) {
      for x in Swift.stride(from: 0, to: width, by: stride) where visible(y * width + x) {
        for distance in options.pairDistances {
          for (dx, dy) in [(distance, 0), (0, distance)] where x + dx < width && y + dy < height {
            let (anchor, partner) = (y * width + x, (y + dy) * width + x + dx)
            guard visible(partner) else { continue }
            examined += 1
            guard result.outOfGamut[anchor] || result.outOfGamut[partner] else { continue }
            let sourceDeltaE = ColorDifference.ciede2000(sourceLab(anchor), sourceLab(partner))
            guard sourceDeltaE >= options.distinctionDeltaE else { continue }
            eligible += 1
            let outputDeltaE = ColorDifference.ciede2000(outputLab(anchor), outputLab(partner))
            if outputDeltaE < options.distinctionDeltaE { lost += 1 }
          }
        }
      }
    }
    #expect(pairBudget > 1000 ? stride == 1 : stride > 1)
    let outOfGamut = result.outOfGamut.indices.filter { visible($0) && result.outOfGamut[$0] }.count
    #expect(stride == Self.latticeStride(outOfGamut: outOfGamut, options: options))
    #expect(report.examinedPairs == examined)
    #expect(report.eligiblePairs == eligible)
    #expect(report.lostPairs == lost)
    #expect(eligible > 0 && lost < eligible)
    if stride == 1 { #expect(lost > 0) }
  }

  @Test("The report round-trips through JSON and the thresholds are Codable")
  func codable() throws {
    let report = Self.analyze(Self.elevenReds()).report
    let decoded = try JSONDecoder().decode(ClippingReport.self, from: JSONEncoder().encode(report))
    #expect(decoded == report)
    let thresholds = try JSONDecoder().decode(
      ClippingThresholds.self, from: JSONEncoder().encode(ClippingThresholds()))
    #expect(thresholds == ClippingThresholds())
  }

  @Test("Stricter or looser thresholds change the verdict")
  func thresholds() {
    let transform = Self.p3ToSRGB.applyMeasuring(to: Self.elevenReds())
    let lenient = ClippingThresholds(
      invisibleDeltaE: 100, errorPlateauShare: 1, errorLostDistinctionShare: 1, errorShareAboveDeltaE5: 1)
    #expect(ClippingAnalyzer(thresholds: lenient).analyze(transform).report.verdict == .ok)
    #expect(ClippingAnalyzer().analyze(transform).report.verdict == .error)
  }

  @Test("The clipping map highlights plateaus in yellow and out-of-gamut pixels with a magenta tint over dimmed gray")
  func clippingMap() throws {
    let image = Self.image16(width: 64, height: 8) { x, y in
      x < 32 ? (0.5, 0.5, 0.5) : (1 - Double(x - 32) / 31 * 0.5, Double(x - 32) / 31 * 0.3, 0)
    }
    let result = Self.p3ToSRGB.applyMeasuring(to: image)
    let classification = try #require(ClippingAnalyzer().analyze(result).classification)
    let map = ClippingMap.render(rendition: result.image, classification: classification)
    #expect(map.layout == .rgb && map.bitDepth == 8 && map.width == 64 && map.height == 8)
    let gray = map.pixel16(x: 0, y: 0).map { $0 / 257 }
    #expect(gray[0] == gray[1] && gray[1] == gray[2] && gray[0] < 128)
    let colors = Set((32..<64).map { map.pixel16(x: $0, y: 4).map { $0 / 257 } })
    #expect(colors.contains([255, 230, 0]))
    for x in 32..<64 where classification[x, 4] == [.visible, .outOfGamut] {
      let tint = map.pixel16(x: x, y: 4).map { $0 / 257 }
      #expect(tint[0] == tint[2] && tint[0] > 140 && tint[1] < tint[0] - 100, "a magenta tint")
    }
  }
}
