import Foundation
import Testing

@testable import GamutKit

/// `p3-color-without-srgb` (the sRGB entry `gamut build` writes beside a Display P3 color) and `contents-layout`
/// (today's layout, the same values: import's equivalence proves it).
@Suite struct FixColorAndLayoutTests {
  @Test func aDisplayP3ColorGetsTheSRGBEntryTheBuildWrites() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.colorSet(
      "Accent",
      [
        LintFixture.color((1, 0.2, 0.1), space: "display-p3"),
        LintFixture.color((0.2, 0.2, 0.2), appearance: "dark"),
      ])
    #expect(fixture.codes(try fixture.lint()).contains("p3-color-without-srgb Accent.colorset/Contents.json"))

    let run = try fixture.fixTwice("p3-color-without-srgb")
    #expect(fixture.remaining(run).filter { $0.hasPrefix("p3-color") } == [])
    let entries = try JSONNodeReader.read(fixture.bytes("Accent.colorset/Contents.json"))["colors"]?.elements ?? []
    let summary = entries.map { entry in
      let color = CatalogColor(entry["color"]!)!
      return [
        entry["display-gamut"]?.string ?? "any",
        entry["appearances"]?.elements?.first?["value"]?.string ?? "any", color.colorSpace ?? "",
        ["red", "green", "blue"].compactMap { color.component($0) }.joined(separator: " "),
      ].joined(separator: " ")
    }
    // The build maps the color into sRGB (clip, three decimals); the dark sRGB color keeps its gamut "any".
    #expect(
      summary == [
        "any dark srgb 0.200 0.200 0.200", "sRGB any srgb 1.000 0.000 0.000",
        "display-P3 any display-p3 1.000 0.200 0.100",
      ])
  }

  @Test func aDisplayP3EntryOfAGamutPairGetsItsMissingSRGBHalf() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.colorSet("Vivid", [LintFixture.color((0, 1, 0), space: "display-p3", gamut: "display-P3")])
    let run = try fixture.fixTwice()
    #expect(fixture.remaining(run).filter { $0.hasPrefix("p3-color") } == [])
    let text = fixture.text("Vivid.colorset/Contents.json")
    #expect(text.contains(#""display-gamut" : "sRGB""#))
    #expect(text.range(of: #""display-gamut" : "sRGB""#)!.lowerBound < text.range(of: "display-P3")!.lowerBound)
  }

  static let oldLayout = """
    {
      "images" : [
        {
          "idiom" : "universal",
          "filename" : "a.png",
          "scale" : "1x"
        }
      ],
      "info" : {
        "version" : 1,
        "author" : "xcode"
      }
    }
    """

  @Test func contentsInAnOlderLayoutAreRewrittenWithTheSameValuesOnlyWhenAskedFor() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("A.imageset/a.png", (8, 8))
    try fixture.write(Self.oldLayout, at: "A.imageset/Contents.json")
    try fixture.write(
      "{\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  },\n  \"properties\" : {\n    "
        + "\"provides-namespace\" : true\n  }\n}", at: "G/Contents.json")
    try fixture.write(
      "{\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  }\n}", at: "Contents.json")
    // Spaced by hand, not by an older Xcode: not reported, not rewritten.
    try fixture.write("{ \"info\" : { \"version\" : 1, \"author\" : \"xcode\" } }", at: "H/Contents.json")
    #expect(
      fixture.codes(try fixture.lint()) == [
        "contents-layout Contents.json", "contents-layout G/Contents.json", "contents-layout A.imageset/Contents.json",
      ])
    #expect(try fixture.fix().report.changes.isEmpty, "the safe set leaves layouts alone")
    let before = ["A.imageset/Contents.json", "G/Contents.json", "Contents.json"].map(fixture.bytes)

    let run = try fixture.fixTwice("contents-layout")
    #expect(fixture.remaining(run) == [])
    let after = ["A.imageset/Contents.json", "G/Contents.json", "Contents.json"].map(fixture.bytes)
    for (old, new) in zip(before, after) {
      guard case .equivalent = CatalogEquivalence.contents(old, new) else {
        Issue.record("not the same values: \(String(decoding: new, as: UTF8.self))")
        continue
      }
    }
    #expect(
      fixture.text("G/Contents.json")
        == "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  },\n  \"properties\" : {\n    "
        + "\"provides-namespace\" : true\n  }\n}\n")
  }

  @Test func aFileWithARepeatedKeyIsNotReportedNorRewritten() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(
      "{\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\",\n    \"author\" : \"me\"\n  }\n}",
      at: "G/Contents.json")
    #expect(!fixture.codes(try fixture.lint()).contains("contents-layout G/Contents.json"))
  }
}
