import Foundation
import Testing

@testable import GamutKit

/// The three public apps' catalogs in Tests/Fixtures/testdata/catalogs: each imports with nothing left differing,
/// builds back file for file, and is not modified.
@Suite(.tags(.realData), .selectedByTags) struct RealCatalogImportTests {
  static let catalogs = [
    "vienna-rss/Vienna/Resources/Assets.xcassets",
    "pocket-casts-ios/WidgetExtension/Assets.xcassets",
    "pocket-casts-ios/podcasts/Carplay.xcassets",
    "pocket-casts-ios/Pocket Casts Watch App/Assets.xcassets",
    "home-assistant-iOS/Sources/App/Resources/Assets.xcassets",
    "home-assistant-iOS/Sources/Shared/Assets/SharedAssets.xcassets",
  ]

  @Test(arguments: catalogs) func importsAndBuildsBackUnchanged(_ relative: String) throws {
    let catalog = TestData.shared("catalogs/" + relative).path
    let original = ImportFixture.visibleFiles(catalog)
    try #require(!original.isEmpty, "the catalog \(relative) is missing from the test data")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let destination = folder.path + "/Art"
    let report = try CatalogImporter(catalogPath: catalog, destination: destination).run()
    #expect(report.differsCount == 0, "\(report.table)")
    #expect(report.identicalCount > 0)
    #expect(ImportFixture.visibleFiles(catalog) == original, "the import changed the original")
    let options = try BuildConfiguration(contentsOf: destination + "/gamut.yml").options
    let output = folder.path + "/Out/Assets.xcassets"
    _ = try CatalogBuilder(sourceRoot: destination, catalogPath: output, options: options).build()
    ImportFixture.expectRebuilt(output, equals: catalog, report: report)
  }

  /// The catalogs as their repositories have them: the PDFs, SVGs and JPEGs the test data left out are put back as
  /// small files of their kind (``completed(_:into:)``). Then at most 10 % of entries are kept (issue 36).
  @Test(arguments: catalogs) func theCompletedCatalogKeepsAtMostATenth(_ relative: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let catalog = folder.path + "/Original/" + (relative as NSString).lastPathComponent
    try Self.completed(TestData.shared("catalogs/" + relative).path, into: catalog)
    let report = try CatalogImporter(catalogPath: catalog, destination: folder.path + "/Art").run()
    #expect(report.differsCount == 0, "\(report.table)")
    #expect(report.keptCount * 10 <= report.rows.count, "\(report.table)")
    let options = try BuildConfiguration(contentsOf: folder.path + "/Art/gamut.yml").options
    let output = folder.path + "/Out/Assets.xcassets"
    _ = try CatalogBuilder(sourceRoot: folder.path + "/Art", catalogPath: output, options: options).build()
    ImportFixture.expectRebuilt(output, equals: catalog, report: report)
  }

  /// Copies `catalog` to `destination` and puts a small file of the named kind wherever a set names a file that is
  /// not there: a minimal PDF, an SVG (an SF Symbols template in a symbol set), a JPEG.
  static func completed(_ catalog: String, into destination: String) throws {
    try FileManager.default.createDirectory(
      atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: catalog, toPath: destination)
    for placed in CatalogReader().read(destination).sets {
      let set = placed.set
      for (index, name) in set.entries.compactMap(\.filename).enumerated() where !set.files.contains(name) {
        let lower = name.lowercased()
        let bytes: Data
        if lower.hasSuffix(".pdf") {
          bytes = Data(MinimalPDF.text().utf8)
        } else if lower.hasSuffix(".svg") {
          bytes = set.kind == .symbolSet ? XcodeRebuildTests.symbol : Data(Self.svg.utf8)
        } else if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") {
          bytes = Data(JPEGBuilder.jpeg(seed: UInt8(index)))
        } else {
          continue
        }
        try bytes.write(to: URL(fileURLWithPath: destination + "/" + set.relativePath + "/" + name))
      }
    }
  }

  static let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"10\"><path d=\"M0 0L9 9\"/></svg>\n"
}
