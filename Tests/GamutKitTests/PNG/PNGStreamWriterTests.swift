import Foundation
import GamutPNGC
import Testing

@testable import GamutKit

/// The streaming writer gives the bytes of a whole-image encode however the rows are split, writes bands as they
/// are encoded, passes the sink's errors through, and refuses misuse.
@Suite struct PNGStreamWriterTests {
  /// An image to stream, described so that test names say which.
  struct Case: Sendable, CustomTestStringConvertible {
    var width: Int
    var height: Int
    var layout: PixelBuffer.Layout
    var bitDepth: Int
    var level = 6

    var testDescription: String { "\(width)x\(height) \(layout) \(bitDepth)-bit level \(level)" }

    /// Bands of image data (`gamut_idat_band_rows`): 1 MiB of filtered rows each.
    var bandCount: Int {
      let bandRows = max(1, (1 << 20) / (1 + width * layout.channels * bitDepth / 8))
      return (height + bandRows - 1) / bandRows
    }
  }

  static let cases: [Case] = [
    Case(width: 1, height: 1, layout: .gray, bitDepth: 8),
    Case(width: 1, height: 1, layout: .rgba, bitDepth: 16),
    // One band: deflated whole by libdeflate, or stored at level 0.
    Case(width: 61, height: 47, layout: .rgba, bitDepth: 8),
    Case(width: 61, height: 47, layout: .gray, bitDepth: 16, level: 0),
    // Several bands, each reading a few rows before it.
    Case(width: 700, height: 1200, layout: .rgb, bitDepth: 8),
    Case(width: 1000, height: 400, layout: .rgba, bitDepth: 16, level: 9),
    // Narrow: a band is hundreds of thousands of rows and its dictionary thousands.
    Case(width: 3, height: 300_000, layout: .gray, bitDepth: 8),
    Case(width: 2, height: 250_000, layout: .grayAlpha, bitDepth: 16),
  ]

  /// Smooth gradients with a little noise, so that matches reach across band boundaries and filters differ by row.
  static func pixels(_ shape: Case, seed: UInt64 = 1) -> PixelBuffer {
    var random = SplitMix64(state: seed)
    let channels = shape.layout.channels
    let count = shape.width * shape.height * channels
    if shape.bitDepth == 16 {
      var samples = [UInt16](repeating: 0, count: count)
      for index in 0..<count {
        let pixel = index / channels
        let x = pixel % shape.width
        let y = pixel / shape.width
        samples[index] = UInt16(
          truncatingIfNeeded: x * 97 + y * 13 + (index % channels) * 4099 + Int(random.next() % 8))
      }
      return PixelBuffer(width: shape.width, height: shape.height, layout: shape.layout, samples: .sixteen(samples))
    }
    var samples = [UInt8](repeating: 0, count: count)
    for index in 0..<count {
      let pixel = index / channels
      let x = pixel % shape.width
      let y = pixel / shape.width
      let noise = random.next() % 16 == 0 ? 1 : 0
      samples[index] = UInt8(truncatingIfNeeded: x / 3 + y / 5 + (index % channels) * 50 + noise)
    }
    return PixelBuffer(width: shape.width, height: shape.height, layout: shape.layout, samples: .eight(samples))
  }

  /// Rows `range` of `pixels` as their own buffer.
  static func rows(_ pixels: PixelBuffer, _ range: Range<Int>) -> PixelBuffer {
    let samples = range.lowerBound * pixels.rowSampleCount..<range.upperBound * pixels.rowSampleCount
    switch pixels.samples {
    case .eight(let values):
      return PixelBuffer(
        width: pixels.width, height: range.count, layout: pixels.layout, samples: .eight(Array(values[samples])))
    case .sixteen(let values):
      return PixelBuffer(
        width: pixels.width, height: range.count, layout: pixels.layout, samples: .sixteen(Array(values[samples])))
    }
  }

  /// Ways to cut `height` rows into appends: all at once, strips of 37 rows, random pieces (three seeds), and one
  /// row at a time for short images.
  static func splittings(of height: Int) -> [[Int]] {
    var result = [[height], Array(repeating: 37, count: height / 37) + (height % 37 > 0 ? [height % 37] : [])]
    for seed in 1...3 as ClosedRange<UInt64> {
      var random = SplitMix64(state: seed)
      var pieces: [Int] = []
      var left = height
      while left > 0 {
        let piece = min(left, 1 + Int(random.next() % UInt64(max(1, height / 4))))
        pieces.append(piece)
        left -= piece
      }
      result.append(pieces)
    }
    if height <= 1200 { result.append(Array(repeating: 1, count: height)) }
    return result
  }

