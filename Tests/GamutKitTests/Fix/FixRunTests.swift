import Foundation
import Testing

@testable import GamutKit

/// A fix run as a whole: the dry run writes nothing, the configuration's rules decide what is fixed, what a killed fix
/// left is finished, the lock is taken and given back, and the pieces (the diff, Xcode's order, new names).
@Suite struct FixRunTests {
  @Test func aDryRunPlansEverythingAndWritesNothing() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.wideRamp("Ramp.imageset/ramp.png")
    try fixture.imageSet("Ramp", [("ramp.png", nil, nil, nil)])
    let before = TemporaryFolder.stamps(fixture.catalog)
    let run = try fixture.fix(dryRun: true)
    #expect(TemporaryFolder.stamps(fixture.catalog) == before)
    #expect(fixture.names("") == ["Ramp.imageset"], "no lock file, no temporary folder")
    let change = try #require(run.report.changes.first)
    #expect(change.written.map(\.name) == ["ramp~srgb.png"])
    #expect(change.contentsDiff?.hasPrefix("--- App.xcassets/Ramp.imageset/Contents.json\n+++ ") == true)
    #expect(run.report.fixed.map(\.diagnostic.code) == [.clipping(.error)])
  }

  @Test func aCodeSwitchedOffOrOutsideTheSelectionIsNotFixed() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.wideRamp("Ramp.imageset/ramp.png")
    try fixture.imageSet("Ramp", [("ramp.png", nil, nil, nil)])
    let off = try fixture.fix(configuration: "lint:\n  rules: { clipping-error: off }\n")
    #expect(off.report.changes.isEmpty)
    #expect(try fixture.fix("needless-16-bit").report.changes.isEmpty)
    #expect(try fixture.fix().report.changes.count == 1)
  }

  @Test func whatAKilledFixLeftIsFinishedOrUndone() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("A.imageset/a.png", (4, 4))
    try fixture.imageSet("A", [("a.png", nil, nil, nil)])
    try fixture.solid("B.imageset/b.png", (4, 4))
    try fixture.imageSet("B", [("b.png", nil, nil, nil)])
    let setA = TemporaryFolder.snapshot(fixture.catalog + "/A.imageset")
    // A: killed while its replacement was built (the set is still the old one). B: killed between the two renames of
    // a system that cannot exchange (the set is missing, its complete replacement waits beside it).
    try fixture.write("half", at: FixLeftovers.newPrefix + "A.imageset/a.png")
    try FileManager.default.moveItem(
      atPath: fixture.catalog + "/B.imageset", toPath: fixture.catalog + "/" + FixLeftovers.oldPrefix + "B.imageset")
    try fixture.solid(FixLeftovers.newPrefix + "B.imageset/b.png", (4, 4), [1, 2, 3])
    try fixture.imageSet(FixLeftovers.newPrefix + "B", [("b.png", nil, nil, nil)])
    try FileManager.default.moveItem(
      atPath: fixture.catalog + "/" + FixLeftovers.newPrefix + "B.imageset",
      toPath: fixture.catalog + "/" + FixLeftovers.newPrefix + "B.imageset.tmp")
    try FileManager.default.moveItem(
      atPath: fixture.catalog + "/" + FixLeftovers.newPrefix + "B.imageset.tmp",
      toPath: fixture.catalog + "/" + FixLeftovers.newPrefix + "B.imageset")

    #expect(FixLeftovers.recover(in: fixture.catalog) == 2)
    #expect(fixture.names("") == ["A.imageset", "B.imageset"])
    #expect(TemporaryFolder.snapshot(fixture.catalog + "/A.imageset") == setA)
    #expect(try fixture.decoded("B.imageset/b.png").pixels.pixel16(x: 0, y: 0) == [257, 514, 771])
  }

  @Test func theLockIsSharedByReadersExclusiveForWritersAndItsFileCanGo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(try BuildLock.shared(catalogPath: folder.path) {} == nil, "no lock file: nothing to wait for")
    var writer: BuildLock? = try BuildLock(catalogPath: folder.path, wait: false) {}
    #expect(throws: FileError.self) { try BuildLock(catalogPath: folder.path, wait: false) {} }
    writer?.removeFile()
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/" + BuildLock.fileName))
    // Another writer takes the lock on a new file; the old one's holder no longer excludes it.
    let next = try BuildLock(catalogPath: folder.path, wait: false) {}
    writer = nil
    _ = next
  }

  @Test func newNamesGoBeforeTheScaleAndAvoidEveryNameInAnyCase() {
    #expect(SetFolder.newName(beside: "star@2x.png", tag: "~srgb", taken: []) == "star~srgb@2x.png")
    #expect(SetFolder.newName(beside: "star.png", tag: "~srgb", taken: ["Star~SRGB.png"]) == "star~srgb-2.png")
    #expect(SetFolder.newName(beside: "a@home.png", tag: "~p3", taken: []) == "a@home~p3.png")
  }

  @Test func entriesGoIntoXcodesOrderWithinTheirBlocks() throws {
    let document = try JSONNodeReader.read(
      Array(
        #"{"images":[{"idiom":"universal","scale":"2x","display-gamut":"display-P3"},{"idiom":"universal","scale":"1x","appearances":[{"appearance":"luminosity","value":"dark"}]},{"idiom":"universal","scale":"2x","display-gamut":"sRGB"},{"idiom":"universal","scale":"1x"}]}"#
          .utf8))
    let entries = try #require(FixEntry.entries(of: document, key: "images"))
    let ordered = FixEntry.xcodeOrder(entries, droppingForBlocks: ["filename", "display-gamut", "appearances"])
    #expect(
      ordered.map {
        "\($0.key(dropping: ["display-gamut", "appearances", "idiom"])) \($0.gamut ?? "-") \($0.luminosity ?? "any")"
      }
        == [
          #"{"scale":"2x"} sRGB any"#, #"{"scale":"2x"} display-P3 any"#, #"{"scale":"1x"} - any"#,
          #"{"scale":"1x"} - dark"#,
        ])
  }

  @Test func theDiffIsUnifiedWithThreeLinesOfContext() {
    let old = Array("a\nb\nc\nd\ne\nf\ng\nh\n".utf8)
    let new = Array("a\nb\nc\nd\nE\nf\ng\nh\ni\n".utf8)
    #expect(
      LineDiff.unified(old, new, label: "x") == """
        --- x
        +++ x
        @@ -2,7 +2,8 @@
         b
         c
         d
        -e
        +E
         f
         g
         h
        +i

        """)
    #expect(LineDiff.unified(old, old, label: "x") == "")
    #expect(LineDiff.unified(nil, Array("a\n".utf8), label: "x") == "--- /dev/null\n+++ x\n@@ -0,0 +1,1 @@\n+a\n")
  }
}
