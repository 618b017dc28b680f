import Foundation
import Testing

@testable import GamutKit

/// The lint after a fix takes the checks of the sets the fix did not write from the lint before it (``LintReuse``)
/// and checks again every set it wrote: a written set taken from before would still show the findings just fixed.
@Suite struct FixReuseTests {
  @Test func theLintAfterAFixChecksAgainEverySetTheFixWrote() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.wideRamp("Icons/Ramp.imageset/ramp.png")
    try fixture.imageSet("Icons/Ramp", [("ramp.png", nil, nil, nil)])
    try fixture.write(#"{ "info" : { "author" : "xcode", "version" : 1 } }"#, at: "Icons/Contents.json")
    try fixture.solid("Plain.imageset/plain.png", (4, 4))
    try fixture.imageSet("Plain", [("plain.png", nil, nil, nil)])
    let (ramp, plain) = (fixture.catalog + "/Icons/Ramp.imageset", fixture.catalog + "/Plain.imageset")

    let run = try fixture.fix()
    let written = Set(run.report.changes.map(\.path))
    #expect(written == [ramp])
    #expect(run.before.reusable.setPaths == [ramp, plain])
    #expect(run.before.reusable.without(written).setPaths == [plain])
    #expect(fixture.remaining(run) == [])

    // Were the written set's check taken from the lint before the fix, its clipping finding would remain.
    var stale = Linter()
    stale.reuse = run.before.reusable
    #expect(fixture.codes(stale.lint([fixture.catalog])) == ["clipping-error Icons/Ramp.imageset/ramp.png"])
    #expect(run.after.findings == Linter().lint([fixture.catalog]).findings)
  }

  @Test func aSetsCheckIsNotReusedWhenTheCatalogNamesOtherPlatforms() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("Plain.imageset/plain.png", (4, 4))
    try fixture.imageSet("Plain", [("plain.png", nil, nil, nil)])
    let tree = CatalogReader().read(fixture.catalog)
    let configuration = LintConfiguration()
    var earlier = CatalogLint(tree: tree, configuration: configuration).run().checks
    let stale = SetCheckStub.finding(at: fixture.catalog + "/Plain.imageset/plain.png")
    earlier.sets["Plain.imageset"] = stale

    let reused = CatalogLint(tree: tree, configuration: configuration).run(reusing: earlier)
    #expect(reused.findings.map(\.message) == ["stale"])
    earlier.platforms = CatalogPlatforms([.watchOS])
    let checkedAgain = CatalogLint(tree: tree, configuration: configuration).run(reusing: earlier)
    #expect(checkedAgain.findings.isEmpty)
  }
}

/// A set check standing for one taken from an earlier lint.
private enum SetCheckStub {
  static func finding(at path: String) -> CatalogLint.SetCheck {
    CatalogLint.SetCheck(
      findings: [Diagnostic(path: path, severity: .note, code: .needless16Bit, message: "stale")], digests: [])
  }
}