  static let tag = PNGEncoder.ColorTag.iccProfile(name: "Display P3", bytes: PNGEncoderTests.displayP3)

  /// Streams `pixels` in pieces of `splitting` rows into a memory sink, checking the in-flight bound after each
  /// append.
  static func stream(_ pixels: PixelBuffer, splitting: [Int], level: Int = 6) throws -> [UInt8] {
    let sink = PNGMemorySink()
    let writer = try PNGStreamWriter(
      width: pixels.width, height: pixels.height, layout: pixels.layout, bitDepth: pixels.bitDepth, colorTag: tag,
      compressionLevel: level, sink: sink)
    var row = 0
    for count in splitting {
      try writer.append(rows(pixels, row..<row + count))
      row += count
      #expect(writer.bandsInFlight <= writer.bandsInFlightLimit)
      #expect(writer.rowsAppended == row)
    }
    try writer.finish()
    #expect(writer.bytesWritten == sink.bytes.count)
    return sink.bytes
  }

  /// The offset of the first byte where `a` and `b` differ (the shorter one's length if one is a prefix of the
  /// other), or nil if they are equal. Expecting it nil reports a mismatch at once, where `==` on large arrays makes
  /// Swift Testing compute their difference.
  static func firstDifference(_ a: [UInt8], _ b: [UInt8]) -> Int? {
    if let offset = a.indices.first(where: { $0 < b.count && a[$0] != b[$0] }) { return offset }
    return a.count == b.count ? nil : min(a.count, b.count)
  }

