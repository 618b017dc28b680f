import Testing

@testable import GamutKit

/// Color chunks are read as stored: cICP, iCCP (original bytes), sRGB, gAMA, cHRM.
@Suite struct PNGColorChunkTests {
  static func decode(_ relativePath: String) throws -> PNGImage {
    try PNGDecoder().decode(contentsOf: TestData.shared(relativePath).path)
  }

  /// The ICC header starts with the profile size, big-endian.
  static func declaredSize(_ profile: [UInt8]) -> Int {
    profile.prefix(4).reduce(0) { $0 << 8 | Int($1) }
  }

  @Test func cICPOfDisplayP3() throws {
    let chunks = try Self.decode("libpng/png-3/cicp-display-p3_reencoded.png").colorChunks
    // Primaries 12 (P3 D65), transfer 13 (sRGB curve), matrix 0 (RGB), full range.
    #expect(
      chunks.codingPoints
        == ColorChunks.CodingPoints(colorPrimaries: 12, transferFunction: 13, matrixCoefficients: 0, fullRange: true))
    #expect(chunks.presentChunkNames == ["cICP"])
  }

  @Test func cICPBesideCHRMAndGAMA() throws {
    let chunks = try Self.decode("wide-gamut/libavif/kodim03_grayscale_cicp.png").colorChunks
    #expect(chunks.presentChunkNames == ["cICP", "gAMA", "cHRM"])
    #expect(
      chunks.codingPoints
        == ColorChunks.CodingPoints(colorPrimaries: 1, transferFunction: 4, matrixCoefficients: 0, fullRange: true))
    #expect(chunks.gamma == 0.625)
    #expect(
      chunks.chromaticities
        == ColorChunks.Chromaticities(
          whiteX: 0.3127, whiteY: 0.329, redX: 0.64, redY: 0.33, greenX: 0.3, greenY: 0.6, blueX: 0.15, blueY: 0.06))
  }

  @Test func sRGBIntent() throws {
    let chunks = try Self.decode("libpng/gray-8-sRGB.png").colorChunks
    #expect(chunks.sRGBIntent == 3)
    #expect(chunks.presentChunkNames == ["sRGB"])
  }

  @Test func gammaAndChromaticities() throws {
    let chunks = try Self.decode("libpng/gray-8-1.8.png").colorChunks
    #expect(chunks.gamma == 0.65909)
    #expect(chunks.chromaticities?.whiteX == 0.3127)
    #expect(chunks.presentChunkNames == ["gAMA", "cHRM"])
  }

  @Test(arguments: [
    ("wide-gamut/sharp/p3.png", "icm", 548),
    ("wide-gamut/brightroom/screenshot-8bit-p3-alpha.png", "kCGColorSpaceDisplayP3", 548),
    ("wide-gamut/brightroom/screenshot-8bit-lcd.png", "ICC Profile", 4088),
    ("wide-gamut/libavif/paris_icc_exif_xmp.png", "libavif", 596),
  ])
  func iccProfileBytes(path: String, name: String, size: Int) throws {
    let profile = try #require(try Self.decode(path).colorChunks.iccProfile)
    #expect(profile.name == name)
    #expect(profile.bytes.count == size)
    #expect(Self.declaredSize(profile.bytes) == profile.bytes.count)
    #expect(profile.bytes[36..<40] == [0x61, 0x63, 0x73, 0x70])  // "acsp"
  }

  /// Pillow's broken profiles are ignored with a warning, as libpng, ImageMagick and browsers do, and the image
  /// decodes. `icc_profile_none.png`: the iCCP data is not a zlib stream. `unknown_compression_method.png`: the same
  /// chunk with compression method 1 and the CRC left unchanged, so libpng reports the CRC first.
  @Test(arguments: [
    ("icc_profile_none.png", "incorrect header check"),
    ("unknown_compression_method.png", "CRC error"),
  ])
  func unreadableProfileIsIgnored(name: String, problem: String) throws {
    let image = try Self.decode("wide-gamut/pillow/" + name)
    #expect(image.colorChunks.iccProfile == nil)
    #expect(image.colorChunks.unreadableProfile == problem)
    #expect(image.warnings.contains("iCCP: \(problem), chunk ignored"))
  }

  @Test func unknownCompressionMethodWithAGoodCRCIsIgnored() throws {
    let profile = PNGBuilder.chunk("iCCP", Array("x".utf8) + [0, 1, 0x78, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])
    let image = try PNGDecoder().decode(PNGBuilder.tinyGray(ancillary: [profile]))
    #expect(image.colorChunks.unreadableProfile == "unknown compression method 1")
    #expect(image.pixels.samples == .eight([0x80]))
  }

  /// libpng itself would drop both chunks (and gAMA and cHRM with them) when iCCP and sRGB are both present.
  @Test func iCCPAndSRGBAreBothKept() throws {
    let bytes = try TestData.sharedBytes("icc/compact/profiles/DisplayP3-v4.icc")
    let encoded = try PNGEncoder().encode(
      PixelBuffer(width: 1, height: 1, layout: .rgb, samples: .eight([1, 2, 3])),
      colorTag: .iccProfile(name: "Display P3", bytes: bytes))
    // Insert an sRGB chunk after the iCCP chunk (signature 8 + IHDR 25 + iCCP).
    let iccpEnd = 33 + 12 + Int(PNGBuilder.bigEndianValue(encoded[33..<37]))
    let file = Array(encoded[..<iccpEnd]) + PNGBuilder.chunk("sRGB", [1]) + encoded[iccpEnd...]
    let chunks = try PNGDecoder().decode(file).colorChunks
    #expect(chunks.iccProfile?.bytes == bytes)
    #expect(chunks.sRGBIntent == 1)
  }

  @Test func malformedSmallChunksAreIgnoredWithAWarning() throws {
    let image = try PNGDecoder().decode(
      PNGBuilder.tinyGray(ancillary: [
        PNGBuilder.chunk("cICP", [1, 13, 0]),
        PNGBuilder.chunk("sRGB", [7]),
        PNGBuilder.chunk("gAMA", [0, 0, 0, 0]),
        PNGBuilder.chunk("cHRM", [0, 0]),
        PNGBuilder.chunk("cICP", [9, 16, 0, 1]),
      ]))
    #expect(image.colorChunks.presentChunkNames == ["cICP"])
    #expect(image.colorChunks.codingPoints?.colorPrimaries == 9)
    #expect(
      image.warnings == [
        "cICP: invalid length 3, chunk ignored", "sRGB: invalid chunk ignored", "gAMA: invalid chunk ignored",
        "cHRM: invalid length 2, chunk ignored",
      ])
  }

  @Test func untaggedImageHasNoColorChunks() throws {
    #expect(try PNGDecoder().decode(PNGBuilder.tinyGray()).colorChunks == ColorChunks(pixelsAreGray: true))
    // PngSuite's basic files carry gAMA 1.0 (100000).
    #expect(try Self.decode("pngsuite/basn2c08.png").colorChunks == ColorChunks(gamma: 1))
  }
}
