import Foundation
import Testing

@testable import GamutKit

/// Issue 33's points 1-10, each on a small catalog showing the pattern found in released apps: an error only where
/// the build, the App Store submission or the app goes wrong, a warning where users likely see a defect, a note for
/// what is worth knowing, and nothing where a released app's choice is deliberate.
@Suite struct LintJudgementTests {
  private static let displayP3: PNGEncoder.ColorTag = .iccProfile(
    name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)

  private func lint(_ configuration: String = "", _ make: (LintFixture) throws -> Void) throws -> (
    found: [String], result: LintResult
  ) {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try make(fixture)
    let result = try fixture.lint(configuration)
    return (fixture.found(result), result)
  }

  /// An opaque square icon with the pixels `transparent` at `alpha`.
  private func icon(
    _ fixture: LintFixture, _ path: String, side: Int, alpha: UInt8, at transparent: Set<[Int]>
  ) throws {
    try fixture.png(path, width: side, height: side, layout: .rgba) { x, y in
      [30, 120, 200, transparent.contains([x, y]) ? alpha : 255]
    }
  }

  // 1. Only the App Store icon is refused for transparency; near-opaque pixels and masked corners show nothing.
  @Test func appIconTransparencyIsJudgedByWhatShows() throws {
    let (found, result) = try lint { fixture in
      try fixture.appIconSet(
        "AppIcon",
        [
          ("store.png", "universal", "1024x1024", nil, "ios", nil),
          ("i60.png", "iphone", "60x60", "2x", nil, nil), ("i40.png", "iphone", "40x40", "2x", nil, nil),
          ("i20.png", "iphone", "20x20", "2x", nil, nil),
        ])
      try icon(fixture, "AppIcon.appiconset/store.png", side: 1024, alpha: 0, at: [[512, 512]])
      try icon(fixture, "AppIcon.appiconset/i60.png", side: 120, alpha: 254, at: [[60, 60], [61, 60]])
      try icon(fixture, "AppIcon.appiconset/i40.png", side: 80, alpha: 0, at: [[0, 0]])
      try icon(fixture, "AppIcon.appiconset/i20.png", side: 40, alpha: 100, at: [[20, 20]])
    }
    #expect(
      found == [
        "error app-icon-alpha AppIcon.appiconset/store.png", "note app-icon-alpha AppIcon.appiconset/i60.png",
        "note app-icon-alpha AppIcon.appiconset/i40.png", "warning app-icon-alpha AppIcon.appiconset/i20.png",
        "note app-icon-missing-appearance AppIcon.appiconset/Contents.json",
      ])
    let near = try #require(result.findings.first { $0.diagnostic.path.hasSuffix("i60.png") })
    #expect(near.diagnostic.message.contains("2 pixels are not fully opaque (lowest alpha 254 of 255"))
    let store = try #require(result.findings.first { $0.diagnostic.path.hasSuffix("store.png") })
    #expect(store.diagnostic.message.contains("lowest alpha 0 of 255; 1 visibly transparent"))
  }

  // 2. An image set per alternate icon (an icon picker) is not a clash; two image sets of one name are.
  @Test func sameNamesAreJudgedByTheirKinds() throws {
    let (found, _) = try lint("lint: { rules: { color-missing-dark: off, color-missing-hc: off } }") { fixture in
      try fixture.appIconSet("Icons/Beta", [("b.png", "universal", "1024x1024", nil, "ios", nil)])
      try fixture.solid("Icons/Beta.appiconset/b.png", (1024, 1024))
      try fixture.imageSet("Picker/Beta", [("p.png", nil, nil, nil)])
      try fixture.solid("Picker/Beta.imageset/p.png", (8, 8))
      try fixture.imageSet("Old/Beta", [("o.png", nil, nil, nil)])
      try fixture.solid("Old/Beta.imageset/o.png", (8, 8), [1, 2, 3])
      try fixture.colorSet("Tint/Picker", [LintFixture.color((0.1, 0.2, 0.3))])
      try fixture.imageSet("Picker", [])
    }
    #expect(
      found == [
        "note app-icon-missing-appearance Icons/Beta.appiconset/Contents.json",
        "warning duplicate-asset-name Picker/Beta.imageset", "note duplicate-asset-name Tint/Picker.colorset",
      ])
  }

  // 3. App icon sets must carry their own copies; image sets that share files are reported once per pair of sets.
  @Test func duplicateImagesSkipAppIconsAndComeOncePerPairOfSets() throws {
    let (found, result) = try lint { fixture in
      try fixture.appIconSet("AppIcon", [("icon.png", "universal", "1024x1024", nil, "ios", nil)])
      try fixture.solid("AppIcon.appiconset/icon.png", (1024, 1024))
      try fixture.imageSet("Preview", [("icon.png", nil, nil, nil)])
      try fixture.solid("Preview.imageset/icon.png", (1024, 1024))
      for name in ["A", "B"] {
        try fixture.imageSet(name, [("x.png", "1x", nil, nil), ("x@2x.png", "2x", nil, nil)])
        try fixture.solid("\(name).imageset/x.png", (4, 4), [9, 9, 9])
        try fixture.solid("\(name).imageset/x@2x.png", (8, 8), [9, 9, 9])
      }
    }
    #expect(
      found == [
        "note app-icon-missing-appearance AppIcon.appiconset/Contents.json", "note duplicate-image B.imageset",
      ])
    #expect(result.findings[1].diagnostic.message.hasPrefix("2 files have the same bytes as in 'A.imageset'"))
  }

  // 4. Xcode's empty app icon template (widget extensions, helper targets) is one note.
  @Test func anEmptyAppIconSetIsOneNote() throws {
    let (found, result) = try lint { fixture in
      try fixture.appIconSet(
        "AppIcon",
        [
          (nil, "universal", "1024x1024", nil, "ios", nil), (nil, "universal", "1024x1024", nil, "ios", "dark"),
          (nil, "mac", "16x16", "1x", nil, nil), (nil, "mac", "16x16", "2x", nil, nil),
        ])
    }
    #expect(found == ["note app-icon-empty AppIcon.appiconset/Contents.json"])
    #expect(result.exitStatus(strict: true) == .clean)
  }

  // 5. Display P3 art in an any-gamut slot shows right on P3 screens: lint's default is below an error, and the
  // message says how to add an sRGB rendition; gamut.yml can raise it.
  @Test func clippingDefaultsBelowAnErrorAndCanBeRaised() throws {
    func make(_ fixture: LintFixture) throws {
      try fixture.imageSet("Red", [("r.png", nil, nil, nil)])
      try fixture.png("Red.imageset/r.png", width: 64, height: 64, tag: Self.displayP3) { x, y in
        [255, UInt8(x * 4), UInt8(y * 4)]
      }
    }
    let (_, result) = try lint("", make)
    let finding = try #require(result.findings.first { $0.diagnostic.code.isClipping })
    #expect(finding.diagnostic.severity < .error)
    #expect(finding.diagnostic.message.contains("\"sRGB and Display P3\""))
    #expect(result.exitStatus(strict: false) == .clean)
    let raised = try lint("lint: { rules: { clipping-error: error, clipping-warning: error } }", make).result
    #expect(raised.findings.first { $0.diagnostic.code.isClipping }?.diagnostic.severity == .error)
    #expect(raised.exitStatus(strict: false) == .clipping)
  }

  // 6. Gray is gray, a bare gAMA 1/2.2 is an ordinary old export, and a display-class profile is described as what it
  // is, not as a monitor's own.
  @Test func unusualProfilesNameWhatTheFileCarries() throws {
    let grey = [UInt8](
      try Data(
        contentsOf: TestData.projectRoot.appendingPathComponent(
          "Tests/Fixtures/testdata/icc/compact/profiles/sGrey-v4.icc")))
    let generic = try ProfileFactory.rgbProfile(
      primaries: ColorChunks.Chromaticities(
        whiteX: 0.3127, whiteY: 0.329, redX: 0.63, redY: 0.34, greenX: 0.295, greenY: 0.605, blueX: 0.155,
        blueY: 0.077),
      transfer: .gamma(1.8), description: "Generic RGB Profile")
    let (found, result) = try lint { fixture in
      try fixture.imageSet("Gray", [("g.png", nil, nil, nil)])
      try fixture.png(
        "Gray.imageset/g.png", width: 4, height: 4, layout: .gray, tag: .iccProfile(name: "Gray", bytes: grey)
      ) { _, _ in [90] }
      try fixture.imageSet("Old", [("o.png", nil, nil, nil)])
      try fixture.write(
        Self.withGamma(
          45455,
          try PNGEncoder(compressionLevel: 1).encode(
            PixelBuffer(width: 2, height: 2, layout: .rgb, samples: .eight([UInt8](repeating: 80, count: 12))),
            colorTag: .none)), at: "Old.imageset/o.png")
      try fixture.imageSet("Generic", [("x.png", nil, nil, nil)])
      try fixture.png(
        "Generic.imageset/x.png", width: 4, height: 4, tag: .iccProfile(name: "Generic", bytes: generic.bytes)
      ) { _, _ in [200, 100, 50] }
    }
    #expect(found.contains("note unusual-profile Generic.imageset/x.png"))
    #expect(!found.contains { $0.contains("Gray.imageset") || $0.contains("Old.imageset") })
    let message = try #require(result.findings.first { $0.diagnostic.code == .unusualProfile }).diagnostic.message
    #expect(message.contains("'Generic RGB Profile'") && message.contains("gamma 1.8") && message.contains("display"))
    #expect(!message.contains("monitor"))
  }

  /// PNG bytes with a gAMA chunk of `gamma` (in 100,000ths) inserted after IHDR.
  static func withGamma(_ gamma: UInt32, _ png: [UInt8]) -> [UInt8] {
    Array(png[0..<33]) + PNGBuilder.chunk("gAMA", PNGBuilder.bigEndian(gamma)) + Array(png[33...])
  }

  // 7. Light and dark renditions never show side by side: their spaces are not compared.
  @Test func mixedProfilesStayWithinOneAppearance() throws {
    let (found, _) = try lint { fixture in
      try fixture.imageSet("Mode", [("l.png", nil, nil, nil), ("d.png", nil, "dark", nil)])
      try fixture.solid("Mode.imageset/l.png", (4, 4), [200, 200, 200])
      try fixture.png("Mode.imageset/d.png", width: 4, height: 4, tag: Self.displayP3) { _, _ in [20, 20, 20] }
    }
    #expect(found == [])
  }

  // 8. A catalog for macOS only: its 3x slot is never drawn, and it is told of macOS system colors only.
  @Test func aMacOnlyCatalogIsJudgedForTheMac() throws {
    let gray2 = SystemColor.table.first { $0.reference == "systemGray2Color" && $0.platform == .iOS }!
    func triple(_ value: ColorValue) -> (Double, Double, Double) {
      let srgb = value.components(in: .sRGB)
      return (srgb.x, srgb.y, srgb.z)
    }
    let (found, _) = try lint("lint: { rules: { color-missing-hc: off } }") { fixture in
      try fixture.write(
        #"{ "images" : [ { "filename" : "s.png", "idiom" : "mac", "scale" : "1x" }, "#
          + #"{ "filename" : "s@2x.png", "idiom" : "mac", "scale" : "2x" }, "#
          + #"{ "filename" : "s@3x.png", "idiom" : "universal", "scale" : "3x" } ] }"#,
        at: "Star.imageset/Contents.json")
      try fixture.solid("Star.imageset/s.png", (10, 10))
      try fixture.solid("Star.imageset/s@2x.png", (20, 20))
      try fixture.solid("Star.imageset/s@3x.png", (20, 20))
      try fixture.colorSet(
        "Well", [LintFixture.color(triple(gray2.light)), LintFixture.color(triple(gray2.dark), appearance: "dark")])
    }
    #expect(found == [])
  }

  // 9. Fully transparent colors need no variants; a color kept fixed is worth a note at most; untagged means sRGB.
  @Test func colorAndTaggingNotesSayLess() throws {
    let (found, _) = try lint("lint: { rules: { color-missing-hc: off } }") { fixture in
      try fixture.colorSet(
        "Clear",
        [
          #"    { "color" : { "color-space" : "srgb", "components" : { "alpha" : "0.000", "red" : "1.000", "green" : "1.000", "blue" : "1.000" } }, "idiom" : "universal" }"#
        ])
      try fixture.colorSet("Brand", [LintFixture.color((0.8, 0.1, 0.1))])
      try fixture.imageSet("Plain", [("p.png", nil, nil, nil)])
      try fixture.png("Plain.imageset/p.png", width: 4, height: 4, tag: .none) { _, _ in [1, 2, 3] }
      try fixture.imageSet("Wide", [("s.png", nil, nil, "sRGB"), ("w.png", nil, nil, "display-P3")])
      try fixture.solid("Wide.imageset/s.png", (4, 4))
      try fixture.png("Wide.imageset/w.png", width: 4, height: 4, tag: .none) { _, _ in [3, 2, 1] }
    }
    #expect(
      found == [
        "warning untagged-image Wide.imageset/w.png", "warning p3-within-srgb Wide.imageset/w.png",
        "note color-missing-dark Brand.colorset/Contents.json",
      ])
  }

  // 10. Lint converts nothing: its messages say what the file is read as; the oversize message names the budget
  // the image is over.
  @Test func messagesAreInLintsWords() throws {
    let (_, result) = try lint("lint: { budgets: { maxBytes: 50 } }") { fixture in
      try fixture.imageSet("Inverted", [("i.png", nil, nil, nil)])
      try fixture.write(
        Self.withGamma(
          220000,
          try PNGEncoder(compressionLevel: 1).encode(
            PixelBuffer(width: 2, height: 2, layout: .rgb, samples: .eight([UInt8](repeating: 80, count: 12))),
            colorTag: .none)), at: "Inverted.imageset/i.png")
      try fixture.imageSet("Broken", [("b.png", nil, nil, nil)])
      try fixture.png(
        "Broken.imageset/b.png", width: 2, height: 2,
        tag: .iccProfile(name: "Broken", bytes: [UInt8](repeating: 7, count: 200))
      ) { _, _ in [1, 2, 3] }
    }
    #expect(result.findings.contains { $0.diagnostic.code == .unusableProfile })
    let messages = result.findings.map(\.diagnostic.message)
    #expect(!messages.contains { $0.contains("converted") })
    let oversize = try #require(result.findings.first { $0.diagnostic.code == .oversizeImage }).diagnostic.message
    #expect(oversize.contains("bytes is over the budget") && !oversize.contains("pixels is over"))
  }
}
