import Foundation
import Testing

@testable import GamutKit

/// Each structure and image check fires on a small catalog made for it.
@Suite struct LintImageChecksTests {
  private static let displayP3: PNGEncoder.ColorTag = .iccProfile(
    name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)

  private func lint(_ configuration: String = "", _ make: (LintFixture) throws -> Void) throws -> [String] {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try make(fixture)
    return fixture.codes(try fixture.lint(configuration))
  }

  @Test func structure() throws {
    let codes = try lint { fixture in
      try fixture.imageSet("A", [("a.png", nil, nil, nil), ("gone.png", nil, "dark", "sRGB")])
      try fixture.solid("A.imageset/a.png", (4, 4))
      try fixture.solid("A.imageset/stray.png", (4, 4))
      try fixture.imageSet("Dark", [("d.png", "1x", "dark", nil), (nil, "1x", nil, nil)])
      try fixture.solid("Dark.imageset/d.png", (4, 4), [10, 10, 10])
      try fixture.write("{ \"images\" : [ { \"idiom\" : 3 } ] ", at: "Broken.imageset/Contents.json")
      try FileManager.default.createDirectory(
        atPath: fixture.catalog + "/Launch.launchimage", withIntermediateDirectories: true)
    }
    #expect(
      codes == [
        "contents-invalid Broken.imageset/Contents.json", "missing-file A.imageset/Contents.json",
        "unlisted-file A.imageset/stray.png", "unpaired-dark A.imageset/Contents.json",
        "unpaired-dark Dark.imageset/Contents.json", "unchecked-kind Launch.launchimage",
      ])
  }

  @Test func aWebPNamedPNG() throws {
    let webp = TestData.projectRoot.appendingPathComponent("Tests/Fixtures/disguised/webp.png").path
    let codes = try lint { fixture in
      try fixture.imageSet("W", [("w.png", nil, nil, nil)])
      try fixture.write([UInt8](try Data(contentsOf: URL(fileURLWithPath: webp))), at: "W.imageset/w.png")
      try fixture.imageSet("Cut", [("c.png", nil, nil, nil)])
      try fixture.write(Array([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0]), at: "Cut.imageset/c.png")
    }
    #expect(codes == ["unreadable-png Cut.imageset/c.png", "misnamed-image W.imageset/w.png"])
  }

  @Test func sizes() throws {
    let codes = try lint { fixture in
      try fixture.imageSet(
        "S", [("s.png", "1x", nil, nil), ("s@2x.png", "2x", nil, nil), ("s@3x.png", "3x", nil, nil)])
      try fixture.solid("S.imageset/s.png", (10, 10))
      try fixture.solid("S.imageset/s@2x.png", (21, 20))
      try fixture.solid("S.imageset/s@3x.png", (45, 30))
    }
    #expect(
      codes == [
        "scale-size-mismatch S.imageset/s@3x.png", "fractional-points S.imageset/s@2x.png",
      ])
  }

  @Test func colorInformation() throws {
    let adobe = [UInt8](
      try Data(contentsOf: TestData.projectRoot.appendingPathComponent("Tests/FuzzCorpus/icc/seeds/AdobeCompat-v4.icc"))
    )
    let codes = try lint { fixture in
      try fixture.imageSet("U", [("u.png", nil, nil, nil)])
      try fixture.png("U.imageset/u.png", width: 4, height: 4, tag: .none) { _, _ in [1, 2, 3] }
      try fixture.imageSet("A", [("a.png", nil, nil, nil)])
      try fixture.png("A.imageset/a.png", width: 4, height: 4, tag: .iccProfile(name: "Adobe", bytes: adobe)) { _, _ in
        [100, 100, 100]
      }
      try fixture.imageSet("M", [("m.png", "1x", nil, nil), ("m@2x.png", "2x", nil, nil)])
      try fixture.solid("M.imageset/m.png", (4, 4), [128, 128, 128])
      try fixture.png("M.imageset/m@2x.png", width: 8, height: 8, tag: Self.displayP3) { _, _ in [128, 128, 128] }
    }
    #expect(codes == ["unusual-profile A.imageset/a.png", "mixed-profiles M.imageset/Contents.json"])
  }

  @Test func wideGamutAndWastedPairs() throws {
    let codes = try lint { fixture in
      try fixture.imageSet("Red", [("r.png", nil, nil, nil)])
      try fixture.png("Red.imageset/r.png", width: 16, height: 16, tag: Self.displayP3) { x, _ in
        [255, UInt8(x * 4), 0]
      }
      try fixture.imageSet("Pair", [("p.png", nil, nil, "sRGB"), ("p3.png", nil, nil, "display-P3")])
      try fixture.solid("Pair.imageset/p.png", (4, 4), [90, 90, 90])
      try fixture.png("Pair.imageset/p3.png", width: 4, height: 4, tag: Self.displayP3) { _, _ in [90, 90, 90] }
    }
    #expect(codes.count == 2)
    #expect(codes.contains("p3-within-srgb Pair.imageset/p3.png"))
    #expect(codes.contains { $0.hasPrefix("clipping-") && $0.hasSuffix("Red.imageset/r.png") })
  }

  @Test func pixelChecks() throws {
    let codes = try lint("lint: { budgets: { maxPixels: 300 } }") { fixture in
      try fixture.imageSet("Deep", [("d.png", nil, nil, nil)])
      try fixture.png("Deep.imageset/d.png", width: 4, height: 4, sixteen: true) { x, _ in [UInt8(x), 7, 9] }
      try fixture.imageSet("Night", [("n.png", nil, nil, nil), ("n-dark.png", nil, "dark", nil)])
      try fixture.solid("Night.imageset/n.png", (20, 20))
      try fixture.solid("Night.imageset/n-dark.png", (20, 20), [255, 255, 255])
      try fixture.imageSet("Copy", [("c.png", nil, nil, nil)])
      try fixture.solid("Copy.imageset/c.png", (20, 20))
    }
    #expect(
      codes == [
        "oversize-image Copy.imageset/c.png", "needless-16-bit Deep.imageset/d.png",
        "oversize-image Night.imageset/n.png",
        "oversize-image Night.imageset/n-dark.png", "dark-white-area Night.imageset/n-dark.png",
        "duplicate-image Night.imageset",
      ])
  }

  /// A PNG no larger than one strip is read whole even when its first rows answer every question (a 16-bit
  /// display-P3 rendition that leaves sRGB, as a fix writes): a file cut short is reported, as before lint read a few
  /// rows first.
  @Test func aSmallFileCutShortIsReportedThoughItsFirstRowsAnswer() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.imageSet("Wide", [("wide.png", nil, nil, "display-P3")])
    let tag = PNGEncoder.ColorTag.iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)
    var state: UInt32 = 37
    var samples: [UInt16] = []
    for _ in 0..<(64 * 256) {
      state = state &* 1_103_515_245 &+ 12345
      samples += [65535, UInt16(truncatingIfNeeded: state >> 8), 0]
    }
    let png = try PNGEncoder(compressionLevel: 1).encode(
      PixelBuffer(width: 64, height: 256, layout: .rgb, samples: .sixteen(samples)), colorTag: tag)
    try fixture.write(Array(png.prefix(png.count * 9 / 10)), at: "Wide.imageset/wide.png")
    #expect(try fixture.codes(fixture.lint()).contains("unreadable-png Wide.imageset/wide.png"))
  }
}
