import Foundation
import Testing

@testable import GamutKit

/// The color-set, app-icon and name checks each fire on a small catalog made for them.
@Suite struct LintColorAndNameTests {
  @Test func colorSets() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.colorSet("Plain", [LintFixture.color((0.2, 0.4, 0.6))])
    try fixture.colorSet(
      "Vivid",
      [
        LintFixture.color((1, 0, 0), space: "display-p3"),
        LintFixture.color((0.9, 0.1, 0.1), appearance: "dark", space: "display-p3"),
        LintFixture.color((0.9, 0.1, 0.1), appearance: "dark", space: "srgb", gamut: "sRGB"),
        LintFixture.color((1, 0, 0), highContrast: true),
      ])
    try fixture.colorSet(
      "Text",
      [
        LintFixture.color((0.8, 0.8, 0.8)), LintFixture.color((0.3, 0.3, 0.3), appearance: "dark"),
        LintFixture.color((0.8, 0.8, 0.8), highContrast: true),
      ])
    try fixture.colorSet(
      "Bad", [#"    { "color" : { "color-space" : "srgb", "components" : { "red" : "x" } }, "idiom" : "universal" }"#])
    let result = try fixture.lint(
      """
      contrast:
        pairs:
          - { foreground: Text, background: Plain }
          - { foreground: Text, background: Nothing }
      """)
    let codes = fixture.codes(result)
    #expect(codes.contains("invalid-color Bad.colorset/Contents.json"))
    #expect(codes.contains("color-missing-dark Plain.colorset/Contents.json"))
    #expect(codes.contains("color-missing-hc Plain.colorset/Contents.json"))
    #expect(codes.contains("p3-color-without-srgb Vivid.colorset/Contents.json"))
    #expect(codes.contains("contrast-below-minimum Text.colorset/Contents.json"))
    #expect(
      result.findings.contains {
        $0.diagnostic.code == .contrastUnknownColor && $0.diagnostic.message.contains("'Nothing'")
      })
    let p3 = try #require(result.findings.first { $0.diagnostic.code == .p3ColorWithoutSRGB })
    #expect(p3.diagnostic.line == 3)
    #expect(p3.diagnostic.message.contains("ΔE2000"))
    // The dark P3 entry has its sRGB pair; only the any entry is reported.
    #expect(result.findings.count { $0.diagnostic.code == .p3ColorWithoutSRGB } == 1)
  }

  @Test func aCopyOfASystemColor() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    let red = SystemColor.table.first { $0.reference == "systemRedColor" }!
    func triple(_ value: ColorValue) -> (Double, Double, Double) {
      let srgb = value.components(in: .sRGB)
      return (srgb.x, srgb.y, srgb.z)
    }
    try fixture.colorSet(
      "Alarm", [LintFixture.color(triple(red.light)), LintFixture.color(triple(red.dark), appearance: "dark")])
    let codes = fixture.codes(try fixture.lint("lint: { rules: { color-missing-hc: off } }"))
    #expect(codes == ["color-replicates-system Alarm.colorset/Contents.json"])
  }

  @Test func appIconSlots() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(
      """
      { "images" : [
        { "filename" : "i60.png", "idiom" : "iphone", "scale" : "2x", "size" : "60x60" },
        { "idiom" : "iphone", "scale" : "3x", "size" : "60x60" },
        { "filename" : "wide.png", "idiom" : "iphone", "scale" : "2x", "size" : "40x40" },
        { "idiom" : "ios-marketing", "scale" : "1x", "size" : "1024x1024" }
      ], "info" : { "author" : "xcode", "version" : 1 } }
      """, at: "AppIcon.appiconset/Contents.json")
    try fixture.solid("AppIcon.appiconset/i60.png", (100, 100))
    try fixture.solid("AppIcon.appiconset/wide.png", (80, 60))
    let codes = fixture.codes(try fixture.lint())
    #expect(
      codes == [
        "app-icon-size AppIcon.appiconset/i60.png", "app-icon-not-square AppIcon.appiconset/wide.png",
        "app-icon-missing-artwork AppIcon.appiconset/Contents.json",
        "app-icon-missing-slot AppIcon.appiconset/Contents.json",
      ])
  }

  @Test func appIconAppearances() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try LintCleanCatalogTests.writeIcon(fixture)
    try fixture.solid("AppIcon.appiconset/icon-dark.png", (1024, 1024), [250, 250, 250])
    try fixture.solid("AppIcon.appiconset/icon-tinted.png", (1024, 1024), [200, 40, 40])
    let codes = fixture.codes(try fixture.lint())
    #expect(
      codes == [
        "app-icon-dark-light-background AppIcon.appiconset/icon-dark.png",
        "app-icon-tinted-color AppIcon.appiconset/icon-tinted.png",
      ])
  }

  @Test func aMissingAppearanceIsANote() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(
      #"{ "images" : [ { "filename" : "i.png", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" } ] }"#,
      at: "AppIcon.appiconset/Contents.json")
    try fixture.solid("AppIcon.appiconset/i.png", (1024, 1024))
    let result = try fixture.lint()
    #expect(fixture.codes(result) == ["app-icon-missing-appearance AppIcon.appiconset/Contents.json"])
    #expect(result.findings[0].diagnostic.severity == .note)
  }

  @Test func names() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.colorSet("Logo", [LintFixture.color((0.1, 0.2, 0.3))])
    for name in ["Logo", "my-icon", "my_icon", "Plain/Arrow", "Other/Arrow"] {
      try fixture.imageSet(name, [])
    }
    let result = try fixture.lint("lint: { rules: { color-missing-dark: off, color-missing-hc: off } }")
    #expect(
      fixture.codes(result) == [
        "duplicate-asset-name Logo.imageset", "duplicate-asset-name Plain/Arrow.imageset",
        "symbol-collision my_icon.imageset",
      ])
    #expect(result.findings[1].diagnostic.message.contains("provides-namespace"))
    #expect(NameLint.identifier("AccentColor", kind: .colorSet) == "accent")
    #expect(NameLint.identifier("tab bar-Icon", kind: .imageSet) == "tabBarIcon")
    #expect(NameLint.identifier("2up", kind: .imageSet) == "_2up")
  }
}
