import Foundation
import GamutTestSupport
import Testing

@testable import GamutKit

/// Issue 39: a rendition whose pixels, layout and bit depth are the source's carries the source's compressed image
/// data, chunk for chunk content, instead of deflating the same rows again; every other rendition, and every
/// rendition at levels 7 to 9 or of a source whose decoding warned, is encoded as before. Either way the pixels are
/// the source's.
@Suite struct KeptImageDataTests {
  /// A 40x30 RGBA image with a gradient and a little noise, every sample distinct enough to make a real stream.
  static func pixel(_ x: Int, _ y: Int) -> [UInt8] {
    [UInt8(x * 6), UInt8(y * 8), UInt8((x * y) % 251), UInt8(128 + (x + y) % 128)]
  }

  /// The source: made by gamut's encoder at `level`, its image data split into IDAT chunks of at most `chunkSize`
  /// bytes, with `trailing` bytes after the zlib stream inside the last one.
  static func source(
    level: Int = 6, chunkSize: Int = 97, trailing: [UInt8] = [], sixteen: Bool = false,
    tag: PNGEncoder.ColorTag = .sRGB(intent: 0)
  ) throws -> [UInt8] {
    let png = try TestPNG.make(
      width: 40, height: 30, layout: .rgba, tag: tag, compressionLevel: level, sixteen: sixteen, pixel)
    let chunks = Self.chunks(png)
    let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data) + trailing
    var rebuilt = PNGBuilder.signature
    for chunk in chunks where chunk.type != "IDAT" && chunk.type != "IEND" {
      rebuilt += PNGBuilder.chunk(chunk.type, chunk.data)
    }
    for start in stride(from: 0, to: stream.count, by: chunkSize) {
      rebuilt += PNGBuilder.chunk("IDAT", Array(stream[start..<min(start + chunkSize, stream.count)]))
    }
    return rebuilt + PNGBuilder.chunk("IEND", [])
  }

  /// The chunks of a PNG, in order.
  static func chunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
    var chunks: [(type: String, data: [UInt8])] = []
    var offset = 8
    while offset + 12 <= png.count {
      let length = Int(PNGBuilder.bigEndianValue(png[offset..<offset + 4]))
      let type = String(decoding: png[offset + 4..<offset + 8], as: UTF8.self)
      chunks.append((type, Array(png[offset + 8..<offset + 8 + length])))
      offset += 12 + length
    }
    return chunks
  }

  /// The image data (IDAT contents joined) of a PNG.
  static func imageData(_ png: [UInt8]) -> [UInt8] {
    chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
  }

  /// Builds `source` as Art/Art.png with both renditions at `level`; returns the sRGB and Display P3 renditions.
  static func build(_ source: [UInt8], level: Int = CompressionLevel.default) throws -> (sRGB: [UInt8], p3: [UInt8]) {
    let fixture = try BuildFixture(source: "Art", catalog: "Out/A.xcassets")
    defer { fixture.folder.remove() }
    try fixture.write(source, to: "Art.png")
    var options = BuildOptions()
    options.gamutPolicy = .both
    options.compressionLevel = level
    let report = try fixture.build(options)
    #expect(report.manifest.allDiagnostics.filter { $0.severity != .note }.isEmpty)
    let set = fixture.catalog + "/Art.imageset/"
    let files = try FileManager.default.contentsOfDirectory(atPath: set)
    let sRGB = try #require(files.first { $0.contains("~srgb") })
    let p3 = try #require(files.first { $0.contains("~p3") })
    return try (
      Array(Data(contentsOf: URL(fileURLWithPath: set + sRGB))), Array(Data(contentsOf: URL(fileURLWithPath: set + p3)))
    )
  }

  static func samePixels(_ rendition: [UInt8], _ source: [UInt8]) throws -> Bool {
    let decoder = PNGDecoder()
    return try decoder.decode(rendition).pixels == decoder.decode(source).pixels
  }

  // The sources are deflated at level 9 and the builds at 6, so that a copy and an encode of the same rows differ.
  @Test func anSRGBRenditionOfAnSRGBSourceCarriesTheSourcesImageData() throws {
    let source = try Self.source(level: 9)
    let (sRGB, p3) = try Self.build(source)
    #expect(Self.imageData(sRGB) == Self.imageData(source))
    #expect(Self.chunks(sRGB).filter { $0.type == "IDAT" }.count == 1, "the pieces are joined into chunks of 1 MiB")
    #expect(Self.chunks(sRGB).map(\.type) == ["IHDR", "iCCP", "IDAT", "IEND"], "tagged with gamut's sRGB profile")
    #expect(try Self.samePixels(sRGB, source))
    // The Display P3 rendition is 16-bit: encoded, never copied.
    #expect(Self.imageData(p3) != Self.imageData(source))
    #expect(try PNGDecoder().decode(p3).header.bitDepth == 16)
  }

  @Test func aDisplayP3RenditionOfASixteenBitDisplayP3SourceCarriesItsImageData() throws {
    let profile = try Array(
      Data(contentsOf: TestData.projectRoot.appendingPathComponent("scripts/data/DisplayP3-v4.icc")))
    let source = try Self.source(level: 9, sixteen: true, tag: .iccProfile(name: "Display P3", bytes: profile))
    let (sRGB, p3) = try Self.build(source)
    #expect(Self.imageData(p3) == Self.imageData(source))
    #expect(try Self.samePixels(p3, source))
    #expect(Self.imageData(sRGB) != Self.imageData(source))
  }

  @Test(arguments: [7, 9]) func levelsAboveTheDefaultDeflateEveryRenditionAgain(level: Int) throws {
    let source = try Self.source(level: 1)
    let (sRGB, _) = try Self.build(source, level: level)
    #expect(Self.imageData(sRGB) != Self.imageData(source))
    #expect(try Self.samePixels(sRGB, source))
  }

  @Test(arguments: [0, 1, 6]) func levelsUpToTheDefaultKeepTheSourcesCompression(level: Int) throws {
    let source = try Self.source(level: 9)
    let (sRGB, _) = try Self.build(source, level: level)
    #expect(Self.imageData(sRGB) == Self.imageData(source))
  }

  @Test func aSourceWithBytesAfterItsStreamIsEncodedAgain() throws {
    let source = try Self.source(trailing: Array("extra bytes".utf8))
    #expect(try !PNGDecoder().decode(source).warnings.isEmpty, "libpng warns of the extra data")
    let (sRGB, _) = try Self.build(source)
    #expect(Self.imageData(sRGB) != Self.imageData(source))
    #expect(try Self.samePixels(sRGB, source))
  }

  @Test func convertCarriesTheImageDataOfAnInputOfTheSamePixels() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = folder.path + "/in.png"
    try TemporaryFolder.write(try Self.source(level: 9), at: input)
    let conversion = FileConversion(converter: ColorConverter())
    _ = try conversion.run(input: input, output: folder.path + "/srgb.png", target: .sRGB)
    _ = try conversion.run(input: input, output: folder.path + "/p3.png", target: .displayP3)
    let read = { (name: String) in try Array(Data(contentsOf: URL(fileURLWithPath: folder.path + "/" + name))) }
    #expect(Self.imageData(try read("srgb.png")) == Self.imageData(try read("in.png")))
    #expect(Self.imageData(try read("p3.png")) != Self.imageData(try read("in.png")))
    #expect(try Self.samePixels(read("srgb.png"), read("in.png")))
    // An input whose decoding warns is encoded again.
    try TemporaryFolder.write(try Self.source(level: 9, trailing: [1, 2, 3]), at: input)
    _ = try conversion.run(input: input, output: folder.path + "/again.png", target: .sRGB)
    #expect(Self.imageData(try read("again.png")) != Self.imageData(try read("in.png")))
    #expect(try Self.samePixels(read("again.png"), read("in.png")))
  }

  @Test func theCopyChecksEveryChunksCRC() throws {
    var source = try Self.source()
    let imageData = try #require(
      PNGImageData(fileSize: source.count) { buffer, offset in Self.read(source, buffer, offset) })
    var copied: [UInt8] = []
    try imageData.copy(pieceSize: 50) { copied += $0 }
    #expect(copied == Self.imageData(source))
    // A byte of the second IDAT chunk's data changes after the file was decoded.
    let second = imageData.firstChunk + 12 + 97 + 8 + 10
    source[second] ^= 0xFF
    #expect(throws: PNGError.self) {
      try imageData.copy(pieceSize: 50) { _ in }
    }
  }

  static func read(_ bytes: [UInt8], _ buffer: UnsafeMutableRawBufferPointer, _ offset: Int) -> Int? {
    let count = max(0, min(buffer.count, bytes.count - offset))
    bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<offset + count])) }
    return count
  }
}
