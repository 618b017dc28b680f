import Foundation
import GamutKit
import GamutTestSupport
import Testing

/// Runs the examples of docs/embedding.md and the DocC articles (`EmbeddingExamples.swift`) and the entry points of
/// the embedding table, through the public API only, on the repository's sample artwork and real test files.
@Suite struct EmbeddingExamplesTests {
  /// A new empty folder, removed when `body` returns.
  static func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try body(folder.path)
  }

  /// A copy of a real file of `Tests/Fixtures/testdata` at `path`.
  static func copy(_ testData: String, to path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: TestData.shared(testData).path, toPath: path)
  }

  @Test func buildCatalogExampleBuildsTheSampleArtwork() throws {
    try Self.withTemporaryFolder { folder in
      let sources = folder + "/Art"
      try FileManager.default.copyItem(atPath: TestData.sampleAssets, toPath: sources)
      let catalog = folder + "/Out/Sample.xcassets"
      // SampleAssets holds a truncated PNG on purpose (Icons/Broken@2x.png, see its README): exit status 1.
      #expect(buildCatalog(from: sources, into: catalog) == ExitStatus.failure.rawValue)
      #expect(FileManager.default.fileExists(atPath: catalog + "/Contents.json"))
      let manifest =
        try JSONSerialization.jsonObject(
          with: Data(contentsOf: URL(fileURLWithPath: folder + "/Out/gamut-manifest.json"))) as? [String: Any]
      let assets = manifest?["assets"] as? [[String: Any]] ?? []
      #expect(assets.count == 10)
      #expect(assets.filter { $0["status"] as? String == "failed" }.count == 1)
    }
  }

  @Test func buildCatalogExampleExitsCleanOnCleanArtwork() throws {
    try Self.withTemporaryFolder { folder in
      try Self.copy("pngsuite/basn2c08.png", to: folder + "/Art/Tile.png")
      #expect(buildCatalog(from: folder + "/Art", into: folder + "/Tile.xcassets") == ExitStatus.clean.rawValue)
      #expect(FileManager.default.fileExists(atPath: folder + "/Tile.xcassets/Tile.imageset/Tile@1x.png"))
    }
  }

  @Test func keepWideGamutExampleWritesADisplayP3CopyOfAClippingFile() throws {
    try Self.withTemporaryFolder { folder in
      let hero = folder + "/Hero.png"
      // Eleven Display P3 reds that all clip to the same sRGB red.
      try Self.copy("wide-gamut/sharp/p3.png", to: hero)
      #expect(try keepWideGamut(hero))
      let copy = try PNGDecoder().decode(contentsOf: folder + "/Hero-p3.png")
      #expect(copy.colorChunks.iccProfile != nil)
      #expect(FileInspection(path: folder + "/Hero-p3.png").colorSpace?.name == "Display P3")
    }
  }

  @Test func keepWideGamutExampleLeavesAnSRGBFileAlone() throws {
    try Self.withTemporaryFolder { folder in
      let tile = folder + "/Tile.png"
      try Self.copy("pngsuite/basn2c08.png", to: tile)
      #expect(try keepWideGamut(tile) == false)
      #expect(!FileManager.default.fileExists(atPath: folder + "/Tile-p3.png"))
    }
  }

  /// The "inspect a file" and "decode and encode PNGs" rows, and their example.
  @Test func inspectionDecodingAndEncodingThroughThePublicAPI() throws {
    #expect(describe(TestData.shared("wide-gamut/sharp/p3.png").path) == "8x8, Display P3")
    #expect(describe(TestData.shared("pngsuite/xs1n0g01.png").path).hasPrefix("unreadable: "))
    let path = TestData.shared("pngsuite/basn2c08.png").path
    let image = try PNGDecoder().decode(contentsOf: path)
    let again = try PNGDecoder().decode(try retagged(path))
    #expect(again.header.width == image.header.width && again.header.height == image.header.height)
    #expect(again.pixels == image.pixels)
    #expect(again.colorChunks.sRGBIntent == 0)
  }

  /// The lint row: findings printed, a baseline written by `adoptLint` that then accepts every one of them, and a
  /// path lint does not take refused.
  @Test(.tags(.realData), .selectedByTags) func lintExamplesFindAdoptAndRefuse() throws {
    try Self.withTemporaryFolder { folder in
      let catalog = TestData.shared("catalogs/vienna-rss/Vienna/Resources/Assets.xcassets").path
      #expect(try lintCatalogs([catalog], baseline: nil) != .usage)
      let result = Linter().lint([catalog])
      #expect(!result.findings.isEmpty)
      let baseline = folder + "/baseline.json"
      try adoptLint([catalog], baseline: baseline)
      #expect(try LintBaseline(contentsOf: baseline).findings.count == Set(result.findings.map(\.baselineKey)).count)
      #expect(try lintCatalogs([catalog], baseline: baseline) == .clean)
      #expect(try lintCatalogs([folder + "/baseline.json"], baseline: nil) == .usage)
    }
  }

  /// The fix row: a Display P3 image that clips, alone in an any-gamut slot of a catalog kept by hand; the dry run
  /// writes nothing, the fix gives the slot its sRGB rendition, keeps the replaced Contents.json in the backup, and
  /// leaves no clipping finding.
  @Test func fixExampleGivesAWideImageItsSRGBRendition() throws {
    try Self.withTemporaryFolder { folder in
      let set = folder + "/App.xcassets/Hero.imageset"
      try Self.copy("wide-gamut/sharp/p3.png", to: set + "/hero.png")
      let contents =
        #"{ "images" : [ { "filename" : "hero.png", "idiom" : "universal" } ], "#
        + #""info" : { "author" : "xcode", "version" : 1 } }"#
      try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
      let isClipping = { (finding: LintFinding) in finding.diagnostic.code.rawValue.hasPrefix("clipping-") }

      let planned = fixCatalogs([folder + "/App.xcassets"], backup: folder + "/bk", dryRun: true)
      #expect(planned.contains(where: isClipping))
      #expect(try FileManager.default.contentsOfDirectory(atPath: set).sorted() == ["Contents.json", "hero.png"])
      let remaining = fixCatalogs([folder + "/App.xcassets"], backup: folder + "/bk", dryRun: false)
      #expect(!remaining.contains(where: isClipping))
      #expect(FileManager.default.fileExists(atPath: set + "/hero~srgb.png"))
      #expect(
        FileManager.default.contents(atPath: folder + "/bk/App.xcassets/Hero.imageset/Contents.json")
          == Data(contents.utf8))
    }
  }

  /// The import row: a catalog gamut built comes back equivalent, and the folder is written.
  @Test func importExampleTurnsACatalogIntoSources() throws {
    try Self.withTemporaryFolder { folder in
      try Self.copy("pngsuite/basn2c08.png", to: folder + "/Art/Tile.png")
      #expect(buildCatalog(from: folder + "/Art", into: folder + "/Tile.xcassets") == ExitStatus.clean.rawValue)
      #expect(try importCatalog(folder + "/Tile.xcassets", into: folder + "/Imported"))
      #expect(FileManager.default.fileExists(atPath: folder + "/Imported/gamut.yml"))
    }
  }

  /// The report row: the page of a build, from its manifest.
  @Test func reportExampleWritesThePageOfABuild() throws {
    try Self.withTemporaryFolder { folder in
      try Self.copy("wide-gamut/sharp/p3.png", to: folder + "/Art/Hero.png")
      _ = buildCatalog(from: folder + "/Art", into: folder + "/Out/A.xcassets")
      let page = try writeReport(
        catalog: folder + "/Out/A.xcassets", manifest: folder + "/Out/gamut-manifest.json",
        page: folder + "/Out/report.html")
      let html = try String(contentsOfFile: page, encoding: .utf8)
      #expect(html.contains("Hero"))
    }
  }

  /// The watch row: the first round builds the folder; `stop()` from another thread ends the loop.
  @Test func watchExampleBuildsAndStops() throws {
    try Self.withTemporaryFolder { folder in
      try Self.copy("pngsuite/basn2c08.png", to: folder + "/Art/Tile.png")
      let catalog = folder + "/Out/A.xcassets"
      let started = LoopBox()
      let stopper = Thread {
        // The first build ends the first round; the loop is stopped once it has written the catalog.
        while !FileManager.default.fileExists(atPath: catalog + "/Tile.imageset/Contents.json") {
          Thread.sleep(forTimeInterval: 0.05)
        }
        started.loop?.stop()
      }
      try watchCatalog(from: folder + "/Art", into: catalog) { loop in
        started.loop = loop
        stopper.start()
      }
      #expect(FileManager.default.fileExists(atPath: catalog + "/Tile.imageset/Tile@1x.png"))
    }
  }

  /// The loop `watchCatalog` hands out, for the thread that stops it.
  final class LoopBox: @unchecked Sendable {
    var loop: WatchLoop? {
      get { lock.withLock { stored } }
      set { lock.withLock { stored = newValue } }
    }
    private var stored: WatchLoop?
    private let lock = NSLock()
  }

  /// Every Swift code block of docs/embedding.md (but the first, Package.swift) and of the DocC articles is code
  /// that `EmbeddingExamples.swift` holds word for word, so that what the docs show is what compiles and runs.
  @Test func examplesAreThoseOfTheDocs() throws {
    let examples = try String(
      contentsOfFile: TestData.project("Tests/GamutKitAPITests/EmbeddingExamples.swift"), encoding: .utf8)
    let embedding = try Self.swiftBlocks(in: TestData.project("docs/embedding.md"))
    #expect(embedding.count == 9)
    var blocks = embedding.dropFirst().map { ("docs/embedding.md", $0) }
    let articles = TestData.project("Sources/GamutKit/GamutKit.docc")
    let names = try FileManager.default.contentsOfDirectory(atPath: articles).filter { $0.hasSuffix(".md") }.sorted()
    for name in names {
      blocks += try Self.swiftBlocks(in: articles + "/" + name).map { ("GamutKit.docc/" + name, $0) }
    }
    #expect(blocks.count >= 16)
    for (page, block) in blocks {
      let code = block.replacingOccurrences(of: "import GamutKit\n\n", with: "")
      #expect(examples.contains(code), "\(page): example not in EmbeddingExamples.swift:\n\(code)")
    }
  }

  /// The contents of the ```swift blocks of a Markdown file.
  static func swiftBlocks(in path: String) throws -> [String] {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    return text.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
  }
}
