import Foundation
import Testing

@testable import GamutKit

/// `clipping-warning`, `clipping-error`: wide-gamut art in an any-gamut (or sRGB) slot becomes a display-gamut pair
/// as `gamut build` writes it, and lint finds the clipping no more. Each fix is run twice: the second changes
/// nothing.
@Suite struct FixPairTests {
  /// The Contents.json of a set with one 2x P3 ramp: Xcode's slots, each gamut of each scale, in Xcode's order.
  static let pairedRamp = """
    {
      "images" : [
        {
          "display-gamut" : "sRGB",
          "idiom" : "universal",
          "scale" : "1x"
        },
        {
          "display-gamut" : "display-P3",
          "idiom" : "universal",
          "scale" : "1x"
        },
        {
          "display-gamut" : "sRGB",
          "filename" : "ramp~srgb@2x.png",
          "idiom" : "universal",
          "scale" : "2x"
        },
        {
          "display-gamut" : "display-P3",
          "filename" : "ramp@2x.png",
          "idiom" : "universal",
          "scale" : "2x"
        },
        {
          "display-gamut" : "sRGB",
          "idiom" : "universal",
          "scale" : "3x"
        },
        {
          "display-gamut" : "display-P3",
          "idiom" : "universal",
          "scale" : "3x"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      },
      "properties" : {
        "template-rendering-intent" : "original"
      }
    }

    """

  @Test func displayP3ArtInAnAnySlotKeepsItsFileAndGetsAnSRGBRenditionAsTheBuildWritesIt() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.wideRamp("Ramp.imageset/ramp@2x.png")
    try fixture.imageSet(
      "Ramp", [(nil, "1x", nil, nil), ("ramp@2x.png", "2x", nil, nil), (nil, "3x", nil, nil)],
      properties: #""template-rendering-intent" : "original""#)
    let original = fixture.bytes("Ramp.imageset/ramp@2x.png")
    #expect(fixture.codes(try fixture.lint()) == ["clipping-error Ramp.imageset/ramp@2x.png"])

    let run = try fixture.fixTwice()
    #expect(run.report.fixed.map(\.diagnostic.code) == [.clipping(.error)])
    #expect(fixture.remaining(run) == [])
    #expect(fixture.text("Ramp.imageset/Contents.json") == Self.pairedRamp)
    #expect(fixture.names("Ramp.imageset") == ["Contents.json", "ramp@2x.png", "ramp~srgb@2x.png"])
    #expect(fixture.bytes("Ramp.imageset/ramp@2x.png") == original, "the Display P3 art is kept byte for byte")
    let sRGB = try fixture.decoded("Ramp.imageset/ramp~srgb@2x.png")
    #expect(sRGB.header.bitDepth == 8)
    #expect(sRGB.colorChunks.iccProfile?.bytes == BuiltInProfiles.sRGB.bytes)
    #expect(run.report.renditions.map(\.verdict) == [.error])

    // The sRGB rendition has the bytes `gamut build` writes for the same source.
    let source = try TemporaryFolder()
    defer { source.remove() }
    try FileManager.default.createDirectory(atPath: source.path + "/src", withIntermediateDirectories: true)
    try Data(original).write(to: URL(fileURLWithPath: source.path + "/src/Ramp@2x.png"))
    _ = try CatalogBuilder(
      sourceRoot: source.path + "/src", catalogPath: source.path + "/B.xcassets", options: BuildOptions()
    ).build()
    let built = FileManager.default.contents(atPath: source.path + "/B.xcassets/Ramp.imageset/Ramp~srgb@2x.png")
    #expect(built.map([UInt8].init) == fixture.bytes("Ramp.imageset/ramp~srgb@2x.png"))
  }

  @Test func artInAnotherWideSpaceIsConvertedToDisplayP3SixteenBitForItsSlot() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    let adobe = try [UInt8](
      Data(
        contentsOf: TestData.projectRoot.appendingPathComponent(
          "Tests/FuzzCorpus/icc/seeds/AdobeCompat-v4.icc")))
    try fixture.png("Green.imageset/green.png", width: 32, height: 8, tag: .iccProfile(name: "Adobe RGB", bytes: adobe))
    {
      x, _ in [0, UInt8(128 + x * 4), 0]
    }
    try fixture.imageSet("Green", [("green.png", nil, nil, nil)])
    #expect(fixture.codes(try fixture.lint()).contains { $0.hasPrefix("clipping-") })

