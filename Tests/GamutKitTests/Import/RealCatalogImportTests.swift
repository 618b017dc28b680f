import Foundation
import Testing

@testable import GamutKit

/// The three public apps' catalogs in Tests/Fixtures/testdata/catalogs: each imports with nothing left differing,
/// builds back file for file, and is not modified.
@Suite struct RealCatalogImportTests {
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
    let rebuilt = ImportFixture.visibleFiles(output)
    #expect(rebuilt.keys.sorted() == original.keys.sorted())
    #expect(rebuilt == original)
  }
}
