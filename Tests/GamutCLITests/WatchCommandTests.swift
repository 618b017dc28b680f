import Foundation
import Testing

@testable import GamutKit

/// Drives a real `gamut watch` process on a temporary folder the way design tools write files: a slow copy, an
/// editor's atomic save, bursts, a SIGKILL in the middle of a burst and a restart, deletion and rename.
@Suite(.serialized) struct WatchCommandTests {
  /// A distinct small PNG for each seed.
  static func png(seed: Int) throws -> [UInt8] {
    let samples = (0..<(16 * 16 * 4)).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ seed &* 97) }
    let pixels = PixelBuffer(width: 16, height: 16, layout: .rgba, samples: .eight(samples))
    return try PNGEncoder().encode(pixels, colorTag: .sRGB(intent: 0))
  }

  /// A running watcher and its log.
  final class Watcher {
    let process = Process()
    let logPath: String

    init(folder: String, log: String) throws {
      logPath = log
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      let handle = FileHandle(forWritingAtPath: log)!
      handle.seekToEndOfFile()
      process.executableURL = GamutProcess.productsFolder.appendingPathComponent("gamut")
      process.arguments = ["watch", "src", "--output", "out/W.xcassets", "--log-format", "json", "--settle", "200"]
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      process.standardError = handle
      process.standardOutput = FileHandle.nullDevice
      try process.run()
    }

    /// The log's JSON lines.
    var lines: [[String: String]] {
      let data = FileManager.default.contents(atPath: logPath) ?? Data()
      return data.split(separator: UInt8(ascii: "\n")).compactMap {
        try? JSONSerialization.jsonObject(with: Data($0)) as? [String: String]
      }
    }
  }

  /// Waits until `condition` holds, for at most `seconds`.
  static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if condition() { return true }
      Thread.sleep(forTimeInterval: 0.1)
    }
    return condition()
  }

  @Test func everyContentIsTakenOnceCompleteAndNothingIsMissed() throws {
    let folder = NSTemporaryDirectory() + "gamut-watch-" + UUID().uuidString
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let source = folder + "/src"
    try FileManager.default.createDirectory(atPath: source + "/Burst", withIntermediateDirectories: true)
    let log = folder + "/watch.log"
    var watcher = try Watcher(folder: folder, log: log)
    #expect(Self.wait(seconds: 10) { watcher.lines.contains { $0["message"] == "watching" } })

    // A slow copy: 6 chunks, 150 ms apart.
    let slow = try Self.png(seed: 1)
    let slowPath = source + "/Slow.png"
    _ = FileManager.default.createFile(atPath: slowPath, contents: nil)
    let writer = FileHandle(forWritingAtPath: slowPath)!
    for chunk in 0..<6 {
      let range = (slow.count * chunk / 6)..<(slow.count * (chunk + 1) / 6)
      writer.write(Data(slow[range]))
      Thread.sleep(forTimeInterval: 0.15)
    }
    try writer.close()
    // An editor's atomic save: a temporary name, then a rename over the real one.
    try Data(try Self.png(seed: 2)).write(to: URL(fileURLWithPath: source + "/.Saved.png.tmp"))
    try FileManager.default.moveItem(atPath: source + "/.Saved.png.tmp", toPath: source + "/Saved.png")
    // A burst, with a SIGKILL half-way and a restart.
    for index in 0..<60 {
      try Data(try Self.png(seed: 100 + index)).write(to: URL(fileURLWithPath: source + "/Burst/B\(index).png"))
      if index == 30 {
        kill(watcher.process.processIdentifier, SIGKILL)
        watcher.process.waitUntilExit()
        watcher = try Watcher(folder: folder, log: log)
      }
    }
    let expected = Set(["Slow", "Saved"] + (0..<60).map { "Burst/B\($0)" })
    func built() -> [String] { watcher.lines.filter { $0["message"] == "built" }.compactMap { $0["asset"] } }
    #expect(
      Self.wait(seconds: 60) { Set(built()).isSuperset(of: expected) }, "missing: \(expected.subtracting(built()))")

    // Delete one, rename another.
    try FileManager.default.removeItem(atPath: source + "/Burst/B0.png")
    try FileManager.default.moveItem(atPath: source + "/Burst/B1.png", toPath: source + "/Burst/Renamed.png")
    #expect(
      Self.wait(seconds: 20) {
        built().contains("Burst/Renamed")
          && watcher.lines.filter { $0["message"] == "removed" }.compactMap { $0["asset"] }.contains("Burst/B1")
      })
    let catalog = folder + "/out/W.xcassets"
    #expect(!FileManager.default.fileExists(atPath: catalog + "/Burst/B0.imageset"))
    #expect(FileManager.default.fileExists(atPath: catalog + "/Burst/Renamed.imageset/Renamed@1x.png"))

    watcher.process.terminate()
    watcher.process.waitUntilExit()
    #expect(watcher.process.terminationStatus == 0)
    #expect(watcher.lines.last?["message"] == "stopped")

    // Each content once: no asset built twice, every output complete (the slow copy decoded whole).
    let counts = Dictionary(built().map { ($0, 1) }, uniquingKeysWith: +)
    let duplicates = counts.filter { $0.value > 1 }
    #expect(duplicates.isEmpty, "built more than once: \(duplicates)")
    let slowOutput = try PNGDecoder().decode(contentsOf: catalog + "/Slow.imageset/Slow@1x.png")
    #expect(slowOutput.pixels.width == 16)
    let latencies = watcher.lines.filter { $0["message"] == "built" }.compactMap { $0["latencyMs"].flatMap(Int.init) }
      .sorted()
    print(
      "watch: \(counts.count) assets built, \(duplicates.count) duplicates, "
        + "\(expected.subtracting(counts.keys).count) missed; latency from last write, median "
        + "\(latencies[latencies.count / 2]) ms, p95 \(latencies[latencies.count * 95 / 100]) ms")
  }
}
