import Foundation
import Testing

@testable import GamutKit

/// What lint missed in released apps (a dark rendition that copies its light one, a tinted or dark app icon that
/// copies another appearance), the paths lint takes and refuses (issue 33.11), and pixel checks that read only as
/// far as they need (issue 34.3).
@Suite struct LintCopiesAndPathsTests {
  @Test func aDarkRenditionThatCopiesItsLightOneIsANote() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.imageSet(
      "Copy",
      [
        ("l.png", "2x", nil, nil), ("d.png", "2x", "dark", nil), ("l@3x.png", "3x", nil, nil),
        ("d@3x.png", "3x", "dark", nil),
      ])
    try fixture.solid("Copy.imageset/l.png", (8, 8), [10, 10, 10])
    try fixture.solid("Copy.imageset/d.png", (8, 8), [10, 10, 10])
    // The same pixels in other bytes: a 16-bit file against an 8-bit one is another layout; compression differs.
    try fixture.png("Copy.imageset/l@3x.png", width: 12, height: 12) { x, _ in [UInt8(x), 0, 0] }
    try fixture.write(
      try PNGEncoder(compressionLevel: 9).encode(
        PixelBuffer(
          width: 12, height: 12, layout: .rgb,
          samples: .eight((0..<12).flatMap { _ in (0..<12).flatMap { x in [UInt8(x), 0, 0] } })),
        colorTag: .sRGB(intent: 0)), at: "Copy.imageset/d@3x.png")
    try fixture.write(
      #"{ "images" : [ { "filename" : "v.pdf", "idiom" : "universal" }, "#
        + #"{ "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ], "#
        + #""filename" : "v-dark.pdf", "idiom" : "universal" } ] }"#, at: "Vector.imageset/Contents.json")
    try fixture.write("%PDF-1.4\n%%EOF\n", at: "Vector.imageset/v.pdf")
    try fixture.write("%PDF-1.4\n%%EOF\n", at: "Vector.imageset/v-dark.pdf")
    let result = try fixture.lint()
    try #require(
      fixture.found(result) == [
        "note dark-rendition-copy Copy.imageset/Contents.json", "note dark-rendition-copy Copy.imageset/Contents.json",
        "note dark-rendition-copy Vector.imageset/Contents.json",
      ])
    #expect(result.findings[0].diagnostic.message.contains("has the same bytes as the any-appearance rendition"))
    #expect(result.findings[1].diagnostic.message.contains("has the same pixels as"))
  }

  @Test func appIconAppearancesThatCopyAnotherAreNamed() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.appIconSet(
      "AppIcon",
      [
        ("any.png", "universal", "1024x1024", nil, "ios", nil),
        ("dark.png", "universal", "1024x1024", nil, "ios", "dark"),
        ("tinted.png", "universal", "1024x1024", nil, "ios", "tinted"),
      ])
    try fixture.solid("AppIcon.appiconset/any.png", (1024, 1024), [200, 40, 40])
    try fixture.solid("AppIcon.appiconset/dark.png", (1024, 1024), [20, 20, 90])
    try fixture.solid("AppIcon.appiconset/tinted.png", (1024, 1024), [20, 20, 90])
    try fixture.appIconSet(
      "Flag",
      [
        ("flag.png", "universal", "1024x1024", nil, "ios", nil),
        ("flag.png", "universal", "1024x1024", nil, "ios", "dark"),
        ("flag-copy.png", "universal", "1024x1024", nil, "ios", "tinted"),
      ])
    try fixture.solid("Flag.appiconset/flag.png", (1024, 1024), [20, 20, 20])
    try fixture.solid("Flag.appiconset/flag-copy.png", (1024, 1024), [20, 20, 20])
    let result = try fixture.lint()
    try #require(
      fixture.found(result) == [
        "warning app-icon-tinted-copy AppIcon.appiconset/Contents.json",
        "warning app-icon-tinted-copy Flag.appiconset/Contents.json",
      ])
    #expect(result.findings[0].diagnostic.message.contains("the same bytes as the dark-appearance icon 'dark.png'"))
  }

  @Test func aDarkIconCopiedIntoAnotherFileIsANote() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.appIconSet(
      "AppIcon",
      [
        ("any.png", "universal", "1024x1024", nil, "ios", nil),
        ("dark.png", "universal", "1024x1024", nil, "ios", "dark"),
        ("tinted.png", "universal", "1024x1024", nil, "ios", "tinted"),
      ])
    try fixture.solid("AppIcon.appiconset/any.png", (1024, 1024), [200, 40, 40])
    try fixture.solid("AppIcon.appiconset/dark.png", (1024, 1024), [200, 40, 40])
    try fixture.solid("AppIcon.appiconset/tinted.png", (1024, 1024), [128, 128, 128])
    #expect(fixture.found(try fixture.lint()) == ["note app-icon-dark-copy AppIcon.appiconset/Contents.json"])
  }

  @Test func anIconBundleGivenDirectlyIsChecked() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    let bundle = fixture.folder.path + "/AppIcon.icon"
    try FileManager.default.createDirectory(atPath: bundle + "/Assets", withIntermediateDirectories: true)
    try Data("{ not json".utf8).write(to: URL(fileURLWithPath: bundle + "/icon.json"))
    let result = Linter().lint([bundle])
    #expect(result.refused.isEmpty)
    #expect(result.findings.map(\.diagnostic.code) == [.iconUnreadable])
    #expect(result.exitStatus(strict: false) == .failure)
  }

  @Test func aSetGivenDirectlyIsCheckedAsPartOfItsCatalog() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.imageSet("Group/Gone", [("gone.png", nil, nil, nil)])
    try fixture.imageSet("Other", [("other.png", nil, nil, nil)])
    let result = Linter().lint([fixture.catalog + "/Group/Gone.imageset"])
    #expect(fixture.codes(result) == ["missing-file Group/Gone.imageset/Contents.json"])
  }

  @Test func pathsLintDoesNotTakeAreRefused() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write("text", at: "../notes.txt")
    try FileManager.default.createDirectory(
      atPath: fixture.folder.path + "/Empty", withIntermediateDirectories: true)
    let paths = [fixture.folder.path + "/notes.txt", fixture.folder.path + "/Nothing", fixture.folder.path + "/Empty"]
    for path in paths {
      let result = Linter().lint([path, fixture.catalog])
      #expect(result.refused.map(\.path) == [path])
      #expect(result.findings.isEmpty && result.catalogs.isEmpty)
    }
  }

  /// A 16-bit PNG whose first rows answer the 16-bit question and whose later image data is cut off: the check stops
  /// reading where it has its answer.
  @Test func pixelChecksReadOnlyAsFarAsTheyNeed() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    let side = 1024
    var samples = [UInt16](repeating: 0x1234, count: side * side * 3)
    samples[0] = 7
    let png = try PNGEncoder(compressionLevel: 1).encode(
      PixelBuffer(width: side, height: side, layout: .rgb, samples: .sixteen(samples)), colorTag: .sRGB(intent: 0))
    // Keep the chunks up to the image data and the first half of the image data.
    var offset = 8
    var lastIDATEnd = 8
    while offset + 8 <= png.count {
      let length = Int(PNGBuilder.bigEndianValue(png[offset..<offset + 4]))
      if String(decoding: png[offset + 4..<offset + 8], as: UTF8.self) == "IDAT" { lastIDATEnd = offset + 12 + length }
      offset += 12 + length
    }
    let cut = Array(png[0..<(lastIDATEnd / 2)])
    try fixture.imageSet("Deep", [("d.png", nil, nil, nil)])
    try fixture.write(cut, at: "Deep.imageset/d.png")
    #expect(fixture.codes(try fixture.lint()) == [])
  }
}
