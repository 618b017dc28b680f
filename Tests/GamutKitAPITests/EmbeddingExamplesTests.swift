import Foundation
import GamutKit
import Testing

/// Runs the examples of docs/embedding.md (`EmbeddingExamples.swift`) and the entry points of its table, through the
/// public API only, on the repository's sample artwork and real test files.
@Suite struct EmbeddingExamplesTests {
  /// The project root, found from this file's path.
  static let projectRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // GamutKitAPITests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// A real file of `Tests/Fixtures/testdata`.
  static func testData(_ path: String) -> String {
    projectRoot.appendingPathComponent("Tests/Fixtures/testdata/" + path).path
  }

  /// A new empty folder, removed by `body`'s caller when done.
  static func withTemporaryFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gamut-api-" + UUID().uuidString).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try body(folder)
  }

  @Test func buildCatalogExampleBuildsTheSampleArtwork() throws {
    try Self.withTemporaryFolder { folder in
      let sources = folder + "/Art"
      try FileManager.default.copyItem(
        atPath: Self.projectRoot.appendingPathComponent("SampleAssets").path, toPath: sources)
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
      try FileManager.default.createDirectory(atPath: folder + "/Art", withIntermediateDirectories: true)
      try FileManager.default.copyItem(atPath: Self.testData("pngsuite/basn2c08.png"), toPath: folder + "/Art/Tile.png")
      #expect(buildCatalog(from: folder + "/Art", into: folder + "/Tile.xcassets") == ExitStatus.clean.rawValue)
      #expect(FileManager.default.fileExists(atPath: folder + "/Tile.xcassets/Tile.imageset/Tile@1x.png"))
    }
  }

  @Test func keepWideGamutExampleWritesADisplayP3CopyOfAClippingFile() throws {
    try Self.withTemporaryFolder { folder in
      let hero = folder + "/Hero.png"
      // Eleven Display P3 reds that all clip to the same sRGB red.
      try FileManager.default.copyItem(atPath: Self.testData("wide-gamut/sharp/p3.png"), toPath: hero)
      #expect(try keepWideGamut(hero))
      let copy = try PNGDecoder().decode(contentsOf: folder + "/Hero-p3.png")
      #expect(copy.colorChunks.iccProfile != nil)
      #expect(FileInspection(path: folder + "/Hero-p3.png").colorSpace?.name == "Display P3")
    }
  }

  @Test func keepWideGamutExampleLeavesAnSRGBFileAlone() throws {
    try Self.withTemporaryFolder { folder in
      let tile = folder + "/Tile.png"
      try FileManager.default.copyItem(atPath: Self.testData("pngsuite/basn2c08.png"), toPath: tile)
      #expect(try keepWideGamut(tile) == false)
      #expect(!FileManager.default.fileExists(atPath: folder + "/Tile-p3.png"))
    }
  }

  /// The code blocks of docs/embedding.md (but the first, Package.swift) are those `EmbeddingExamples.swift` runs.
  @Test func examplesAreThoseOfTheDocs() throws {
    let docs = try String(contentsOf: Self.projectRoot.appendingPathComponent("docs/embedding.md"), encoding: .utf8)
    let examples = try String(
      contentsOf: Self.projectRoot.appendingPathComponent("Tests/GamutKitAPITests/EmbeddingExamples.swift"),
      encoding: .utf8)
    let blocks = docs.components(separatedBy: "```swift\n").dropFirst().map { $0.components(separatedBy: "```")[0] }
    #expect(blocks.count == 3)
    for block in blocks.dropFirst() {
      let code = block.replacingOccurrences(of: "import GamutKit\n\n", with: "")
      #expect(examples.contains(code), "docs/embedding.md example not in EmbeddingExamples.swift:\n\(code)")
    }
  }

  /// The table's "inspect a file" and "decode and encode PNGs" rows.
  @Test func inspectionDecodingAndEncodingThroughThePublicAPI() throws {
    let inspection = FileInspection(path: Self.testData("wide-gamut/sharp/p3.png"))
    #expect(inspection.width == 8 && inspection.height == 8)
    #expect(inspection.colorSpace?.name == "Display P3")
    let image = try PNGDecoder().decode(contentsOf: Self.testData("pngsuite/basn2c08.png"))
    let bytes = try PNGEncoder(compressionLevel: 9).encode(image.pixels, colorTag: .sRGB(intent: 0))
    let again = try PNGDecoder().decode(bytes)
    #expect(again.header.width == image.header.width && again.header.height == image.header.height)
    #expect(again.pixels == image.pixels)
  }
}
