import Foundation
import Testing

@testable import GamutKit

/// Drives a real `gamut watch` process on a temporary folder the way design tools write files: a slow copy, an
/// editor's atomic save, bursts, a SIGKILL in the middle of a burst and a restart, deletion and rename.
@Suite(.serialized, .tags(.process), .selectedByTags) struct WatchCommandTests {
  /// A distinct small PNG for each seed.
  static func png(seed: Int, size: Int = 16, opaque: Bool = false) throws -> [UInt8] {
    try TestPNG.distinct(width: size, height: size, layout: opaque ? .rgb : .rgba, seed: seed)
  }

  /// A running watcher and its log.
  final class Watcher {
    let process = Process()
    let logPath: String

    init(folder: String, log: String, settle: Int = 200) throws {
      logPath = log
      _ = FileManager.default.createFile(atPath: log, contents: nil)
      let handle = FileHandle(forWritingAtPath: log)!
      handle.seekToEndOfFile()
      process.executableURL = GamutProcess.productsFolder.appendingPathComponent("gamut")
      process.arguments = [
        "watch", "src", "--output", "out/W.xcassets", "--log-format", "json", "--settle", "\(settle)",
      ]
      process.currentDirectoryURL = URL(fileURLWithPath: folder)
      process.standardError = handle
      process.standardOutput = FileHandle.nullDevice
      try process.run()
    }

    /// The log's JSON lines, each value as text (a finding's `line` is a number).
    var lines: [[String: String]] {
      let data = FileManager.default.contents(atPath: logPath) ?? Data()
      return data.split(separator: UInt8(ascii: "\n")).compactMap {
        (try? JSONSerialization.jsonObject(with: Data($0)) as? [String: Any])?.mapValues { "\($0)" }
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
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
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

  // MARK: - Every kind of file build reads (issue 29)

  /// One kind of source: its file, two complete versions, a half-written one, and what of the catalog shows it.
  struct Kind: Sendable, CustomTestStringConvertible {
    var file: String
    var first: [UInt8]
    var second: [UInt8]
    var partial: [UInt8]
    /// Catalog files that show it; a path ending in `/` stands for the names and sizes of the folder's files.
    var shownBy: String
    var testDescription: String { file }
  }

  static let symbol = """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="3300" height="2200" data-v="V">
     <g id="Notes"><text>Template v.3.0</text></g>
     <g id="Guides"><line id="Baseline-S" x1="0" x2="10" y1="0" y2="0"/><line id="Capline-S"/></g>
     <g id="Symbols"><g id="Regular-M"><path d="M0 0LV V"/></g></g>
    </svg>

    """

  /// An opaque 1024x1024 app icon.
  static func icon(seed: Int) -> [UInt8] { (try? png(seed: seed, size: 1024, opaque: true)) ?? [] }

  static let kinds: [Kind] = [
    Kind(
      file: "AppIcon.png", first: icon(seed: 5), second: icon(seed: 6), partial: Array(icon(seed: 5).prefix(2000)),
      shownBy: "AppIcon.appiconset/AppIcon.png"),
    Kind(
      file: "Brand.colors.yml", first: Array("Accent: \"#0A84FF\"\n".utf8),
      second: Array("Accent: { any: \"#FF2D55\", dark: \"#FF375F\" }\n".utf8),
      partial: Array("Accent: \"#0A".utf8), shownBy: "Accent.colorset/Contents.json"),
    Kind(
      file: "Palette.tokens.json", first: Array(##"{ "ink": { "$type": "color", "$value": "#112233" } }"##.utf8),
      second: Array(##"{ "ink": { "$type": "color", "$value": "#445566" } }"##.utf8),
      partial: Array(#"{ "ink": { "$type": "col"#.utf8),
      shownBy: "ink.colorset/Contents.json"),
    Kind(
      file: "Dot.svg", first: Array(#"<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>"#.utf8),
      second: Array(#"<svg xmlns="http://www.w3.org/2000/svg"><circle r="7"/></svg>"#.utf8),
      partial: Array(#"<svg xmlns="http://www.w3.org/2000/svg"><circ"#.utf8), shownBy: "Dot.imageset/Dot.svg"),
    Kind(
      file: "Doc.pdf", first: Self.pdf(title: "one"), second: Self.pdf(title: "two"),
      partial: Array("%PDF-1.7\n1 0 obj << /Tit".utf8),
      shownBy: "Doc.imageset/Doc.pdf"),
    Kind(
      file: "Star.symbols.svg", first: Array(symbol.replacingOccurrences(of: "V", with: "1").utf8),
      second: Array(symbol.replacingOccurrences(of: "V", with: "2").utf8),
      partial: Array(String(symbol.prefix(180)).utf8),
      shownBy: "Star.symbolset/Star.svg"),
    Kind(
      file: "gamut.yml", first: Array("gamut: both\n".utf8), second: Array("gamut: both\ncompression: 0\n".utf8),
      partial: Array("gamut: bo".utf8),
      shownBy: "Base.imageset/"),
  ]

  /// What `file` of `catalog` holds.
  static func shown(_ file: String, in catalog: String) -> String? {
    guard file.hasSuffix("/") else {
      return FileManager.default.contents(atPath: catalog + "/" + file).map { String(decoding: $0, as: UTF8.self) }
    }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: catalog + "/" + file).sorted()) ?? []
    return names.map { "\($0) \(FileManager.default.contents(atPath: catalog + "/" + file + $0)?.count ?? -1)" }
      .joined(separator: "\n")
  }

  /// What a fresh `gamut build` of `source` shows.
  static func fresh(_ kind: Kind, folder: String) throws -> String? {
    let catalog = "fresh-\(UUID().uuidString)/F.xcassets"
    defer { try? FileManager.default.removeItem(atPath: folder + "/" + catalog) }
    _ = try GamutProcess.run(["build", "src", "--output", catalog, "--quiet"], in: folder)
    return shown(kind.shownBy, in: folder + "/" + catalog)
  }

  /// The files taken in each round the log shows.
  static func rounds(_ watcher: Watcher) -> [[String]] {
    watcher.lines.filter { $0["message"] == "round" }.map {
      ($0["ready"] ?? "").split(separator: ",").map(String.init)
    }
  }

  @Test("A watched folder is rebuilt on every kind of file build reads", arguments: kinds)
  func everyKindIsWatched(_ kind: Kind) throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    let source = folder + "/src"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    try Data(try Self.png(seed: 3)).write(to: URL(fileURLWithPath: source + "/Base.png"))
    let watcher = try Watcher(folder: folder, log: folder + "/watch.log", settle: 150)
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    let catalog = folder + "/out/W.xcassets"
    #expect(Self.wait(seconds: 20) { FileManager.default.fileExists(atPath: catalog + "/Base.imageset/Contents.json") })
    let before = Self.shown(kind.shownBy, in: catalog)

    // Half-written: reported, never taken, the catalog as it was.
    let path = source + "/" + kind.file
    try Data(kind.partial).write(to: URL(fileURLWithPath: path))
    #expect(
      Self.wait(seconds: 20) {
        watcher.lines.contains { $0["message"]?.hasPrefix("incomplete or broken") == true && $0["file"] == kind.file }
      })
    #expect(!Self.rounds(watcher).joined().contains(kind.file))
    #expect(Self.shown(kind.shownBy, in: catalog) == before)

    for (step, bytes) in [kind.first, kind.second].enumerated() {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let expected = try Self.fresh(kind, folder: folder)
      #expect(expected != before)
      #expect(
        Self.wait(seconds: 20) {
          Self.rounds(watcher).joined().count { $0 == kind.file } == step + 1
            && Self.shown(kind.shownBy, in: catalog) == expected
        }, "version \(step + 1) of \(kind.file)")
    }
    try FileManager.default.removeItem(atPath: path)
    let expected = try Self.fresh(kind, folder: folder)
    #expect(
      Self.wait(seconds: 20) {
        watcher.lines.contains { $0["message"] == "round" && $0["removed"] == kind.file }
          && Self.shown(kind.shownBy, in: catalog) == expected
      })
    Thread.sleep(forTimeInterval: 0.5)
    watcher.process.terminate()
    watcher.process.waitUntilExit()
    #expect(watcher.process.terminationStatus == 0)
    #expect(Self.rounds(watcher).joined().count { $0 == kind.file } == 2, "one round per settled version")
    #expect(FileManager.default.fileExists(atPath: catalog + "/Base.imageset/Contents.json"))
  }

  /// A color and an image set of one name are looked up apart: the watch writes both, as build does (the note
  /// build gives is not an error the log reports).
  @Test func aColorNamedLikeAnImageIsWrittenBesideIt() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    let source = folder + "/src"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    try Data(try Self.png(seed: 4)).write(to: URL(fileURLWithPath: source + "/Brand.png"))
    try Data("Brand: \"#FF2D55\"\n".utf8).write(to: URL(fileURLWithPath: source + "/Brand.colors.yml"))
    let watcher = try Watcher(folder: folder, log: folder + "/watch.log", settle: 100)
    defer { if watcher.process.isRunning { watcher.process.terminate() } }
    let catalog = folder + "/out/W.xcassets"
    #expect(
      Self.wait(seconds: 20) {
        FileManager.default.fileExists(atPath: catalog + "/Brand.colorset/Contents.json")
          && FileManager.default.fileExists(atPath: catalog + "/Brand.imageset/Contents.json")
      })
    #expect(!watcher.lines.contains { $0["code"] == "name-collision" })
    watcher.process.terminate()
    watcher.process.waitUntilExit()
  }

  /// A small complete PDF (header, one object, cross-reference section, trailer, `startxref`, `%%EOF`), as the
  /// vector check asks of a PDF source.
  static func pdf(title: String) -> [UInt8] {
    let head = "%PDF-1.7\n1 0 obj << /Title (\(title)) >> endobj\n"
    return Array(
      (head + "xref\n0 1\n0000000000 65535 f \ntrailer << /Size 1 >>\nstartxref\n\(head.utf8.count)\n%%EOF\n").utf8)
  }
}