    let run = try fixture.fixTwice()
    #expect(fixture.remaining(run).filter { $0.hasPrefix("clipping-") } == [])
    #expect(fixture.names("Green.imageset") == ["Contents.json", "green.png", "green~srgb.png"])
    let p3 = try fixture.decoded("Green.imageset/green.png")
    #expect(p3.header.bitDepth == 16)
    #expect(p3.colorChunks.iccProfile?.bytes == BuiltInProfiles.displayP3.bytes)
    #expect(try fixture.decoded("Green.imageset/green~srgb.png").header.bitDepth == 8)
  }

  @Test func artInsideSRGBStaysInTheSRGBSlotAndItsDisplayP3SlotStaysEmpty() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("Mixed.imageset/flat.png", (32, 4))
    try fixture.wideRamp("Mixed.imageset/ramp@2x.png")
    try fixture.imageSet("Mixed", [("flat.png", "1x", nil, nil), ("ramp@2x.png", "2x", nil, nil)])
    let flat = fixture.bytes("Mixed.imageset/flat.png")

    let run = try fixture.fixTwice()
    #expect(fixture.remaining(run) == [], "no p3-within-srgb, no mixed spaces, no clipping")
    let entries = try Self.entries(fixture.text("Mixed.imageset/Contents.json"))
    #expect(
      entries == [
        "1x sRGB flat.png", "1x display-P3 -", "2x sRGB ramp~srgb@2x.png", "2x display-P3 ramp@2x.png",
      ])
    #expect(fixture.bytes("Mixed.imageset/flat.png") == flat)
  }

  @Test func anSRGBSlotWhoseArtClipsBesideDisplayP3ArtIsConvertedInPlace() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.wideRamp("Pair.imageset/s.png")
    try fixture.wideRamp("Pair.imageset/p.png")
    try fixture.imageSet("Pair", [("s.png", nil, nil, "sRGB"), ("p.png", nil, nil, "display-P3")])
    let contents = fixture.text("Pair.imageset/Contents.json")

    let run = try fixture.fixTwice()
    #expect(fixture.remaining(run) == [])
    #expect(fixture.text("Pair.imageset/Contents.json") == contents, "the entries stay as written")
    let converted = try fixture.decoded("Pair.imageset/s.png")
    #expect(converted.header.bitDepth == 8)
    #expect(converted.colorChunks.iccProfile?.bytes == BuiltInProfiles.sRGB.bytes)
  }

  @Test func aWideDarkRenditionBesideLightArtInsideSRGBGetsItsLightDisplayP3Pair() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("Night.imageset/light.png", (64, 8))
    try fixture.wideRamp("Night.imageset/dark.png")
    try fixture.imageSet("Night", [("light.png", nil, nil, nil), ("dark.png", nil, "dark", nil)])

    let run = try fixture.fixTwice()
    #expect(!fixture.remaining(run).contains { $0.hasPrefix("unpaired-dark") || $0.hasPrefix("clipping") })
    let entries = try Self.entries(fixture.text("Night.imageset/Contents.json"))
    #expect(
      entries == [
        "single sRGB light.png", "single sRGB dark~srgb.png dark", "single display-P3 light~p3.png",
        "single display-P3 dark.png dark",
      ])
  }

  @Test func aSetWithAVectorIsLeftAsItIsWithTheReason() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.wideRamp("Logo.imageset/logo@2x.png", sixteen: false)
    try fixture.write(MinimalPDF.text(), at: "Logo.imageset/logo.pdf")
    try fixture.imageSet("Logo", [("logo.pdf", "1x", nil, nil), ("logo@2x.png", "2x", nil, nil)])
    let before = TemporaryFolder.snapshot(fixture.catalog)

    let run = try fixture.fix()
    #expect(TemporaryFolder.snapshot(fixture.catalog) == before)
    #expect(run.report.unfixed.map(\.reason) == ["'logo.pdf' is not a PNG gamut converts (PDF, SVG, JPEG)"])
  }

  /// Each image entry as `scale gamut file [appearance]` (`-` for an empty slot, `single` for no scale).
  static func entries(_ text: String) throws -> [String] {
    let document = try JSONNodeReader.read(Array(text.utf8))
    return (document["images"]?.elements ?? []).map { element in
      let entry = CatalogEntry(line: element.line, members: element.members ?? [])
      return [entry.scale ?? "single", entry.displayGamut ?? "any", entry.filename ?? "-", entry.luminosity]
        .compactMap { $0 }.joined(separator: " ")
    }
  }
}
