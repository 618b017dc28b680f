import Foundation
import Testing

@testable import GamutKit

/// Adopting lint on an old catalog: rules per code and path, the baseline round trip (the SARIF log: GamutCLITests).
@Suite struct LintAdoptionTests {
  /// A catalog with two untagged images and a missing file.
  private func writeLegacy(_ fixture: LintFixture) throws {
    for name in ["Old/A", "New/B"] {
      try fixture.imageSet(name, [("x.png", nil, nil, nil)])
      try fixture.png("\(name).imageset/x.png", width: 4, height: 4, tag: .none) { _, _ in
        [9, 9, name.hasPrefix("Old") ? 1 : 2]
      }
    }
    try fixture.imageSet("Gone", [("gone.png", nil, nil, nil)])
  }

  @Test func rulesTurnCodesOffOrChangeTheirSeverityByPath() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try writeLegacy(fixture)
    let result = try fixture.lint(
      """
      lint:
        rules: { untagged-image: warning, missing-file: off }
        paths:
          - { glob: "App.xcassets/Old/**", rules: { untagged-image: off } }
      """)
    #expect(fixture.codes(result) == ["untagged-image New/B.imageset/x.png"])
    #expect(result.findings[0].diagnostic.severity == .warning)
    #expect(result.findings[0].assetPath == "App.xcassets/New/B.imageset/x.png")
  }

  @Test func aBadLintSectionIsAnError() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    #expect(throws: BuildConfiguration.Error.self) { try fixture.lint("lint: { rules: { untagged-image: loud } }") }
    #expect(throws: BuildConfiguration.Error.self) { try fixture.lint("lint: { colour: 1 }") }
  }

  @Test func baselineRoundTrip() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try writeLegacy(fixture)
    let first = try fixture.lint()
    #expect(first.exitStatus(strict: false) == .failure)
    let baseline = LintBaseline(first.findings)
    let path = fixture.folder.path + "/baseline.json"
    try Data(baseline.text.utf8).write(to: URL(fileURLWithPath: path))
    let read = try LintBaseline(contentsOf: path)
    #expect(read == baseline)
    #expect(!baseline.text.contains("no color information"))  // keyed on code, path and hash, not the message

    let again = read.filter(try fixture.lint())
    #expect(again.findings.isEmpty)
    #expect(again.baselined == first.findings.count)
    #expect(again.exitStatus(strict: true) == .clean)

    // A new defect fails; so does a known one whose file changed.
    try fixture.imageSet("Fresh", [("f.png", nil, nil, nil)])
    try fixture.png("Old/A.imageset/x.png", width: 4, height: 4, tag: .none) { _, _ in [1, 2, 3] }
    let changed = read.filter(try fixture.lint())
    #expect(
      fixture.codes(changed) == ["missing-file Fresh.imageset/Contents.json", "untagged-image Old/A.imageset/x.png"])
  }

  @Test func searchingAFolderFindsItsCatalogs() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try writeLegacy(fixture)
    try FileManager.default.createDirectory(
      atPath: fixture.folder.path + "/Sub/Widget.xcassets", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: fixture.folder.path + "/.build/Hidden.xcassets", withIntermediateDirectories: true)
    let result = Linter().lint([fixture.folder.path])
    #expect(result.catalogs.map { CatalogReader.lastComponent(of: $0.path) } == ["App.xcassets", "Widget.xcassets"])
    let missing = Linter().lint([fixture.folder.path + "/Nothing"])
    #expect(missing.findings.map(\.diagnostic.code) == [.unreadable])
  }

  @Test func bundleCheckersRunOnBundlesBesideCatalogs() throws {
    struct Counting: LintBundleChecker {
      var bundleExtension: String { "icon" }
      func check(bundleAt path: String) -> [Diagnostic] {
        [Diagnostic(path: path + "/icon.json", severity: .warning, code: "icon-test", message: "seen")]
      }
    }
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try FileManager.default.createDirectory(
      atPath: fixture.folder.path + "/AppIcon.icon", withIntermediateDirectories: true)
    var linter = Linter()
    linter.bundleCheckers = [Counting()]
    let result = linter.lint([fixture.folder.path])
    #expect(result.findings.map(\.assetPath) == ["AppIcon.icon/icon.json"])
  }

  @Test func theReportShowsTheCatalogsOwnFiles() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try writeLegacy(fixture)
    let result = try fixture.lint()
    let path = fixture.folder.path + "/report/lint.html"
    let outcome = try LintReport.write(result, catalog: result.catalogs[0], to: path, options: BuildOptions())
    #expect(outcome.missingFiles == ["Gone.imageset/gone.png"])
    let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(html.contains("../App.xcassets/New/B.imageset/x.png"))
    #expect(html.contains("gone.png"))
  }
}
