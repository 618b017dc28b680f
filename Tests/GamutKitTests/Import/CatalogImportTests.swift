import Foundation
import Testing

@testable import GamutKit

/// `gamut import`: each kind imported from a fixture catalog, the round trip checked, and the safety promises.
@Suite struct CatalogImportTests {
  /// Imports, then checks that the table has no `differs` and that building the imported folder gives the original
  /// catalog back as the rows say (identical and kept byte for byte, equivalent by the checker).
  private func importAndRebuild(_ fixture: ImportFixture) throws -> ImportReport {
    let report = try fixture.runImport()
    #expect(report.differsCount == 0, "\(report.table)")
    ImportFixture.expectRebuilt(try fixture.rebuild(), equals: fixture.catalog, report: report)
    return report
  }

  private func text(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  @Test func imageSetsBecomeNamedSourcesWithTheirProperties() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--MarsEditIcon", at: "MarsEditIcon.imageset")
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "CornerIcon.imageset")
    try fixture.putXcodeSet(
      "imageset/duckduckgo--iOS--AlertButtonHighlightedTint", at: "AlertButtonHighlightedTint.imageset")
    let report = try importAndRebuild(fixture)
    #expect(report.identicalCount == report.rows.count, "\(report.table)")
    let files = ImportFixture.visibleFiles(fixture.destination).keys.sorted()
    #expect(files.contains("MarsEditIcon@1x.png") && files.contains("MarsEditIcon@2x.png"))
    #expect(files.contains("CornerIcon.png"))
    #expect(files.contains("AlertButtonHighlightedTint~dark@1x.png"))
    let yaml = try text(fixture.destination + "/gamut.yml")
    #expect(yaml.contains("original:\n  - \"MarsEditIcon\""))
    #expect(yaml.contains("singleScale:\n  - \"CornerIcon\""))
    #expect(yaml.contains("unchanged: [\"**\"]"))
  }

  @Test func groupsAndNamespacesBecomeFoldersAndConfiguration() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.put(ImportFixture.namespaceContents, at: "Toolbar/Contents.json")
    try fixture.put(ImportFixture.rootContents, at: "Toolbar/Small/Contents.json")
    try fixture.putXcodeSet(
      "imageset/Ranchero-Software--NetNewsWire--MarsEditIcon", at: "Toolbar/Small/MarsEditIcon.imageset")
    let report = try importAndRebuild(fixture)
    #expect(ImportFixture.outcome(report, "Toolbar/Contents.json") == .identical)
    #expect(ImportFixture.outcome(report, "Toolbar/Small/MarsEditIcon.imageset") == .identical)
    #expect(FileManager.default.fileExists(atPath: fixture.destination + "/Toolbar/Small/MarsEditIcon@2x.png"))
    let yaml = try text(fixture.destination + "/gamut.yml")
    #expect(yaml.contains("namespaces:\n  - \"Toolbar\""))
    // The catalog's own file names are kept where they are not gamut's.
    #expect(yaml.contains("\"Toolbar/Small/MarsEditIcon@1x.png\": \"MarsEdit4Icon24.png\""), "\(yaml)")
  }

  @Test func colorSetsBecomeColorsFiles() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.put(ImportFixture.rootContents, at: "Colors/Contents.json")
    try fixture.putXcodeSet("colorset/mac-cain13--R.swift--TestColor", at: "Colors/TestColor.colorset")
    try fixture.putXcodeSet(
      "colorset/ViennaRSS--vienna-rss--OverlayStatusBarPrimaryText", at: "Colors/PrimaryText.colorset")
    try fixture.putXcodeSet("colorset/apple--sample-food-truck--AccentColor", at: "Colors/AccentColor.colorset")
    try fixture.putXcodeSet("colorset/Ranchero-Software--NetNewsWire--localColor-iOS", at: "Colors/Hex.colorset")
    let report = try importAndRebuild(fixture)
    #expect(ImportFixture.outcome(report, "Colors/TestColor.colorset") == .identical, "\(report.table)")
    #expect(ImportFixture.outcome(report, "Colors/PrimaryText.colorset") == .identical)
    #expect(ImportFixture.outcome(report, "Colors/AccentColor.colorset") == .identical)
    #expect(
      ImportFixture.outcome(report, "Colors/Hex.colorset") == .equivalent("color components in another spelling"))
    let colors = try text(fixture.destination + "/Colors/Colors.colors.yml")
    #expect(colors.contains("\"TestColor\": { any: \"color(srgb"))
    #expect(colors.contains("{ system: \"systemIndigoColor\", platform: \"universal\" }"))
    #expect(colors.contains("\"Hex\": { any: \"rgb(0 122 255 / 1.000)\""), "\(colors)")
  }

  @Test func appIconsUnderXcodesFileNamesAreCopiedUnchanged() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeIcon("Ranchero-Software--NetNewsWire--AppIcon-iOS", at: "Other.appiconset")
    try fixture.putXcodeIcon("Ranchero-Software--NetNewsWire--AppIcon-Mac", at: "AppIcon.appiconset")
    let report = try importAndRebuild(fixture)
    #expect(ImportFixture.outcome(report, "Other.appiconset") == .identical, "\(report.table)")
    #expect(ImportFixture.outcome(report, "AppIcon.appiconset") == .identical)
    let files = ImportFixture.visibleFiles(fixture.destination).keys
    #expect(files.contains("Other.png") && files.contains("Other~dark.png") && files.contains("Other~tinted.png"))
    #expect(files.contains("AppIcon~16@1x.png") && files.contains("AppIcon~512@2x.png"))
    let yaml = try text(fixture.destination + "/gamut.yml")
    #expect(yaml.contains("\"Other.png\": \"Icon_1024x1024.png\""), "\(yaml)")
    #expect(yaml.contains("appIcons:\n  - \"Other\""))
  }

  @Test func legacyMultiSizeIconsAreKeptWithTheirReason() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeIcon("Ranchero-Software--NetNewsWire--AppIcon-Widget", at: "AppIcon.appiconset")
    let report = try importAndRebuild(fixture)
    guard case .kept(let reason) = ImportFixture.outcome(report, "AppIcon.appiconset") else {
      Issue.record("the legacy icon is not kept: \(report.table)")
      return
    }
    #expect(reason.kind == .layout && reason.detail.hasPrefix("the legacy multi-size app icon format"))
  }

  @Test func vectorsAndSymbolsAreCopied() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--accountCloudKit", at: "Cloud.imageset")
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--timelineStar", at: "timelineStar.imageset")
    try fixture.putXcodeSet("symbolset/apple--sample-food-truck--donut", at: "donut.symbolset")
    let report = try importAndRebuild(fixture)
    #expect(report.identicalCount == report.rows.count, "\(report.table)")
    let files = ImportFixture.visibleFiles(fixture.destination).keys
    #expect(files.contains("Cloud.pdf") && files.contains("Cloud~dark.pdf"))
    #expect(files.contains("timelineStar@1x.pdf") && files.contains("timelineStar@2x.pdf"))
    #expect(files.contains("donut.symbols.svg"))
    let yaml = try text(fixture.destination + "/gamut.yml")
    #expect(yaml.contains("preservesVectorRepresentation:\n  - \"Cloud\""))
  }

  @Test func entriesGamutCannotWriteAreKeptAndBuiltBackVerbatim() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.put(ImportFixture.rootContents, at: "Legacy/Contents.json")
    try fixture.put(Data(PNGBuilder.tinyGray()), at: "Legacy/Old.iconset/icon_16x16.png")
    try fixture.put(
      "{\"images\":[],\"info\":{\"author\":\"someone\",\"version\":1}}", at: "Other.imageset/Contents.json")
    try fixture.put("notes", at: "README.txt")
    let report = try importAndRebuild(fixture)
    #expect(ImportFixture.outcome(report, "Legacy/Old.iconset") == .kept(KeepReason(.entryKind, ".iconset")))
    #expect(
      ImportFixture.outcome(report, "Other.imageset")
        == .kept(KeepReason(.key, "info other than Xcode's (author xcode, version 1)")))
    #expect(
      ImportFixture.outcome(report, "README.txt")
        == .kept(KeepReason(.looseFile, "gamut writes no file outside an entry")))
    // A group holding only kept entries: the build writes no Contents.json for it, and Xcode's default one is the
    // same as none.
    #expect(
      ImportFixture.outcome(report, "Legacy/Contents.json")
        == .equivalent(CatalogEquivalence.Spelling.defaultContents.rawValue))
    #expect(FileManager.default.fileExists(atPath: fixture.destination + "/kept/Legacy/Old.iconset/icon_16x16.png"))
    #expect(
      report.table.contains("1 .iconset folder     kept       kind: gamut does not make this kind (Legacy/Old.iconset)")
    )
  }

  @Test func theOriginalIsNotModifiedAndABusyDestinationIsRefused() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--MarsEditIcon", at: "MarsEditIcon.imageset")
    let before = TemporaryFolder.snapshot(fixture.catalog)
    let stamps = TemporaryFolder.stamps(fixture.catalog)
    _ = try fixture.runImport()
    #expect(TemporaryFolder.snapshot(fixture.catalog) == before)
    #expect(TemporaryFolder.stamps(fixture.catalog) == stamps)
    #expect(throws: FileError.self) { try fixture.runImport() }
    // A destination holding the catalog, or inside it, is refused even with force.
    for destination in [fixture.folder.path + "/Original", fixture.catalog + "/Sub"] {
      var importer = CatalogImporter(catalogPath: fixture.catalog, destination: destination)
      importer.force = true
      #expect(throws: FileError.self) { try importer.run() }
    }
    #expect(TemporaryFolder.snapshot(fixture.catalog) == before)
    let report = try fixture.runImport(force: true)
    #expect(report.identicalCount == report.rows.count)
    #expect(try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path + "/Imported") == ["Art"])
  }

  @Test func anImportWithAnEntryItCannotCarryLeavesNothingBehind() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    // A kept entry nested deeper than the build copies (FolderWalker.maximumDepth): refused before anything is
    // written.
    let deep = Array(repeating: "d", count: FolderWalker.maximumDepth + 2).joined(separator: "/")
    try fixture.put("x", at: "Deep.dataset/" + deep + "/file.txt")
    let report = try fixture.runImport()
    guard case .differs(let how) = ImportFixture.outcome(report, "Deep.dataset") else {
      Issue.record("the deep entry does not differ: \(report.table)")
      return
    }
    #expect(how.contains("nested deeper than the build copies"))
    let parent = fixture.folder.path + "/Imported"
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.destination))
  }

  @Test func aGroupWithoutContentsIsEquivalent() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Bare/CornerIcon.imageset")
    let report = try importAndRebuild(fixture)
    #expect(
      ImportFixture.outcome(report, "Bare/Contents.json")
        == .equivalent(CatalogEquivalence.Spelling.defaultContents.rawValue), "\(report.table)")
    #expect(ImportFixture.outcome(report, "Bare/CornerIcon.imageset") == .identical)
  }

  @Test func checkOnlyWritesNothing() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "CornerIcon.imageset")
    let report = try fixture.runImport(checkOnly: true)
    #expect(report.identicalCount == 2)
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: fixture.folder.path + "/Imported")) ?? []).isEmpty)
  }
}
