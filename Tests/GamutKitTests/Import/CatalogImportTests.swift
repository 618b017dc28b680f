import Foundation
import Testing

@testable import GamutKit

/// `gamut import`: each kind imported from a fixture catalog, the round trip checked, and the safety promises.
@Suite struct CatalogImportTests {
  /// Imports, then checks that the table has no `differs`, that every listed row has the expected outcome, and
  /// that building the imported folder gives the original catalog file for file.
  private func importAndRebuild(_ fixture: ImportFixture) throws -> ImportReport {
    let original = ImportFixture.visibleFiles(fixture.catalog)
    let report = try fixture.runImport()
    #expect(report.differsCount == 0, "\(report.table)")
    let rebuilt = try fixture.rebuild()
    #expect(rebuilt.keys.sorted() == original.keys.sorted())
    for (path, bytes) in original { #expect(rebuilt[path] == bytes, "\(path) differs after the rebuild") }
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
    guard case .kept(let reason) = ImportFixture.outcome(report, "Colors/Hex.colorset") else {
      Issue.record("the hex color set is not kept: \(report.table)")
      return
    }
    #expect(reason.contains("0x"))
    let colors = try text(fixture.destination + "/Colors/Colors.colors.yml")
    #expect(colors.contains("\"TestColor\": { any: \"color(srgb"))
    #expect(colors.contains("{ system: \"systemIndigoColor\", platform: \"universal\" }"))
    #expect(FileManager.default.fileExists(atPath: fixture.destination + "/kept/Colors/Hex.colorset/Contents.json"))
  }

  @Test func appIconsBecomeArtworkSourcesAndAreKeptWhenTheRebuildConverts() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("appiconset/Ranchero-Software--NetNewsWire--AppIcon-iOS", at: "Other.appiconset")
    var plan = ImportPlan(ImportInventory(CatalogReader().read(fixture.catalog)))
    // Xcode's own file names: gamut names icon files itself, so the set is kept before any build.
    #expect(plan.kept.first?.reason == "icon file 'Icon_1024x1024.png' is not named as gamut writes it ('Other.png')")
    // The same set with gamut's names becomes the artwork sources.
    let contents = try String(contentsOfFile: fixture.catalog + "/Other.appiconset/Contents.json", encoding: .utf8)
      .replacingOccurrences(of: "Icon_1024x1024.png", with: "AppIcon.png")
      .replacingOccurrences(of: "Dark Icon.png", with: "AppIcon~dark.png")
      .replacingOccurrences(of: "Tint Icon.png", with: "AppIcon~tinted.png")
    try FileManager.default.removeItem(atPath: fixture.catalog + "/Other.appiconset")
    try fixture.put(contents, at: "AppIcon.appiconset/Contents.json")
    for name in ["AppIcon.png", "AppIcon~dark.png", "AppIcon~tinted.png"] {
      try fixture.put(Data(PNGBuilder.tinyGray()), at: "AppIcon.appiconset/" + name)
    }
    plan = ImportPlan(ImportInventory(CatalogReader().read(fixture.catalog)))
    let icon = try #require(plan.translated.first { $0.path == "AppIcon.appiconset" })
    #expect(icon.copies.map(\.to).sorted() == ["AppIcon.png", "AppIcon~dark.png", "AppIcon~tinted.png"])
    #expect(icon.configuration.appIconPlatforms == ["ios"])
    // A 1x1 gray PNG is not gamut's output for a 1024 icon: the rebuild differs, so the set is kept.
    let report = try importAndRebuild(fixture)
    guard case .kept(let reason) = ImportFixture.outcome(report, "AppIcon.appiconset") else {
      Issue.record("the icon is not kept: \(report.table)")
      return
    }
    #expect(reason.hasPrefix("rebuild differs"))
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
    #expect(ImportFixture.outcome(report, "Legacy/Old.iconset") == .kept("kind .iconset: gamut does not write it"))
    #expect(ImportFixture.outcome(report, "Other.imageset") == .kept("info is not Xcode's (author xcode, version 1)"))
    #expect(ImportFixture.outcome(report, "README.txt") == .kept("a file outside any set (gamut writes none)"))
    guard case .kept = ImportFixture.outcome(report, "Legacy/Contents.json") else {
      Issue.record("a group holding only kept entries: \(report.table)")
      return
    }
    #expect(FileManager.default.fileExists(atPath: fixture.destination + "/kept/Legacy/Old.iconset/icon_16x16.png"))
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

  @Test func aFailingImportLeavesNothingBehind() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    // A kept entry nested deeper than the build copies (FolderWalker.maximumDepth): the check build fails after
    // the folder was staged.
    let deep = Array(repeating: "d", count: FolderWalker.maximumDepth + 2).joined(separator: "/")
    try fixture.put("x", at: "Deep.dataset/" + deep + "/file.txt")
    #expect(throws: FileError.self) { try fixture.runImport() }
    let parent = fixture.folder.path + "/Imported"
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: fixture.destination))
  }

  @Test func aGroupWithoutContentsIsReportedNotKept() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Bare/CornerIcon.imageset")
    let report = try fixture.runImport()
    #expect(report.differsCount == 1, "\(report.table)")
    #expect(
      ImportFixture.outcome(report, "Bare/Contents.json")
        == .differs("the original has no Contents.json here; the build writes one"))
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
