import Foundation
import Testing

@testable import GamutKit

/// `gamut convert`'s strip-by-strip conversion gives the pixels of a whole-image conversion.
@Suite struct FileConversionTests {
  /// A 16-bit Display P3 gradient taller than a strip, so that the ordered dither crosses strip boundaries.
  private func gradient(width: Int, height: Int) throws -> [UInt8] {
    var samples: [UInt16] = []
    for y in 0..<height {
      for x in 0..<width {
        samples += [UInt16(x * 65535 / (width - 1)), UInt16(y * 65535 / (height - 1)), 30000, UInt16(40000 + y)]
      }
    }
    let pixels = PixelBuffer(width: width, height: height, layout: .rgba, samples: .sixteen(samples))
    return try PNGEncoder().encode(pixels, colorTag: ConversionTarget.displayP3.colorTag)
  }

  @Test("Dithered sRGB and Display P3 files equal the whole-image conversion", arguments: ConversionTarget.allCases)
  func stripsEqualWholeImage(target: ConversionTarget) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (width, height) = (300, 2 * PNGRowReader.stripPixels / 300 + 37)
    let source = folder.path + "/in.png"
    try AtomicFile.write(try gradient(width: width, height: height), to: source)
    var options = ConversionOptions()
    options.dither = true
    let converter = ColorConverter(options: options)
    let summary = try FileConversion(converter: converter).run(
      input: source, output: folder.path + "/out.png", target: target)
    #expect(summary.width == width && summary.height == height && summary.sourceSpace == "Display P3")

    let written = try PNGDecoder().decode(contentsOf: folder.path + "/out.png")
    let whole = try converter.convert(try PNGDecoder().decode(contentsOf: source), to: target)
    #expect(written.pixels == whole.pixels)
    #expect(summary.bytes == FileManager.default.contents(atPath: folder.path + "/out.png")!.count)
  }

  @Test("A corrupt input leaves no output and no temporary file")
  func corruptInputWritesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var bytes = try gradient(width: 64, height: 64)
    bytes.removeLast(200)
    try AtomicFile.write(bytes, to: folder.path + "/in.png")
    #expect(throws: PNGError.self) {
      try FileConversion(converter: ColorConverter()).run(
        input: folder.path + "/in.png", output: folder.path + "/out.png", target: .sRGB)
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["in.png"])
  }
}
