import Foundation
import Testing

@testable import GamutKit

/// Issue 36: each spelling Xcode itself writes, and would rewrite the next time someone touches the set, imports and
/// rebuilds to `equivalent` (or `identical`) instead of being kept.
@Suite struct ImportPatternTests {
  /// Imports, checks that nothing differs and nothing is kept, and rebuilds the imported folder to the original.
  private func importAndRebuild(_ fixture: ImportFixture) throws -> ImportReport {
    let report = try fixture.runImport()
    #expect(report.differsCount == 0 && report.keptCount == 0, "\(report.table)")
    ImportFixture.expectRebuilt(try fixture.rebuild(), equals: fixture.catalog, report: report)
    return report
  }

  /// An image set in the layout of an older Xcode: `idiom` before `filename`, `info` with `version` first, no
  /// trailing newline (pocket-casts-ios' CarPlay catalog, in Tests/Fixtures/testdata/catalogs).
  static let olderImageSet = """
    {
      "images" : [
        {
          "idiom" : "universal",
          "scale" : "1x"
        },
        {
          "idiom" : "universal",
          "filename" : "files@2x.png",
          "scale" : "2x"
        },
        {
          "idiom" : "universal",
          "filename" : "files@3x.jpg",
          "scale" : "3x"
        }
      ],
      "info" : {
        "version" : 1,
        "author" : "xcode"
      }
    }
    """

  /// A color set in the pre-2020 layout: `info` first, keys in no order (vienna-rss' AttachmentViewBackground).
  static let olderColorSet = """
    {
      "info" : {
        "version" : 1,
        "author" : "xcode"
      },
      "colors" : [
        {
          "idiom" : "universal",
          "color" : {
            "color-space" : "srgb",
            "components" : {
              "red" : "0.929",
              "alpha" : "1.000",
              "blue" : "1.000",
              "green" : "0.976"
            }
          }
        }
      ]
    }
    """

