import Foundation
import Testing

@testable import GamutKit

/// Time and peak memory of the streaming clipping analysis on the hue sweep of `scripts/bench-color` (16-bit
/// Display P3, every pixel outside sRGB). Prints figures and asserts nothing about time or memory; runs only with
/// `GAMUT_BENCHMARK=1`, meant for a release build, one test at a time (peak memory, Linux only, is the
/// process's):
/// `GAMUT_BENCHMARK=1 swift test -c release -Xswiftc -enable-testing --filter AnalysisStreamBenchmark/strips`.
@Suite("Analysis: stream benchmark", .enabled(if: ProcessInfo.processInfo.environment["GAMUT_BENCHMARK"] == "1"))
struct AnalysisStreamBenchmark {
  /// A line of `/proc/self/status` in MiB (Linux), such as `VmRSS` or `VmHWM`.
  static func status(_ field: String) -> Double? {
    guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
      let kB = Double(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kB / 1024
  }

  /// Starts measuring the peak resident set size afresh (Linux: `/proc/self/clear_refs`); returns the current size
  /// in MiB, or nil where unsupported.
  static func resetPeak() -> Double? {
    guard (try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)) != nil else {
      return nil
    }
    return status("VmRSS")
  }

  /// Rows `rows` of a `side` x `side` hue sweep: hue across, saturation falling from 1 to 0.4 down, noise of
  /// +-64 codes.
  static func hueSweep(side: Int, rows: Range<Int>, random: inout SplitMix64) -> PixelBuffer {
    var samples = [UInt16](repeating: 0, count: side * rows.count * 3)
    for y in rows {
      let saturation = 1 - 0.6 * Double(y) / Double(side - 1)
      for x in 0..<side {
        let hue = Double(x) / Double(side) * 6
        let sector = Int(hue)
        let f = hue - Double(sector)
        let (p, q, t) = (1 - saturation, 1 - saturation * f, 1 - saturation * (1 - f))
        let rgb = [(1, t, p), (q, 1, p), (p, 1, t), (p, q, 1), (t, p, 1), (1, p, q)][sector % 6]
        let i = ((y - rows.lowerBound) * side + x) * 3
        for (channel, value) in [rgb.0, rgb.1, rgb.2].enumerated() {
          let noise = Int(random.next() % 129) - 64
          samples[i + channel] = UInt16(min(65535, max(0, Int(value * 65535) + noise)))
        }
      }
    }
    return PixelBuffer(width: side, height: rows.count, layout: .rgb, samples: .sixteen(samples))
  }

  @Test("2048x2048 analysed whole (with and without the classification) and in 32-row strips: the same report")
  func wholeAndStrips() throws {
    let side = 2048
    var random = SplitMix64(state: 1)
    let transform = try #require(MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB)))
    let result = transform.applyMeasuring(to: Self.hueSweep(side: side, rows: 0..<side, random: &random))
    let strips = stride(from: 0, to: side, by: 32).map {
      AnalysisClippingStreamTests.strip(result, rows: $0..<($0 + 32))
    }
    let clock = ContinuousClock()
    /// The best time of three and the report of analysing `parts` in a stream.
    func measure(_ parts: [TransformResult], recording: Bool) -> (Duration, ClippingReport) {
      var best = Duration.seconds(1000)
      var report: ClippingReport?
      for _ in 0..<3 {
        let start = clock.now
        let stream = ClippingAnalyzer.Stream(
          analyzer: ClippingAnalyzer(), width: side, height: side, recordsClassification: recording)
        for part in parts { stream.add(part) }
        report = stream.finish().report
        best = min(best, clock.now - start)
      }
      return (best, report!)
    }
    let whole = measure([result], recording: true)
    let wholeUnrecorded = measure([result], recording: false)
    let inStrips = measure(strips, recording: false)
    print(
      "hue sweep 2048x2048: whole image \(whole.0) with the classification, \(wholeUnrecorded.0) without; "
        + "32-row strips \(inStrips.0)")
    #expect(whole.1 == inStrips.1 && wholeUnrecorded.1 == inStrips.1)
  }

  @Test("8192x8192 converted and analysed in 32-row strips made on the fly")
  func strips() throws {
    let (side, rows) = (8192, 32)
    let before = Self.resetPeak()
    let transform = try #require(MatrixTransform(source: .rgb(.displayP3), destination: .rgb(.sRGB)))
    let stream = ClippingAnalyzer.Stream(analyzer: ClippingAnalyzer(), width: side, height: side)
    var random = SplitMix64(state: 1)
    var analysis = Duration.zero
    let clock = ContinuousClock()
    for top in stride(from: 0, to: side, by: rows) {
      let strip = transform.applyMeasuring(to: Self.hueSweep(side: side, rows: top..<(top + rows), random: &random))
      let start = clock.now
      stream.add(strip)
      analysis += clock.now - start
    }
    let start = clock.now
    let report = stream.finish().report
    analysis += clock.now - start
    let peak = Self.status("VmHWM")
    print(
      "hue sweep 8192x8192 in 32-row strips: analysis \(analysis); resident "
        + String(format: "%.1f MiB before, peak %.1f MiB", before ?? .nan, peak ?? .nan))
    print(report)
    #expect(report.outOfGamutPixels > 0)
  }
}
