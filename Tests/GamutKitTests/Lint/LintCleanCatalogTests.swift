import Foundation
import Testing

@testable import GamutKit

/// A catalog with no defect: every check stays silent.
@Suite struct LintCleanCatalogTests {
  /// Writes the clean catalog: an image set with three scales and dark renditions, a color set with every
  /// appearance, an iOS single-size app icon with any, dark and tinted images, a symbol set, a namespace group.
  static func writeClean(_ fixture: LintFixture) throws {
    try fixture.imageSet(
      "Star",
      [
        ("star.png", "1x", nil, nil), ("star-dark.png", "1x", "dark", nil), ("star@2x.png", "2x", nil, nil),
        ("star-dark@2x.png", "2x", "dark", nil), ("star@3x.png", "3x", nil, nil),
        ("star-dark@3x.png", "3x", "dark", nil),
      ])
    for (suffix, scale) in [("", 1), ("@2x", 2), ("@3x", 3)] {
      try fixture.solid("Star.imageset/star\(suffix).png", (10 * scale, 8 * scale))
      try fixture.solid("Star.imageset/star-dark\(suffix).png", (10 * scale, 8 * scale), [20, 30, 60])
    }
    try fixture.colorSet(
      "Brand",
      [
        LintFixture.color((0.20, 0.40, 0.60)), LintFixture.color((0.50, 0.70, 0.90), appearance: "dark"),
        LintFixture.color((0.10, 0.30, 0.50), highContrast: true),
        LintFixture.color((0.60, 0.80, 0.95), appearance: "dark", highContrast: true),
      ])
    try writeIcon(fixture)
    try fixture.write(
      #"{ "info" : { "author" : "xcode", "version" : 1 }, "properties" : { "provides-namespace" : true } }"#,
      at: "Tabs/Contents.json")
    try fixture.imageSet("Tabs/Star", [("s.png", nil, nil, nil)])
    try fixture.solid("Tabs/Star.imageset/s.png", (12, 12))
  }

  /// An iOS single-size icon: any (opaque), dark (dark background), tinted (gray).
  static func writeIcon(_ fixture: LintFixture, any: [UInt8] = [30, 120, 200], anyLayout: PixelBuffer.Layout = .rgb)
    throws
  {
    let entries = [("icon.png", nil), ("icon-dark.png", "dark"), ("icon-tinted.png", "tinted")].map { file, look in
      let appearance = look.map { #""appearances" : [ { "appearance" : "luminosity", "value" : "\#($0)" } ], "# } ?? ""
      return
        #"    { \#(appearance)"filename" : "\#(file)", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }"#
    }
    try fixture.write(
      "{\n  \"images\" : [\n" + entries.joined(separator: ",\n") + "\n  ],\n  \"info\" : { \"author\" : \"xcode\", "
        + "\"version\" : 1 }\n}\n", at: "AppIcon.appiconset/Contents.json")
    try fixture.png("AppIcon.appiconset/icon.png", width: 1024, height: 1024, layout: anyLayout) { _, _ in any }
    try fixture.solid("AppIcon.appiconset/icon-dark.png", (1024, 1024), [10, 20, 30])
    try fixture.solid("AppIcon.appiconset/icon-tinted.png", (1024, 1024), [128, 128, 128])
  }

  @Test func aCleanCatalogHasNoFinding() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try Self.writeClean(fixture)
    let result = try fixture.lint()
    #expect(fixture.codes(result) == [])
    #expect(result.exitStatus(strict: true) == .clean)
    #expect(result.catalogs.count == 1)
  }

  @Test func anAlphaChannelWithEveryPixelOpaqueIsNotAFinding() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try Self.writeIcon(fixture, any: [30, 120, 200, 255], anyLayout: .rgba)
    #expect(fixture.codes(try fixture.lint()) == [])
  }

  @Test func aTransparentAppStoreIconIsAnError() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try Self.writeIcon(fixture, any: [30, 120, 200, 128], anyLayout: .rgba)
    let result = try fixture.lint()
    #expect(fixture.codes(result) == ["app-icon-alpha AppIcon.appiconset/icon.png"])
    #expect(result.exitStatus(strict: false) == .failure)
  }
}
