import Foundation
import Testing

@testable import GamutKit

/// Throughput of the transform and the analysis on a 2048x2048 16-bit Display P3 image. Prints figures and asserts
/// nothing about time; runs only with `GAMUT_BENCHMARK=1`, meant for a release build:
/// `GAMUT_BENCHMARK=1 swift test -c release -Xswiftc -enable-testing --filter AnalysisBenchmark`.
@Suite("Analysis: benchmark", .enabled(if: ProcessInfo.processInfo.environment["GAMUT_BENCHMARK"] == "1"))
struct AnalysisBenchmark {
  @Test("P3 16-bit 2048x2048 to sRGB 8-bit and to Display P3 16-bit, with analysis")
  func throughput() throws {
    let side = 2048
    var random = SplitMix64(state: 1)
    var samples = [UInt16](repeating: 0, count: side * side * 3)
    // A smooth, mostly saturated field with noise: gradients that clip, like real wide-gamut artwork.
    for y in 0..<side {
      for x in 0..<side {
        let i = (y * side + x) * 3
        let noise = Int(random.next() % 64)
        samples[i] = UInt16(min(65535, x * 32 + noise))
        samples[i + 1] = UInt16(min(65535, y * 32 + noise))
        samples[i + 2] = UInt16(min(65535, (x + y) * 16 + noise))
      }
    }
    let image = PixelBuffer(width: side, height: side, layout: .rgb, samples: .sixteen(samples))
    let megapixels = Double(side * side) / 1e6
    func measure(_ name: String, _ work: () -> Void) {
      var best = Double.infinity
      for _ in 0..<3 {
        let start = DispatchTime.now().uptimeNanoseconds
        work()
        best = min(best, Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
      }
      print("\(name): \(String(format: "%.1f", best * 1000)) ms, \(String(format: "%.1f", megapixels / best)) MP/s")
    }
    let toSRGB = try #require(MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB)))
    let toP3 = try #require(
      MatrixTransform(source: .rgb(.adobeRGB), destination: .rgb(.displayP3), options: .init(outputBitDepth: 16)))
    let dithered = try #require(
      MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB), options: .init(dither: .ordered)))
    let chroma = try #require(
      MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB), options: .init(gamutMapping: .chroma)))
    measure("P3 16 -> sRGB 8 (clip)") { _ = toSRGB.apply(to: image) }
    measure("P3 16 -> sRGB 8 measuring") { _ = toSRGB.applyMeasuring(to: image) }
    measure("Adobe RGB 16 -> P3 16") { _ = toP3.apply(to: image) }
    measure("P3 16 -> sRGB 8 ordered dither") { _ = dithered.apply(to: image) }
    measure("P3 16 -> sRGB 8 chroma mapping") { _ = chroma.apply(to: image) }
    let result = toSRGB.applyMeasuring(to: image)
    measure("clipping analysis") { _ = ClippingAnalyzer().analyze(result) }
    print(ClippingAnalyzer().analyze(result).report)
  }
}
