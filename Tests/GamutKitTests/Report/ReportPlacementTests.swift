import Foundation
import Testing

@testable import GamutKit

/// Where the report shows a finding (issue 29): every finding that names a source file is on its asset's card,
/// and "Needs attention" lists errors, then warnings, then notes.
@Suite struct ReportPlacementTests {
  /// The `<article>` of the card titled `name`.
  static func card(_ name: String, in html: String) -> String? {
    html.components(separatedBy: "<article").dropFirst().first { $0.contains(">\(name)</a>") }
  }

  @Test func aFindingAboutASourceIsOnItsAssetsCard() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    let dot = TestData.projectRoot.appendingPathComponent("SampleAssets/Icons/StatusDot.png").path
    try folder.copy(dot, as: "Art/Eclipse~dark@2x.png")
    try folder.copy(dot, as: "Art/Moon.png")
    try Data("not a PNG at all".utf8).write(to: URL(fileURLWithPath: source + "/Broken.png"))
    try Data("Sky: { any: \"#0A84FF\", dark: \"#409CFF\" }\n".utf8).write(
      to: URL(fileURLWithPath: source + "/Sky.colors.yml"))
    var options = BuildOptions()
    options.reportPath = folder.path + "/Out/report.html"
    let report = try CatalogBuilder(sourceRoot: source, catalogPath: folder.path + "/Out/A.xcassets", options: options)
      .build()
    // The build still reports the finding beside the assets, as the terminal shows it.
    #expect(report.manifest.diagnostics.contains { $0.code == .unpairedDark && $0.path == "Eclipse~dark@2x.png" })

    let html = try String(contentsOfFile: folder.path + "/Out/report.html", encoding: .utf8)
    let eclipse = try #require(Self.card("Eclipse", in: html))
    #expect(eclipse.contains("data-level=\"warning\""))
    #expect(eclipse.contains("<code>unpaired-dark</code>"))
    #expect(Self.card("Moon", in: html)?.contains("data-level=\"ok\"") == true)
    #expect(!html.contains("Findings about no single asset"), "nothing left without a card")

    let attention = try #require(
      html.components(separatedBy: "<ol class=\"attention\">").dropFirst().first?.components(separatedBy: "</ol>")
        .first)
    let levels = attention.components(separatedBy: "<li class=\"l-").dropFirst().map { $0.prefix { $0 != "\"" } }
    #expect(levels == ["error", "warning", "note"])
    #expect(attention.contains(">Eclipse</a> <span class=\"muted\">unpaired-dark: "))
  }

  /// A finding at a line of an asset's source is placed on it; one that names no asset's source (a file named
  /// `Logo@2x.png:3` is not `Logo@2x.png`: a line is never part of a path) stays beside the cards.
  @Test func placementMatchesWholeSourcePaths() {
    var record = AssetRecord(
      name: "Logo", group: "", imageSet: "Logo.imageset", template: false, status: .built, renditions: [], pairs: [],
      clipping: [], diagnostics: [Diagnostic(path: "Logo@2x.png", severity: .note, code: .unpairedDark, message: "m")],
      fingerprint: "f")
    var records = [record]
    let findings = [
      Diagnostic(path: "Logo@2x.png", severity: .warning, code: .invalidName, message: "a", line: 3),
      Diagnostic(path: "Logo@2x.png:3", severity: .warning, code: .invalidName, message: "d"),
      Diagnostic(path: "Logo@2x.png.bak", severity: .warning, code: .invalidName, message: "b"),
      Diagnostic(path: "Colors.colors.yml:2", severity: .error, code: .nameCollision, message: "c"),
    ]
    let rest = ReportContent.placing(findings, onto: &records)
    record.diagnostics.append(findings[0])
    #expect(records == [record])
    #expect(rest == Array(findings.dropFirst()))
  }

  /// An Icon Composer bundle's findings that the build reports (the app icon set collision, its checks) are on
  /// the bundle's card, which takes the error's level, and not repeated among the findings about no asset.
  @Test func aBundlesFindingsAreOnItsCard() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    let icon = TestData.projectRoot.appendingPathComponent("SampleAssets/AppIcon.png").path
    try folder.copy(icon, as: "Art/AppIcon.png")
    let bundle = folder.path + "/Out/AppIcon.icon"
    try FileManager.default.createDirectory(atPath: bundle + "/Assets", withIntermediateDirectories: true)
    try Data(IconTestBundle.document().utf8).write(to: URL(fileURLWithPath: bundle + "/icon.json"))
    var options = BuildOptions()
    options.reportPath = folder.path + "/Out/report.html"
    let report = try CatalogBuilder(sourceRoot: source, catalogPath: folder.path + "/Out/A.xcassets", options: options)
      .build()
    #expect(report.manifest.diagnostics.contains { $0.code == .iconAppIconCollision })

    let html = try String(contentsOfFile: folder.path + "/Out/report.html", encoding: .utf8)
    let card = try #require(
      html.components(separatedBy: "<article").dropFirst().first { $0.contains("AppIcon.icon") })
    #expect(card.contains("data-level=\"error\""))
    #expect(card.contains("<code>icon-appiconset-collision</code>"))
    #expect(card.contains("<code>icon-layer-missing</code>"))
    #expect(!html.contains("Findings about no single asset"), "nothing left without a card")
  }
}
