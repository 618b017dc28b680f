import Foundation
import Testing

@testable import GamutKit

/// Color files through `gamut build`: colorsets, groups, the manifest, reruns, hand-made sets and collisions.
@Suite struct ColorBuildTests {
  private typealias Fixture = BuildFixture

  private static let palette = """
    Brand:      { any: "#0A84FF", dark: "#409CFF", hc: "#0040DD", dark-hc: "#409CFF" }
    Accent:     "color(display-p3 1 0.2 0.1)"
    Label:      { any: "#000000", dark: "#FFFFFF" }
    Background: { any: "#FFFFFF", dark: "#1C1C1E" }
    Separator:  { system: separator }
    """

  private static let configuration = """
    contrast:
      minimum: 4.5
      target: 7.0
      pairs:
        - { foreground: Label, background: Background }
        - { foreground: Brand, background: Background, text: large }
        - { foreground: Accent, background: Background }
    """

  @Test func buildsColorSetsWithChecksAndManifest() throws {
    let fixture = try Fixture(["Colors/Palette.colors.yml": Self.palette, "gamut.yml": Self.configuration])
    defer { fixture.folder.remove() }
    let report = try fixture.build(try fixture.configured())
    #expect(fixture.text("Colors/Contents.json") == ContentsFile.folder(providesNamespace: false))
    let accent = try #require(fixture.text("Colors/Accent.colorset/Contents.json"))
    #expect(
      accent.contains("\"display-gamut\" : \"display-P3\"") && accent.contains("\"color-space\" : \"display-p3\""))
    let separator = try #require(fixture.text("Colors/Separator.colorset/Contents.json"))
    #expect(separator.contains("\"reference\" : \"separatorColor\""))
    let manifest = report.manifest
    #expect(manifest.colors.map(\.name) == ["Accent", "Background", "Brand", "Label", "Separator"])
    #expect(manifest.summary.colorSets == 5)
    let accentRecord = manifest.colors[0]
    #expect(accentRecord.gamut == "display-p3" && accentRecord.paired)
    #expect(accentRecord.variants[0].deltaE2000 != nil)
    #expect(accentRecord.contrast.count == 2)  // light and dark (Background has a dark variant)
    let codes = Set(manifest.allDiagnostics.map(\.code))
    #expect(
      codes.isSuperset(of: ["color-missing-dark", "color-missing-hc", "color-mapped-to-srgb", "contrast-below-minimum"])
    )
    let label = try #require(manifest.colors.first { $0.name == "Label" })
    #expect(label.contrast.map(\.verdict) == [.pass, .pass])
    #expect(label.diagnostics.allSatisfy { $0.path == "Colors/Palette.colors.yml" && $0.line == 3 })
    #expect(report.exitStatus(strict: false) == 0)
    #expect(report.exitStatus(strict: true) == 1)
  }

  /// A rerun rewrites nothing; a changed color rewrites only its set; a removed color loses its set.
  @Test func incremental() throws {
    let fixture = try Fixture(["Palette.colors.yml": Self.palette])
    defer { fixture.folder.remove() }
    _ = try fixture.build(try fixture.configured())
    let first = TemporaryFolder.outputStamps(fixture.catalog)
    let firstBytes = TemporaryFolder.snapshot(fixture.catalog)
    _ = try fixture.build(try fixture.configured())
    #expect(TemporaryFolder.outputStamps(fixture.catalog) == first)
    try fixture.write(Self.palette.replacingOccurrences(of: "#1C1C1E", with: "#2C2C2E"), to: "Palette.colors.yml")
    _ = try fixture.build(try fixture.configured())
    // Files only: a folder's time changes when a file in it is replaced, to the second.
    let changed = TemporaryFolder.stamps(fixture.catalog).filter { first[$0.key] != $0.value }.map(\.key)
    #expect(changed.filter { $0.hasSuffix("Contents.json") }.sorted() == ["Background.colorset/Contents.json"])
    // A syntax error keeps the file's sets as the last build wrote them.
    try fixture.write("Brand: { any: \"#0A84FF\"\n", to: "Palette.colors.yml")
    let broken = try fixture.build(try fixture.configured())
    #expect(broken.manifest.allDiagnostics.contains { $0.code == "invalid-color" })
    #expect(fixture.text("Accent.colorset/Contents.json") != nil)
    try fixture.write("Brand: \"#0A84FF\"\n", to: "Palette.colors.yml")
    _ = try fixture.build(try fixture.configured())
    #expect(fixture.text("Accent.colorset/Contents.json") == nil)
    #expect(!FileManager.default.fileExists(atPath: fixture.catalog + "/Accent.colorset"))
    #expect(fixture.text("Brand.colorset/Contents.json") != nil)
    // A clean build writes the same bytes.
    try fixture.write(Self.palette, to: "Palette.colors.yml")
    _ = try fixture.build(try fixture.configured())
    #expect(
      TemporaryFolder.snapshot(fixture.catalog).filter { !$0.key.hasPrefix(".gamut") }
        == firstBytes.filter { !$0.key.hasPrefix(".gamut") })
  }

  /// A colorset gamut did not write is left alone, and its color is an error.
  @Test func handMadeSetsAreLeftAlone() throws {
    let fixture = try Fixture(["Palette.colors.yml": "Brand: \"#0A84FF\"\n"])
    defer { fixture.folder.remove() }
    let handMade = "{ \"hand\" : \"made\" }\n"
    try FileManager.default.createDirectory(
      atPath: fixture.catalog + "/Brand.colorset", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: fixture.catalog + "/Other.colorset", withIntermediateDirectories: true)
    try Data(handMade.utf8).write(to: URL(fileURLWithPath: fixture.catalog + "/Brand.colorset/Contents.json"))
    try Data(handMade.utf8).write(to: URL(fileURLWithPath: fixture.catalog + "/Other.colorset/Contents.json"))
    let report = try fixture.build(try fixture.configured())
    #expect(fixture.text("Brand.colorset/Contents.json") == handMade)
    #expect(fixture.text("Other.colorset/Contents.json") == handMade)
    #expect(report.manifest.allDiagnostics.map(\.code).contains("colorset-not-ours"))
    #expect(report.exitStatus(strict: false) == 1)
  }

  /// A color named like an image asset in the same group (here but for case) is looked up apart: written, with
  /// the note lint gives the same catalog (AssetNameRule).
  @Test func colorAndImageOfOneNameAreBothWritten() throws {
    let fixture = try Fixture(["Icons/Icons.colors.yml": "star: \"#FFCC00\"\nSun: \"#FF9500\"\n"])
    defer { fixture.folder.remove() }
    try fixture.folder.copy(
      TestData.projectRoot.appendingPathComponent("SampleAssets/Icons/StatusDot.png").path, as: "Art/Icons/Star.png")
    let report = try fixture.build(try fixture.configured())
    let clash = try #require(report.manifest.allDiagnostics.first { $0.code == "duplicate-asset-name" })
    #expect(clash.path == "Icons/Icons.colors.yml" && clash.line == 1 && clash.severity == .note)
    #expect(report.manifest.colors.map(\.name) == ["Sun", "star"])
    #expect(fixture.text("Icons/Star.imageset/Contents.json") != nil)
  }

  /// A color and an image set (or app icon) of exactly one name collide too (issue 29: `Brand.png` and a color
  /// `Brand` built both, with no finding): the finding names the file that made each, the image set is built and
  /// the color set is not.
  @Test func aColorNamedLikeAnImageSetIsWrittenWithANote() throws {
    let fixture = try Fixture(["Brand.colors.yml": "Ink: \"#111111\"\nBrand: \"#FF2D55\"\nPaper: \"#FFFFFF\"\n"])
    defer { fixture.folder.remove() }
    let dot = TestData.projectRoot.appendingPathComponent("SampleAssets/Icons/StatusDot.png").path
    try fixture.folder.copy(dot, as: "Art/Brand.png")
    var options = BuildOptions()
    options.reportPath = fixture.folder.path + "/Out/report.html"
    let report = try fixture.build(try fixture.configured(options))
    let clashes = report.manifest.allDiagnostics.filter { $0.code == "duplicate-asset-name" }
    #expect(clashes.map(\.path) == ["Brand.colors.yml"] && clashes.map(\.line) == [2])
    #expect(clashes.first?.severity == .note)
    #expect(
      clashes.first?.message.hasPrefix("color 'Brand' has the name of the image set 'Brand' made from Brand.png")
        == true)
    #expect(report.manifest.allDiagnostics.allSatisfy { $0.code != "name-collision" })
    #expect(report.manifest.colors.map(\.name) == ["Brand", "Ink", "Paper"])
    #expect(fixture.text("Brand.imageset/Contents.json") != nil)
    #expect(fixture.text("Brand.colorset/Contents.json") != nil)
    #expect(report.exitStatus(strict: true) == 0)
    let html = try String(contentsOfFile: fixture.folder.path + "/Out/report.html", encoding: .utf8)
    #expect(html.contains("<code>duplicate-asset-name</code> color"))
  }

  /// The first definition in sorted order wins; an idiom the configuration does not enable is an error.
  @Test func duplicatesAndIdioms() throws {
    let fixture = try Fixture([
      "A.colors.yml": "Brand: \"#000000\"\n", "B.colors.yml": "Brand: \"#FFFFFF\"\nTV: { tv: \"#123456\" }\n",
      "gamut.yml": "idioms: [iphone]\n",
    ])
    defer { fixture.folder.remove() }
    let report = try fixture.build(try fixture.configured())
    let errors = report.manifest.allDiagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.code) == ["duplicate-color", "idiom-not-enabled"])
    #expect(errors.map(\.path) == ["B.colors.yml", "B.colors.yml"] && errors.map(\.line) == [1, 2])
    #expect(fixture.text("Brand.colorset/Contents.json")?.contains("\"red\" : \"0.000\"") == true)
  }

  /// A tokens file and its dark sibling make one color set with both variants; the sibling is no source of its own.
  @Test func designTokensInTheBuild() throws {
    let fixture = try Fixture([
      "Tokens/Brand.tokens.json": ##"{ "ink": { "$type": "color", "$value": "#101010" } }"##,
      "Tokens/Brand~dark.tokens.json": ##"{ "ink": { "$type": "color", "$value": "#F0F0F0" } }"##,
    ])
    defer { fixture.folder.remove() }
    let report = try fixture.build(try fixture.configured())
    #expect(!report.manifest.allDiagnostics.contains { $0.severity == .error })
    let set = try #require(fixture.text("Tokens/ink.colorset/Contents.json"))
    #expect(set.contains("\"value\" : \"dark\"") && set.contains("\"red\" : \"0.941\""))
    #expect(report.manifest.colors.map(\.source) == ["Tokens/Brand.tokens.json"])
  }

  @Test func srgbPolicyRefusesWideColors() throws {
    let fixture = try Fixture(["P.colors.yml": "Wide: \"color(display-p3 0 1 0)\"\nNarrow: \"#00FF00\"\n"])
    defer { fixture.folder.remove() }
    var options = BuildOptions()
    options.gamutPolicy = .srgb
    let report = try fixture.build(try fixture.configured(options))
    #expect(report.manifest.allDiagnostics.contains { $0.code == "color-outside-srgb" && $0.severity == .error })
    #expect(fixture.text("Wide.colorset/Contents.json") == nil)
    #expect(fixture.text("Narrow.colorset/Contents.json") != nil)
    #expect(report.exitStatus(strict: false) == 2)
  }

  @Test func configurationErrorsNameTheKey() {
    #expect(throws: BuildConfiguration.Error.self) {
      try BuildConfiguration(yaml: "contrast: { pairs: [ { foreground: A } ] }", path: "g.yml")
    }
    #expect(throws: BuildConfiguration.Error.self) {
      try BuildConfiguration(yaml: "contrast: { minimum: 30 }", path: "g.yml")
    }
    #expect(throws: BuildConfiguration.Error.self) {
      try BuildConfiguration(
        yaml: "contrast: { pairs: [ { foreground: A, background: B, text: tiny } ] }", path: "g.yml")
    }
  }
}

extension BuildFixture {
  /// `files` (path: text) written into `Art`; the catalog is `Out/Test.xcassets`.
  fileprivate init(_ files: [String: String]) throws {
    try self.init(source: "Art", catalog: "Out/Test.xcassets")
    for (path, text) in files { try write(text, to: path) }
  }
}
