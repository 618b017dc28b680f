import Foundation
import Testing

@testable import GamutKit

/// The fixes of single files: color spaces devices do not show as meant, mixed spaces in a slot, needless 16-bit
/// files, dark copies and unlisted files. Each is run twice: the second changes nothing.
@Suite struct FixFileTests {
  @Test func aGammaOfOnePointEightIsConvertedToSRGBWithTheSRGBProfile() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(
      try RegistryTriggerRunner.png(PNGSketch(8, 8, [200, 120, 40], tag: .gamma(55_556))), at: "Old.imageset/old.png")
    try fixture.imageSet("Old", [("old.png", nil, nil, nil)])
    #expect(fixture.codes(try fixture.lint()) == ["unusual-profile Old.imageset/old.png"])

    let run = try fixture.fixTwice()
    #expect(run.report.fixed.map(\.diagnostic.code) == [.unusualProfile])
    #expect(fixture.remaining(run) == [])
    let converted = try fixture.decoded("Old.imageset/old.png")
    #expect(converted.header.bitDepth == 8)
    #expect(converted.colorChunks.iccProfile?.bytes == BuiltInProfiles.sRGB.bytes)
    #expect(converted.colorChunks.gamma == nil)
  }

  @Test func wideArtInAnOddSpaceBecomesDisplayP3WhenOnlyThatFixIsAskedFor() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(
      try RegistryTriggerRunner.png(PNGSketch(16, 4, [0, 250, 0], tag: .adobeRGB)), at: "Leaf.imageset/leaf.png")
    try fixture.imageSet("Leaf", [("leaf.png", nil, nil, nil)])
    let before = fixture.codes(try fixture.lint())
    #expect(before.contains("unusual-profile Leaf.imageset/leaf.png"))

    let run = try fixture.fixTwice("unusual-profile")
    #expect(!fixture.remaining(run).contains { $0.hasPrefix("unusual-profile") })
    let converted = try fixture.decoded("Leaf.imageset/leaf.png")
    #expect(converted.header.bitDepth == 16, "its colors leave sRGB: Display P3 keeps them")
    #expect(converted.colorChunks.iccProfile?.bytes == BuiltInProfiles.displayP3.bytes)
    #expect(fixture.text("Leaf.imageset/Contents.json").contains("leaf.png"))
  }

  @Test func aChunkPassedOverIsFixedOnlyWhereAnotherChunkSaysWhatTheColorsMean() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    // A cICP with matrix coefficients 1 (not valid in PNG) before an sRGB chunk: sRGB decides, the intent is clear.
    let tagged = try RegistryTriggerRunner.png(PNGSketch(8, 8, tag: .sRGB))
    let badPoints = PNGBuilder.chunk("cICP", [1, 13, 1, 1])
    try fixture.write(Array(tagged[0..<33]) + badPoints + Array(tagged[33...]), at: "Clear.imageset/clear.png")
    try fixture.imageSet("Clear", [("clear.png", nil, nil, nil)])
    // The same cICP alone: nothing says what the colors mean.
    try fixture.write(
      try RegistryTriggerRunner.png(PNGSketch(8, 8, tag: .codingPoints(1, 13, 1))), at: "Dim.imageset/dim.png")
    try fixture.imageSet("Dim", [("dim.png", nil, nil, nil)])

    let run = try fixture.fixTwice()
    #expect(run.report.fixed.map(\.diagnostic.path) == [fixture.catalog + "/Clear.imageset/clear.png"])
    #expect(fixture.remaining(run) == ["unusable-color-chunk Dim.imageset/dim.png"])
    #expect(
      run.report.unfixed.map(\.reason) == ["no usable color chunk is left, so what its colors mean is not known"])
    #expect(try fixture.decoded("Clear.imageset/clear.png").colorChunks.codingPoints == nil)
  }

  @Test func theRenditionsOfOneSlotGoIntoOneSpace() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("Dot.imageset/dot.png", (8, 8))
    try fixture.png(
      "Dot.imageset/dot@2x.png", width: 16, height: 16,
      tag: .iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)
    ) { _, _ in [90, 90, 90] }
    try fixture.imageSet("Dot", [("dot.png", "1x", nil, nil), ("dot@2x.png", "2x", nil, nil)])
    let sRGB = fixture.bytes("Dot.imageset/dot.png")
    #expect(fixture.codes(try fixture.lint()) == ["mixed-profiles Dot.imageset/Contents.json"])

    let run = try fixture.fixTwice("mixed-profiles")
    #expect(fixture.remaining(run) == [])
    #expect(fixture.bytes("Dot.imageset/dot.png") == sRGB, "the file already in the slot's space is kept")
    #expect(try fixture.decoded("Dot.imageset/dot@2x.png").colorChunks.iccProfile?.bytes == BuiltInProfiles.sRGB.bytes)
  }

  @Test func aNeedlessSixteenBitFileIsWrittenAtEightBitsWithTheSamePixelsAndProfile() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    let profile = PNGEncoder.ColorTag.iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes)
    try fixture.png("Soft.imageset/soft.png", width: 9, height: 5, layout: .rgba, tag: profile, sixteen: true) { x, y in
      [UInt8(x * 20), UInt8(x * 20), UInt8(x * 20), UInt8(255 - x * y)]
    }
    try fixture.imageSet("Soft", [("soft.png", nil, nil, nil)])
    let original = try fixture.decoded("Soft.imageset/soft.png")

    let run = try fixture.fixTwice("needless-16-bit")
    #expect(run.report.fixed.map(\.diagnostic.code) == [.needless16Bit])
    #expect(fixture.remaining(run) == [])
    let eight = try fixture.decoded("Soft.imageset/soft.png")
    #expect(eight.header.bitDepth == 8)
    #expect(eight.colorChunks.iccProfile == original.colorChunks.iccProfile)
    guard case .sixteen(let wide) = original.pixels.samples, case .eight(let narrow) = eight.pixels.samples else {
      Issue.record("unexpected sample depths")
      return
    }
    #expect(narrow.map { UInt16($0) * 257 } == wide, "every sample, alpha too, is the same value")
  }

  @Test func aNeedlessSixteenBitFileWhoseGammaChunkDecidesIsLeftWithTheReason() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(
      try RegistryTriggerRunner.png(PNGSketch(4, 4, tag: .gamma(45_455), sixteen: true)), at: "G.imageset/g.png")
    try fixture.imageSet("G", [("g.png", nil, nil, nil)])
    let run = try fixture.fix("needless-16-bit")
    #expect(run.report.changes.isEmpty)
    #expect(run.report.unfixed.first?.reason.hasPrefix("its colors are decided by a gAMA/cHRM chunk") == true)
  }

  @Test func aDarkCopyIsEmptiedAndItsFileRemovedOnlyWhenAskedFor() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("Card.imageset/card.png", (8, 8))
    try fixture.solid("Card.imageset/card-dark.png", (8, 8))
    try fixture.imageSet("Card", [("card.png", nil, nil, nil), ("card-dark.png", nil, "dark", nil)])
    #expect(try fixture.fix().report.changes.isEmpty, "the safe set removes nothing")

    let run = try fixture.fixTwice("dark-rendition-copy")
    #expect(fixture.remaining(run) == [])
    #expect(fixture.names("Card.imageset") == ["Contents.json", "card.png"])
    #expect(
      try FixPairTests.entries(fixture.text("Card.imageset/Contents.json")) == [
        "single any card.png", "single any - dark",
      ])
  }

  @Test func aFileNoEntryNamesIsRemovedOnlyWhenAskedFor() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.solid("A.imageset/a.png", (8, 8))
    try fixture.solid("A.imageset/stray.png", (8, 8))
    try fixture.write(".DS_Store bytes", at: "A.imageset/.DS_Store")
    try fixture.imageSet("A", [("a.png", nil, nil, nil)])
    let contents = fixture.text("A.imageset/Contents.json")
    #expect(try fixture.fix().report.changes.isEmpty)

    let run = try fixture.fixTwice("unlisted-file")
    #expect(fixture.remaining(run) == [])
    #expect(fixture.names("A.imageset") == [".DS_Store", "Contents.json", "a.png"], "a hidden file is carried over")
    #expect(fixture.text("A.imageset/Contents.json") == contents)
  }
}
