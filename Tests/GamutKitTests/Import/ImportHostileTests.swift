import Foundation
import Testing

@testable import GamutKit

/// Issue 34's import defects, each by its mechanism: one rule for what can be carried (``ImportSurvey``), streamed
/// copies and comparisons, the destination checked as a path, and the work folder a killed import leaves removed.
@Suite struct ImportHostileTests {
  private func differs(_ report: ImportReport, _ path: String) -> String? {
    if case .differs(let how) = ImportFixture.outcome(report, path) { return how }
    return nil
  }

  /// Nothing was written next to the destination: no folder, no work folder.
  private func expectNothingWritten(_ fixture: ImportFixture) {
    let parent = fixture.folder.path + "/Imported"
    #expect(((try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? []).isEmpty)
  }

  @Test func aDestinationThatIsTheCurrentFolderOrTheRootIsRefusedNotACrash() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    let holding = fixture.folder.path + "/Original/."
    let refusal = CatalogImporter(catalogPath: fixture.catalog, destination: holding).refusal()
    #expect(refusal?.hasPrefix("--to holds the catalog being imported") == true, "\(refusal ?? "")")
    #expect(CatalogImporter(catalogPath: fixture.catalog, destination: "/").refusal()?.hasPrefix("--to holds") == true)
    #expect(CatalogImporter(catalogPath: fixture.catalog, destination: "").refusal() == "--to is empty")
    try fixture.put("x", at: "../file.txt")
    let underAFile = CatalogImporter(
      catalogPath: fixture.catalog, destination: fixture.folder.path + "/Original/file.txt/x")
    #expect(underAFile.refusal()?.hasSuffix("file.txt' is not a folder") == true)
    #expect(throws: FileError.self) { try underAFile.run() }
  }

  @Test func onlyAFolderNamedXcassetsIsACatalog() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    for path in ["/", fixture.folder.path, fixture.folder.path + "/Original"] {
      let refusal = CatalogImporter(catalogPath: path, destination: fixture.destination).refusal()
      #expect(refusal?.hasSuffix("is not an asset catalog: gamut imports a folder named *.xcassets") == true, "\(path)")
    }
  }

  @Test func aSetNestedDeeperThanTheReaderGoesDiffersAndNothingIsWritten() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    let groups = (1...CatalogReader.Limits().maximumDepth + 1).map { "g\($0)" }.joined(separator: "/")
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: groups + "/Deep.imageset")
    let report = try fixture.runImport()
    #expect(differs(report, groups)?.hasPrefix("groups nested deeper than gamut reads") == true, "\(report.table)")
    #expect(!report.rows.contains { $0.path.hasSuffix("Deep.imageset") && $0.outcome == .identical })
    expectNothingWritten(fixture)
  }

  @Test func hiddenAndTemporaryNamesInAKeptEntryAreCarriedAndCompared() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.put(
      "{\"data\":[{\"filename\":\".data.json\",\"idiom\":\"universal\"}],\"info\":{\"author\":\"xcode\",\"version\":1}}",
      at: "D.dataset/Contents.json")
    try fixture.put("{\"hidden\":1}", at: "D.dataset/.data.json")
    for name in ["x.tmp", "x~", "x.part"] { try fixture.put(name, at: "T.dataset/" + name) }
    try fixture.put("loose", at: "notes.tmp")
    let report = try fixture.runImport()
    #expect(report.differsCount == 0, "\(report.table)")
    #expect(ImportFixture.outcome(report, "D.dataset") == .kept(KeepReason(.entryKind, ".dataset")))
    #expect(
      ImportFixture.outcome(report, "notes.tmp")
        == .kept(KeepReason(.looseFile, "gamut writes no file outside an entry")))
    let rebuilt = try fixture.rebuild()
    for path in ["D.dataset/.data.json", "T.dataset/x.tmp", "T.dataset/x~", "T.dataset/x.part", "notes.tmp"] {
      #expect(
        FileManager.default.contents(atPath: rebuilt + "/" + path)
          == FileManager.default.contents(atPath: fixture.catalog + "/" + path), "\(path)")
    }
  }

  @Test func aGroupThatIsALinkDiffersRatherThanVanishing() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Real/CornerIcon.imageset")
    try FileManager.default.createSymbolicLink(atPath: fixture.catalog + "/Linked", withDestinationPath: "Real")
    // A group's Contents.json that is a link, and a set's.
    try fixture.put("{}", at: "../outside.json")
    let outside = fixture.folder.path + "/Original/outside.json"
    try FileManager.default.createDirectory(atPath: fixture.catalog + "/Group", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: fixture.catalog + "/Group/Contents.json", withDestinationPath: outside)
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Set.imageset")
    try FileManager.default.removeItem(atPath: fixture.catalog + "/Set.imageset/Contents.json")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.catalog + "/Set.imageset/Contents.json", withDestinationPath: outside)
    let report = try fixture.runImport()
    #expect(
      differs(report, "Linked")?.hasPrefix("a symbolic link, which gamut never follows") == true, "\(report.table)")
    #expect(differs(report, "Group/Contents.json")?.hasPrefix("a symbolic link") == true)
    #expect(differs(report, "Set.imageset")?.hasPrefix("'Contents.json': a symbolic link") == true)
    #expect(report.rows.filter { $0.path == "Group/Contents.json" }.count == 1)
    expectNothingWritten(fixture)
  }

  @Test func whatCannotBeCarriedIsRefusedWithAReasonAndTheRestStillHasItsRow() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Linked.imageset")
    let set = fixture.catalog + "/Linked.imageset/"
    let named = try #require(try FileManager.default.contentsOfDirectory(atPath: set).first { $0.hasSuffix(".png") })
    try FileManager.default.moveItem(atPath: set + named, toPath: set + "real.png")
    try FileManager.default.createSymbolicLink(atPath: set + named, withDestinationPath: "real.png")
    try fixture.put("x", at: "Pipe.dataset/placeholder")
    #expect(mkfifo(fixture.catalog + "/Pipe.dataset/pipe", 0o644) == 0)
    try fixture.put("x", at: "Name.dataset/placeholder")
    let bad = fixture.catalog + "/Name.dataset/bad"
    #expect(FileManager.default.createFile(atPath: bad, contents: Data()))
    #expect(rename(bad, Array(bad.utf8CString.dropLast()) + [CChar(bitPattern: 0xFF), 0]) == 0)
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Fine.imageset")
    try FileManager.default.createSymbolicLink(
      atPath: fixture.catalog + "/Fine.imageset/extra.png", withDestinationPath: "/etc/passwd")
    let report = try fixture.runImport()
    #expect(
      differs(report, "Linked.imageset")?.contains("a symbolic link, which gamut never follows") == true,
      "\(report.table)")
    #expect(differs(report, "Pipe.dataset")?.hasSuffix("a FIFO, socket or device, which gamut never opens") == true)
    #expect(
      differs(report, "Name.dataset")?.hasSuffix("a name that is not UTF-8, which gamut cannot open: rename it") == true
    )
    // A link that no entry names is no part of the set: left out, and the set is imported.
    #expect(
      ImportFixture.outcome(report, "Fine.imageset").map { if case .equivalent = $0 { true } else { false } } == true)
    #expect(report.leftOut.contains { $0.path == "Fine.imageset/extra.png" })
    expectNothingWritten(fixture)
  }

  @Test func controlCharactersInNamesKeepEachRowOnOneLine() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.put("x", at: "Odd\nName.dataset/file")
    let report = try fixture.runImport(checkOnly: true)
    #expect(report.table.contains("Odd\\nName.dataset"), "\(report.table)")
    #expect(report.table.split(separator: "\n").count == report.rows.count + 1)
  }

  @Test func twinSetsInNFCAndNFDAreOneKeptAndNeitherDiffers() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Caf\u{E9}.imageset")
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--nnwFeedIcon", at: "Cafe\u{301}.imageset")
    let report = try fixture.runImport()
    #expect(report.differsCount == 0, "\(report.table)")
    #expect(report.keptCount == 1)
    let rebuilt = try fixture.rebuild()
    let names = try FileManager.default.contentsOfDirectory(atPath: rebuilt).filter { $0.hasSuffix(".imageset") }
    #expect(Set(names.map { Array($0.utf8) }).count == 2)
  }

  @Test func aKeptFileLargerThanAnyWholeReadIsCopiedAndComparedByStreaming() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    // 260 MiB (sparse): more than the 256 MiB the build's kept-area copy read whole before.
    try fixture.put("x", at: "Movie.dataset/placeholder")
    let path = fixture.catalog + "/Movie.dataset/movie.mov"
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(truncate(path, 260 << 20) == 0)
    let report = try fixture.runImport()
    #expect(
      ImportFixture.outcome(report, "Movie.dataset") == .kept(KeepReason(.entryKind, ".dataset")), "\(report.table)")
    let attributes = try FileManager.default.attributesOfItem(
      atPath: fixture.destination + "/kept/Movie.dataset/movie.mov")
    #expect((attributes[.size] as? Int) == 260 << 20)
  }

  @Test func theWorkFolderOfAKilledImportIsRemovedByTheNextOneButNotAnotherRunningImports() throws {
    let fixture = try ImportFixture()
    defer { fixture.remove() }
    try fixture.putXcodeSet("imageset/Ranchero-Software--NetNewsWire--CornerIcon", at: "Corner.imageset")
    let parent = fixture.folder.path + "/Imported"
    try FileManager.default.createDirectory(
      atPath: parent + "/.Art.gamut-import-killed/folder", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: parent + "/.Art.gamut-import-running", withIntermediateDirectories: true)
    let running = try FileDescriptor.open(parent + "/.Art.gamut-import-running", .readOnly)
    defer { try? running.close() }
    #expect(try running.tryLock())
    _ = try fixture.runImport()
    let left = try FileManager.default.contentsOfDirectory(atPath: parent).sorted()
    #expect(left == [".Art.gamut-import-running", "Art"])
  }
}
