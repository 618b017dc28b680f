import Foundation
import Synchronization
import Testing

@testable import GamutKit

/// The watch follows every kind of file `build` reads (issue 29): for each kind, a half-written file is reported
/// and never taken while the rest of the catalog stays, the complete file is built in exactly one round, a new
/// version in exactly one more, and a deletion is applied; after each step the watched catalog shows what a fresh
/// build of the folder shows. Driven by the polling source, which compares scans of every kind.
@Suite(.serialized, .tags(.timing), .selectedByTags) struct WatchKindsTests {
  /// One kind of source: its file, two complete versions, and what of the catalog shows it.
  struct Kind: Sendable, CustomTestStringConvertible {
    var name: String
    /// The file, relative to the source folder.
    var file: String
    var first: [UInt8]
    var second: [UInt8]
    /// The catalog's files that show this kind's effect, relative to the catalog; a path ending in `/` stands for
    /// the names and sizes of the folder's files.
    var shownBy: [String]
    /// A half-written first version (by default its first half).
    var partial: [UInt8]?
    var testDescription: String { name }
  }

  /// A small opaque PNG, distinct for each seed.
  static func png(width: Int = 16, height: Int = 16, seed: Int) throws -> [UInt8] {
    try TestPNG.distinct(width: width, height: height, seed: seed)
  }

  static func svg(_ radius: Int) -> [UInt8] {
    Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"><circle cx=\"10\" cy=\"10\" r=\"\(radius)\"/></svg>\n"
        .utf8)
  }

  static func pdf(_ name: String) -> [UInt8] {
    Array(MinimalPDF.text("1 0 obj << /Title (\(name)) /ColorSpace /DeviceRGB >> endobj\n").utf8)
  }

  static let kinds: [Kind] = {
    let symbol = [UInt8](XcodeRebuildTests.symbol)
    let widerSymbol = [UInt8](
      String(decoding: symbol, as: UTF8.self).replacingOccurrences(of: "<svg ", with: "<svg data-v=\"2\" ").utf8)
    return [
      Kind(
        name: "colors file", file: "Brand.colors.yml", first: Array("Accent: \"#0A84FF\"\n".utf8),
        second: Array("Accent: { any: \"#FF2D55\", dark: \"#FF375F\" }\n".utf8),
        shownBy: ["Accent.colorset/Contents.json"]),
      Kind(
        name: "design tokens", file: "Palette.tokens.json",
        first: Array(##"{ "ink": { "$type": "color", "$value": "#112233" } }"##.utf8),
        second: Array(##"{ "ink": { "$type": "color", "$value": "#445566" } }"##.utf8),
        shownBy: ["ink.colorset/Contents.json"]),
      Kind(
        name: "SVG", file: "Dot.svg", first: svg(4), second: svg(7), shownBy: ["Dot.imageset/Dot.svg"]),
      Kind(name: "PDF", file: "Doc.pdf", first: pdf("one"), second: pdf("two"), shownBy: ["Doc.imageset/Doc.pdf"]),
      Kind(
        name: "symbol", file: "Star.symbols.svg", first: symbol, second: widerSymbol,
        shownBy: ["Star.symbolset/Star.svg"]),
      Kind(
        name: "app icon", file: "AppIcon.png", first: (try? png(width: 1024, height: 1024, seed: 5)) ?? [],
        second: (try? png(width: 1024, height: 1024, seed: 9)) ?? [], shownBy: ["AppIcon.appiconset/AppIcon.png"]),
      Kind(
        name: "configuration", file: "gamut.yml", first: Array("gamut: both\n".utf8),
        second: Array("gamut: both\ncompression: 0\n".utf8), shownBy: ["Base.imageset/"],
        partial: Array("gamut: bo".utf8)),
    ]
  }()

  /// A builder of `source` into `catalog` with the configuration `source/gamut.yml` as it is now.
  static func builder(source: String, catalog: String) throws(BuildConfiguration.Error) -> CatalogBuilder {
    let configuration = source + "/" + BuildConfiguration.fileName
    let options =
      FileManager.default.fileExists(atPath: configuration)
      ? try BuildConfiguration(contentsOf: configuration).options : BuildOptions()
    return CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options)
  }

  /// The bytes of `files` in `catalog` (nil for a missing file), one entry per file.
  static func shown(_ files: [String], in catalog: String) -> [Data?] {
    files.map { file in
      guard file.hasSuffix("/") else { return FileManager.default.contents(atPath: catalog + "/" + file) }
      let folder = catalog + "/" + file
      let names = (try? FileManager.default.contentsOfDirectory(atPath: folder).sorted()) ?? []
      let sizes = names.map { "\($0) \(FileManager.default.contents(atPath: folder + $0)?.count ?? -1)\n" }
      return Data(sizes.joined().utf8)
    }
  }

  /// What a fresh build of `source` shows for `kind`.
  static func fresh(_ kind: Kind, source: String, scratch: String) throws -> [Data?] {
    let catalog = scratch + "/Fresh-\(UUID().uuidString).xcassets"
    defer { try? FileManager.default.removeItem(atPath: catalog) }
    _ = try builder(source: source, catalog: catalog).build()
    return shown(kind.shownBy, in: catalog)
  }

  /// A loop and a watched catalog on a thread of their own, recording rounds and notices.
  final class Session: Sendable {
    struct Log: Sendable {
      var rounds: [WatchRound] = []
      var broken: [BrokenFile] = []
      var error: String?
      func readyCount(_ path: String) -> Int { rounds.reduce(0) { $0 + $1.ready.count { $0.relativePath == path } } }
    }

    let loop: WatchLoop
    let log = Mutex(Log())
    private let finished = Mutex(false)

    init(source: String, catalog: String) throws {
      let scanner = SourceScanner(root: source)
      var options = WatchLoop.Options()
      options.settle = .milliseconds(150)
      let changes = try PollingChangeSource(scanner: scanner, interval: .milliseconds(40))
      loop = WatchLoop(source: changes, scanner: scanner, options: options, isComplete: SourceReadiness.check)
      let initial = try WatchedCatalog { () throws(BuildConfiguration.Error) in
        try WatchKindsTests.builder(source: source, catalog: catalog)
      }
      Thread { [self] in
        var watched = initial
        do {
          try loop.run(
            onNotice: { notice in
              if case .broken(let file) = notice { log.withLock { $0.broken.append(file) } }
            },
            rebuild: { round in
              _ = try watched.rebuild(round)
              log.withLock { $0.rounds.append(round) }
            })
        } catch {
          log.withLock { $0.error = "\(error)" }
        }
        finished.withLock { $0 = true }
      }.start()
    }

    /// Waits (polling) until `condition` holds or `timeout` passes; returns whether it held.
    func wait(timeout: Duration = .seconds(20), until condition: () throws -> Bool) async throws -> Bool {
      let deadline = ContinuousClock.now + timeout
      while ContinuousClock.now < deadline {
        if try condition() { return true }
        try await Task.sleep(for: .milliseconds(40))
      }
      return try condition()
    }

    func stop() async throws {
      loop.stop()
      while !finished.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
    }

    var snapshot: Log { log.withLock { $0 } }
  }

  @Test("Each kind of source is watched as build reads it", arguments: kinds)
  func eachKindIsWatched(_ kind: Kind) async throws {
    #expect(!kind.first.isEmpty && kind.first != kind.second)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    let catalog = folder.path + "/Out/W.xcassets"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    let base = try Self.png(seed: 1)
    try Data(base).write(to: URL(fileURLWithPath: source + "/Base.png"))
    let session = try Session(source: source, catalog: catalog)
    let baseFile = catalog + "/Base.imageset/Contents.json"
    #expect(try await session.wait { FileManager.default.fileExists(atPath: baseFile) })
    let baseBefore = FileManager.default.contents(atPath: baseFile)
    let shownBefore = Self.shown(kind.shownBy, in: catalog)

    // Half of the file, left as it is: reported, never taken; the catalog stays as it was.
    let path = source + "/" + kind.file
    try Data(kind.partial ?? Array(kind.first.prefix(kind.first.count / 2))).write(to: URL(fileURLWithPath: path))
    #expect(try await session.wait { session.snapshot.broken.contains { $0.path == kind.file } })
    #expect(session.snapshot.readyCount(kind.file) == 0)
    #expect(Self.shown(kind.shownBy, in: catalog) == shownBefore)
    #expect(FileManager.default.contents(atPath: baseFile) == baseBefore)

    // The complete file, then a second version: each taken once, and shown as a fresh build shows it.
    for (step, bytes) in [kind.first, kind.second].enumerated() {
      try Data(bytes).write(to: URL(fileURLWithPath: path))
      let expected = try Self.fresh(kind, source: source, scratch: folder.path)
      #expect(expected != shownBefore, "the fresh build shows the change")
      let applied = try await session.wait {
        session.snapshot.readyCount(kind.file) == step + 1 && Self.shown(kind.shownBy, in: catalog) == expected
      }
      #expect(applied, "version \(step + 1) of \(kind.file) is in the watched catalog")
    }

    // Deleted: the catalog follows.
    try FileManager.default.removeItem(atPath: path)
    let expected = try Self.fresh(kind, source: source, scratch: folder.path)
    #expect(
      try await session.wait {
        session.snapshot.rounds.contains { $0.removed.contains(kind.file) }
          && Self.shown(kind.shownBy, in: catalog) == expected
      })
    try await Task.sleep(for: .milliseconds(400))
    try await session.stop()
    let log = session.snapshot
    #expect(log.error == nil)
    #expect(log.readyCount(kind.file) == 2, "exactly one round per settled version")
    #expect(FileManager.default.fileExists(atPath: baseFile))
  }
}