  /// The chunk types of a PNG, in order.
  static func chunkTypes(_ png: [UInt8]) -> [String] {
    var types: [String] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      types.append(String(decoding: png[offset + 4..<offset + 8], as: UTF8.self))
      offset += 12 + length
    }
    return types
  }

  @Test(arguments: cases)
  func streamedBytesEqualEncode(_ shape: Case) throws {
    let pixels = Self.pixels(shape)
    let whole = try PNGEncoder(compressionLevel: shape.level).encode(pixels, colorTag: Self.tag)
    for splitting in Self.splittings(of: shape.height) {
      #expect(Self.firstDifference(try Self.stream(pixels, splitting: splitting, level: shape.level), whole) == nil)
    }
  }

  /// The concatenated data of the IDAT chunks of a PNG.
  static func imageData(_ png: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    var offset = 8
    while offset + 8 <= png.count {
      let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
      if png[offset + 4..<offset + 8].elementsEqual("IDAT".utf8) { data += png[offset + 8..<offset + 8 + length] }
      offset += 12 + length
    }
    return data
  }

  /// The image data as the encoder made it before it streamed: each band encoded from the whole image, one after
  /// the other, then the zlib trailer.
  static func wholeImageData(_ pixels: PixelBuffer, level: Int) -> [UInt8] {
    func encode(_ samples: UnsafeRawBufferPointer) -> [UInt8] {
      var image = gamut_idat_image(
        rows: samples.baseAddress, rows_start: 0, width: UInt32(pixels.width), height: UInt32(pixels.height),
        channels: Int32(pixels.layout.channels), bit_depth: Int32(pixels.bitDepth), level: Int32(level))
      let bandRows = Int(gamut_idat_band_rows(image.width, image.channels, image.bit_depth))
      var data: [UInt8] = []
      var adler: UInt32 = 0
      for first in stride(from: 0, to: pixels.height, by: bandRows) {
        var band = gamut_idat_band()
        #expect(gamut_idat_encode_band(&image, UInt32(first), UInt32(min(bandRows, pixels.height - first)), &band) == 0)
        data += UnsafeBufferPointer(start: band.data, count: band.length)
        adler = first == 0 ? band.adler : gamut_idat_adler_combine(adler, band.adler, band.filtered_length)
        gamut_idat_band_free(&band)
      }
      return data + (0..<4).map { UInt8(truncatingIfNeeded: adler >> (24 - 8 * $0)) }
    }
    switch pixels.samples {
    case .eight(let values): return values.withUnsafeBytes(encode)
    case .sixteen(let values): return values.withUnsafeBytes(encode)
    }
  }

  @Test(arguments: cases)
  func imageDataEqualsBandsEncodedFromTheWholeImage(_ shape: Case) throws {
    let pixels = Self.pixels(shape)
    let png = try Self.stream(pixels, splitting: Self.splittings(of: shape.height)[1], level: shape.level)
    #expect(Self.firstDifference(Self.imageData(png), Self.wholeImageData(pixels, level: shape.level)) == nil)
  }

  @Test(arguments: cases)
  func streamedOutputDecodesToThePixels(_ shape: Case) throws {
    let pixels = Self.pixels(shape)
    let png = try Self.stream(pixels, splitting: Self.splittings(of: shape.height)[2], level: shape.level)
    var limits = PNGLimits.default
    limits.maxHeight = shape.height  // the narrow images are taller than the default allows
    let decoded = try PNGDecoder(limits: limits).decode(png)
    let same = decoded.pixels == pixels  // not in #expect, which would list the differences of the samples
    #expect(same)
    #expect(decoded.colorChunks.iccProfile?.bytes == PNGEncoderTests.displayP3)
    #expect(decoded.warnings.isEmpty)
  }

  @Test(arguments: cases)
  func eachBandIsOneIDATChunk(_ shape: Case) throws {
    let png = try Self.stream(Self.pixels(shape), splitting: [shape.height], level: shape.level)
    #expect(Self.chunkTypes(png) == ["IHDR", "iCCP"] + Array(repeating: "IDAT", count: shape.bandCount) + ["IEND"])
  }

  /// The pipeline's pattern: an 8-bit and a 16-bit rendition of one image, fed strips of the same rows in turn.
  @Test func twoWritersFedInTurn() throws {
    let eight = Self.pixels(Case(width: 900, height: 700, layout: .rgba, bitDepth: 8), seed: 2)
    let sixteen = Self.pixels(Case(width: 900, height: 700, layout: .rgba, bitDepth: 16), seed: 3)
    let sinks = [PNGMemorySink(), PNGMemorySink()]
    let writers = try zip([eight, sixteen], sinks).map { pixels, sink in
      try PNGStreamWriter(
        width: 900, height: 700, layout: .rgba, bitDepth: pixels.bitDepth, colorTag: .sRGB(intent: 0), sink: sink)
    }
    for start in stride(from: 0, to: 700, by: 64) {
      for (writer, pixels) in zip(writers, [eight, sixteen]) {
        try writer.append(Self.rows(pixels, start..<min(700, start + 64)))
      }
    }
    for writer in writers { try writer.finish() }
    #expect(Self.firstDifference(sinks[0].bytes, try PNGEncoder().encode(eight, colorTag: .sRGB(intent: 0))) == nil)
    #expect(Self.firstDifference(sinks[1].bytes, try PNGEncoder().encode(sixteen, colorTag: .sRGB(intent: 0))) == nil)
  }

  /// A sink that fails on its `failingWrite`-th write (counting from 1).
  final class FailingSink: PNGByteSink {
    struct Failure: Error, Equatable {
      var write: Int
    }

    let failingWrite: Int
    private(set) var writes = 0

    init(failingWrite: Int) {
      self.failingWrite = failingWrite
    }

    func write(_ bytes: UnsafeRawBufferPointer) throws {
      writes += 1
      if writes == failingWrite { throw Failure(write: writes) }
    }
  }

  /// Writes: the header, one per band (six), IEND.
  @Test(arguments: [1, 2, 4, 7, 8])
  func sinkErrorReachesTheCaller(failingWrite: Int) throws {
    let shape = Case(width: 1000, height: 700, layout: .rgba, bitDepth: 16)
    #expect(shape.bandCount == 6)
    let pixels = Self.pixels(shape)
    let sink = FailingSink(failingWrite: failingWrite)
    let expected = FailingSink.Failure(write: failingWrite)
    var thrown: (any Error)?
    var writer: PNGStreamWriter?
    do {
      writer = try PNGStreamWriter(
        width: 1000, height: 700, layout: .rgba, bitDepth: 16, colorTag: .none, sink: sink)
      for start in stride(from: 0, to: 700, by: 50) {
        try writer?.append(Self.rows(pixels, start..<start + 50))
      }
      try writer?.finish()
    } catch {
      thrown = error
    }
    #expect(thrown as? FailingSink.Failure == expected)
    #expect(sink.writes == failingWrite)
    if let writer {
      // The writer stays failed: every later call throws the sink's error again.
      #expect(throws: expected) { try writer.finish() }
      #expect(throws: expected) { try writer.append(Self.rows(pixels, 0..<1)) }
    }
  }

  @Test func droppingAnUnfinishedWriterIsSafe() throws {
    let shape = Case(width: 1000, height: 700, layout: .rgba, bitDepth: 16)
    let pixels = Self.pixels(shape)
    let sink = PNGMemorySink()
    var writer: PNGStreamWriter? = try PNGStreamWriter(
      width: 1000, height: 700, layout: .rgba, bitDepth: 16, colorTag: .none, sink: sink)
    try writer?.append(Self.rows(pixels, 0..<650))
    writer = nil
    #expect(Self.chunkTypes(sink.bytes).first == "IHDR")
  }

  @Test func rowsPastTheHeightAreRefusedAndChangeNothing() throws {
    let pixels = Self.pixels(Case(width: 700, height: 1200, layout: .rgb, bitDepth: 8))
    let sink = PNGMemorySink()
    let writer = try PNGStreamWriter(
      width: 700, height: 1200, layout: .rgb, bitDepth: 8, colorTag: Self.tag, sink: sink)
    try writer.append(Self.rows(pixels, 0..<1000))
    #expect(throws: PNGError.self) { try writer.append(Self.rows(pixels, 0..<201)) }
    #expect(writer.rowsAppended == 1000)
    try writer.append(Self.rows(pixels, 1000..<1200))
    #expect(throws: PNGError.self) { try writer.append(Self.rows(pixels, 0..<1)) }
    try writer.finish()
    #expect(Self.firstDifference(sink.bytes, try PNGEncoder().encode(pixels, colorTag: Self.tag)) == nil)
  }

  @Test func finishingEarlyIsRefusedAndChangesNothing() throws {
    let pixels = Self.pixels(Case(width: 61, height: 47, layout: .rgba, bitDepth: 8))
    let sink = PNGMemorySink()
    let writer = try PNGStreamWriter(width: 61, height: 47, layout: .rgba, bitDepth: 8, colorTag: Self.tag, sink: sink)
    #expect(throws: PNGError.self) { try writer.finish() }
    try writer.append(Self.rows(pixels, 0..<46))
    #expect(throws: PNGError.self) { try writer.finish() }
    try writer.append(Self.rows(pixels, 46..<47))
    try writer.finish()
    #expect(Self.firstDifference(sink.bytes, try PNGEncoder().encode(pixels, colorTag: Self.tag)) == nil)
    #expect(throws: PNGError.self) { try writer.finish() }
  }

  @Test(arguments: [
    Case(width: 60, height: 4, layout: .rgba, bitDepth: 8),
    Case(width: 61, height: 4, layout: .rgb, bitDepth: 8),
    Case(width: 61, height: 4, layout: .rgba, bitDepth: 16),
  ])
  func rowsOfAnotherShapeAreRefused(_ shape: Case) throws {
    let writer = try PNGStreamWriter(
      width: 61, height: 47, layout: .rgba, bitDepth: 8, colorTag: .none, sink: PNGMemorySink())
    #expect {
      try writer.append(Self.pixels(shape))
    } throws: { error in
      (error as? PNGError)?.kind == .unsupported
    }
    #expect(writer.rowsAppended == 0)
  }

  @Test(arguments: [(0, 1, 8), (1, 0, 8), (1, 1, 12), (Int(Int32.max) + 1, 1, 8)])
  func invalidSizeOrDepthIsRefused(width: Int, height: Int, bitDepth: Int) {
    let sink = PNGMemorySink()
    #expect {
      _ = try PNGStreamWriter(
        width: width, height: height, layout: .gray, bitDepth: bitDepth, colorTag: .none, sink: sink)
    } throws: { error in
      (error as? PNGError)?.kind == .unsupported
    }
    #expect(sink.bytes.isEmpty)
  }
}