  @Test func olderKeyOrderAndFormattingIsEquivalent() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.put(
      Self.olderImageSet.replacingOccurrences(of: "@3x.jpg", with: "@3x.png"), at: "Files.imageset/Contents.json")
    try fixture.put(Data(PNGBuilder.tinyGray(value: 1)), at: "Files.imageset/files@2x.png")
    try fixture.put(Data(PNGBuilder.tinyGray(value: 2)), at: "Files.imageset/files@3x.png")
    try fixture.put(Self.olderColorSet, at: "Test.colorset/Contents.json")
    let report = try importAndRebuild(fixture)
    let formatting = CatalogEquivalence.Spelling.formatting.rawValue
    #expect(ImportFixture.outcome(report, "Files.imageset") == .equivalent(formatting), "\(report.table)")
    #expect(ImportFixture.outcome(report, "Test.colorset") == .equivalent(formatting))
  }

  @Test(arguments: [
    "Ranchero-Software--NetNewsWire--localColor-iOS", "Ranchero-Software--NetNewsWire--feedlyColor-iOS",
    "Ranchero-Software--NetNewsWire--theoldreaderColor-iOS", "microsoft--fluentui-apple--anchorShade30",
  ])
  func hexAndEightBitColorsAreEquivalent(_ name: String) throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("colorset/" + name, at: "Color.colorset")
    let report = try importAndRebuild(fixture)
    #expect(
      ImportFixture.outcome(report, "Color.colorset") == .equivalent("color components in another spelling"),
      "\(report.table)")
    let colors = try String(contentsOfFile: fixture.destination + "/Colors.colors.yml", encoding: .utf8)
    #expect(colors.contains("rgb("), "the 8-bit codes are kept as codes: \(colors)")
  }

  @Test func aDisplayP3ColorInEightBitCodesIsEquivalent() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    // A Display P3 color inside sRGB (a gray), in Xcode's 8-bit spellings: no sRGB pair is added, the components
    // come back as Xcode's three decimals.
    let contents = try String(
      contentsOf: TestData.shared("xcode/colorset/Ranchero-Software--NetNewsWire--feedlyColor-iOS/Contents.json"),
      encoding: .utf8)
    let gray = contents.replacingOccurrences(of: "\"srgb\"", with: "\"display-p3\"").replacingOccurrences(
      of: #""(red|green|blue)" : "[0-9]+""#, with: "\"$1\" : \"0x80\"", options: .regularExpression)
    try fixture.put(gray, at: "Gray.colorset/Contents.json")
    let report = try importAndRebuild(fixture)
    #expect(ImportFixture.outcome(report, "Gray.colorset") == .equivalent("color components in another spelling"))
    let colors = try String(contentsOfFile: fixture.destination + "/Colors.colors.yml", encoding: .utf8)
    #expect(colors.contains("color(display-p3 0.501961 0.501961 0.501961 / 1.000)"), "\(colors)")
  }

  @Test func jpegRenditionsAreCopiedAndTheSetIsEquivalent() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.put(Self.olderImageSet, at: "Files.imageset/Contents.json")
    try fixture.put(Data(PNGBuilder.tinyGray(value: 1)), at: "Files.imageset/files@2x.png")
    try fixture.put(Data(JPEGBuilder.jpeg(width: 3, height: 3)), at: "Files.imageset/files@3x.jpg")
    try fixture.put(
      "{\"images\":[{\"filename\":\"p.jpeg\",\"idiom\":\"universal\"}],\"info\":{\"author\":\"xcode\",\"version\":1}}",
      at: "Photo.imageset/Contents.json")
    try fixture.put(Data(JPEGBuilder.jpeg(width: 40, height: 30, seed: 9)), at: "Photo.imageset/p.jpeg")
    let report = try importAndRebuild(fixture)
    #expect(
      ImportFixture.outcome(report, "Files.imageset") == .equivalent(CatalogEquivalence.Spelling.formatting.rawValue))
    let photo = try #require(report.rows.first { $0.path == "Photo.imageset" })
    #expect(photo.note == "JPEGs copied unchanged", "\(report.table)")
    let yaml = try String(contentsOfFile: fixture.destination + "/gamut.yml", encoding: .utf8)
    #expect(yaml.contains("\"Photo.jpg\": \"p.jpeg\"") && yaml.contains("singleScale:\n  - \"Photo\""), "\(yaml)")
  }

  @Test func aMacIconInTheOldLayoutWithXcodesOldNamesIsEquivalent() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    // vienna-rss' icon: the macOS block written by an older Xcode (`size` first), files named icon_16x16.png...
    let icon = TestData.shared("catalogs/vienna-rss/Vienna/Resources/Assets.xcassets/AppIcon.appiconset").path
    for name in try FileManager.default.contentsOfDirectory(atPath: icon) {
      try fixture.put(try Data(contentsOf: URL(fileURLWithPath: icon + "/" + name)), at: "AppIcon.appiconset/" + name)
    }
    let report = try importAndRebuild(fixture)
    #expect(
      ImportFixture.outcome(report, "AppIcon.appiconset")
        == .equivalent(CatalogEquivalence.Spelling.formatting.rawValue), "\(report.table)")
    #expect(FileManager.default.fileExists(atPath: fixture.destination + "/AppIcon~512@2x.png"))
  }

  @Test func aCatalogWithoutAnyContentsJSONIsEquivalent() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try FileManager.default.removeItem(atPath: fixture.catalog + "/Contents.json")
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Group/Corner.imageset")
    let report = try importAndRebuild(fixture)
    let missing = CatalogEquivalence.Spelling.defaultContents.rawValue
    #expect(ImportFixture.outcome(report, "Contents.json") == .equivalent(missing), "\(report.table)")
    #expect(ImportFixture.outcome(report, "Group/Contents.json") == .equivalent(missing))
  }

  @Test func emptyColorSlotsAreImported() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("colorset/apple--sample-food-truck--WidgetBackground", at: "WidgetBackground.colorset")
    try fixture.put(
      "{\n  \"colors\" : [\n    {\n      \"idiom\" : \"universal\"\n    }\n  ],\n  \"info\" : {\n    \"version\" : 1,\n"
        + "    \"author\" : \"xcode\"\n  }\n}", at: "AccentColor.colorset/Contents.json")
    let report = try importAndRebuild(fixture)
    #expect(ImportFixture.outcome(report, "WidgetBackground.colorset") == .identical, "\(report.table)")
    #expect(
      ImportFixture.outcome(report, "AccentColor.colorset")
        == .equivalent(CatalogEquivalence.Spelling.formatting.rawValue))
    let colors = try String(contentsOfFile: fixture.destination + "/Colors.colors.yml", encoding: .utf8)
    #expect(colors.contains("\"AccentColor\": { any: ~ }"), "\(colors)")
  }
}
