import Testing

@testable import GamutKit

/// PngSuite: every valid file decodes with the right layout; interlaced files match their twins; known pixels.
@Suite struct PNGSuiteTests {
  static let validFiles = TestData.sharedFiles(in: "pngsuite").filter { !$0.hasPrefix("x") }

  /// Interlaced files with a non-interlaced twin (`basi0g01` / `basn0g01`, `s01i3p01` / `s01n3p01`, ...).
  static let interlacedFiles = TestData.atLeastOne(
    validFiles.filter { name in
      let twin = nonInterlacedTwin(of: name)
      return twin != name && validFiles.contains(twin)
    }, missing: "no interlaced PngSuite file with a twin in Tests/Fixtures/testdata/pngsuite")

  static func nonInterlacedTwin(of name: String) -> String {
    var characters = Array(name)
    guard characters.count > 8, characters[3] == "i" else { return name }
    characters[3] = "n"
    return String(characters)
  }

  static func decode(_ name: String) throws -> PNGImage {
    try PNGDecoder().decode(contentsOf: TestData.shared("pngsuite/" + name).path)
  }

  @Test func suiteIsThere() {
    #expect(Self.validFiles.count == 161)
    #expect(Self.interlacedFiles.count == 33)
  }

  /// The name ends with the color type and the bit depth: `...0g01`, `...2c16`, `...3p08`, `...6a16`.
  @Test(arguments: validFiles)
  func decodesWithTheStoredHeaderAndTheExpandedLayout(name: String) throws {
    let image = try Self.decode(name)
    let stem = Array(name.dropLast(4))
    let colorType = Int(String(stem[stem.count - 4]))!
    let bitDepth = Int(String(stem.suffix(2)))!
    #expect(image.header.colorType.rawValue == colorType)
    #expect(image.header.bitDepth == bitDepth)
    #expect(image.header.interlaced == (stem[3] == "i"))
    #expect(image.pixels.bitDepth == (bitDepth == 16 ? 16 : 8))
    let expected: PixelBuffer.Layout =
      switch (image.header.colorType, image.header.hasTransparencyChunk) {
      case (.gray, false): .gray
      case (.gray, true), (.grayAlpha, _): .grayAlpha
      case (.rgb, false), (.palette, false): .rgb
      case (.rgb, true), (.palette, true), (.rgba, _): .rgba
      }
    #expect(image.pixels.layout == expected)
    #expect(image.pixels.width == image.header.width && image.pixels.height == image.header.height)
  }

  @Test(arguments: interlacedFiles)
  func interlacedEqualsItsTwin(name: String) throws {
    let interlaced = try Self.decode(name)
    let plain = try Self.decode(Self.nonInterlacedTwin(of: name))
    #expect(interlaced.header.interlaced && !plain.header.interlaced)
    #expect(interlaced.pixels == plain.pixels)
  }

  /// Values read from the raw IDAT data with Python's zlib and a hand-written unfilter, not with libpng.
  @Test func knownPixels() throws {
    let g1 = try Self.decode("basn0g01.png").pixels
    #expect(g1.layout == .gray && g1.bitDepth == 8)
    #expect(g1.pixel16(x: 0, y: 0) == [65535])  // 1-bit 1 scaled to 255
    #expect(g1.pixel16(x: 31, y: 0) == [0])

    let g2 = try Self.decode("basn0g02.png").pixels
    #expect(g2.pixel16(x: 31, y: 0) == [255 * 257])  // 2-bit 3
    #expect(g2.pixel16(x: 5, y: 7) == [170 * 257])  // 2-bit 2

    let g4 = try Self.decode("basn0g04.png").pixels
    #expect(g4.pixel16(x: 31, y: 0) == [119 * 257])  // 4-bit 7
    #expect(g4.pixel16(x: 31, y: 31) == [238 * 257])  // 4-bit 14
    #expect(g4.pixel16(x: 5, y: 7) == [34 * 257])  // 4-bit 2

    let rgb16 = try Self.decode("basn2c16.png").pixels
    #expect(rgb16.layout == .rgb && rgb16.bitDepth == 16)
    #expect(rgb16.pixel16(x: 0, y: 0) == [65535, 65535, 0])
    #expect(rgb16.pixel16(x: 31, y: 31) == [0, 0, 65535])
    #expect(rgb16.pixel16(x: 10, y: 20) == [44395, 23254, 0])

    let rgba16 = try Self.decode("basn6a16.png").pixels
    #expect(rgba16.pixel16(x: 20, y: 10) == [5957, 65535, 0, 42281])

    let palette = try Self.decode("basn3p04.png").pixels
    #expect(palette.layout == .rgb)
    #expect(palette.pixel16(x: 0, y: 0) == [65535, 0, 0])  // index 8: ff0000
    #expect(palette.pixel16(x: 31, y: 0) == [0, 65535, 0x99 * 257])  // index 9: 00ff99
  }

  /// tbbn3p08: tRNS gives palette entry 0 (white) alpha 0; entry 139 (9e9e9e) is opaque.
  @Test func paletteTransparencyBecomesAlpha() throws {
    let image = try Self.decode("tbbn3p08.png")
    #expect(image.header.hasTransparencyChunk && image.header.hasAlpha)
    #expect(image.pixels.layout == .rgba)
    #expect(image.pixels.pixel16(x: 0, y: 0) == [65535, 65535, 65535, 0])
    let gray: UInt16 = 0x9E * 257
    #expect(image.pixels.pixel16(x: 15, y: 15) == [gray, gray, gray, 65535])
  }

  /// Gray 1/2/4 bits are scaled to the full 8-bit range: every sample is a multiple of 255 / (2^depth - 1), and
  /// the largest stored value (1, 3 and 14 in these files) becomes 255, 255 and 238.
  @Test(arguments: [("basn0g01.png", 255, 255), ("basn0g02.png", 85, 255), ("basn0g04.png", 17, 238)])
  func lowBitGrayIsScaled(name: String, step: Int, largest: UInt8) throws {
    guard case .eight(let samples) = try Self.decode(name).pixels.samples else {
      Issue.record("expected 8-bit samples")
      return
    }
    #expect(samples.allSatisfy { Int($0) % step == 0 })
    #expect(samples.min() == 0 && samples.max() == largest)
  }
}
