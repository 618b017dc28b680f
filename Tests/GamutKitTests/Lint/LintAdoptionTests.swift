import Foundation
import Testing

@testable import GamutKit

/// Adopting lint on an old catalog: rules per code and path, the baseline round trip (the SARIF log: GamutCLITests).
@Suite struct LintAdoptionTests {
  /// A catalog with two needless 16-bit images (a note each) and a missing file.
  private func writeLegacy(_ fixture: LintFixture) throws {
    for name in ["Old/A", "New/B"] {
      try fixture.imageSet(name, [("x.png", nil, nil, nil)])
      try fixture.png("\(name).imageset/x.png", width: 4, height: 4, sixteen: true) { _, _ in
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
        rules: { needless-16-bit: warning, missing-file: off }
        paths:
          - { glob: "App.xcassets/Old/**", rules: { needless-16-bit: off } }
      """)
    #expect(fixture.codes(result) == ["needless-16-bit New/B.imageset/x.png"])
    #expect(result.findings[0].diagnostic.severity == .warning)
    #expect(result.findings[0].assetPath == "App.xcassets/New/B.imageset/x.png")
  }

  @Test func aBadLintSectionIsAnError() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    #expect(throws: BuildConfiguration.Error.self) { try fixture.lint("lint: { rules: { needless-16-bit: loud } }") }
    #expect(throws: BuildConfiguration.Error.self) { try fixture.lint("lint: { colour: 1 }") }
  }

  @Test func anUnknownCodeInTheRulesIsRefusedNamingTheClosest() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    for section in [
      "lint: { rules: { untaged-image: off } }", "lint: { paths: [ { glob: \"**\", rules: { untaged-image: off } } ] }",
    ] {
      let error = #expect(throws: BuildConfiguration.Error.self) { try fixture.lint(section) }
      #expect(
        error?.message.contains("'untaged-image', which is not a code gamut emits; did you mean 'untagged-image'?")
          == true)
    }
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
    #expect(!baseline.text.contains("8 bits hold"))  // keyed on code, path and hash, not the message

    let again = read.filter(try fixture.lint())
    #expect(again.findings.isEmpty)
    #expect(again.baselined == first.findings.count)
    #expect(again.exitStatus(strict: true) == .clean)

    // A new defect fails; so does a known one whose file changed.
    try fixture.imageSet("Fresh", [("f.png", nil, nil, nil)])
    try fixture.png("Old/A.imageset/x.png", width: 4, height: 4, sixteen: true) { _, _ in [1, 2, 3] }
    let changed = read.filter(try fixture.lint())
    #expect(
      fixture.codes(changed) == ["missing-file Fresh.imageset/Contents.json", "needless-16-bit Old/A.imageset/x.png"])
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
    #expect(missing.refused.map(\.reason) == ["no such file or folder"])
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
    let outcome = try LintReport.write(result, to: path, options: BuildOptions())
    #expect(outcome.missingFiles == ["App.xcassets/Gone.imageset/gone.png"])
    let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(html.contains("../App.xcassets/New/B.imageset/x.png"))
    #expect(html.contains("gone.png"))
  }

  /// One report for several catalogs, under lint's heading: the terminal's counts, no build settings, no failures.
  @Test func oneReportForSeveralCatalogsWithTheTerminalsCounts() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try writeLegacy(fixture)
    let other = fixture.folder.path + "/Widget/Widget.xcassets"
    try FileManager.default.createDirectory(atPath: other + "/Star.imageset", withIntermediateDirectories: true)
    try Data(#"{ "images" : [ { "filename" : "star.png", "idiom" : "universal" } ] }"#.utf8)
      .write(to: URL(fileURLWithPath: other + "/Star.imageset/Contents.json"))
    try fixture.solid("../Widget/Widget.xcassets/Star.imageset/star.png", (8, 8))
    let result = Linter().lint([fixture.folder.path])
    #expect(result.catalogs.count == 2)
    let path = fixture.folder.path + "/report/lint.html"
    _ = try LintReport.write(result, to: path, options: BuildOptions())
    let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
    #expect(html.contains("<h1>gamut lint: 2 catalogs</h1>"))
    let errors = result.findings.count { $0.diagnostic.severity == .error }
    let notes = result.findings.count { $0.diagnostic.severity == .note }
    #expect(html.contains("<div><dt>errors</dt><dd>\(errors)</dd></div>"))
    #expect(html.contains("<div><dt>notes</dt><dd>\(notes)</dd></div>"))
    #expect(!html.contains("<dt>failed</dt>") && !html.contains("gamut policy"))
    #expect(
      html.contains("../App.xcassets/New/B.imageset/x.png")
        && html.contains("../Widget/Widget.xcassets/Star.imageset/star.png"))
    #expect(html.contains("<span class=\"group\">Widget.xcassets/</span>Star"))
  }
}
