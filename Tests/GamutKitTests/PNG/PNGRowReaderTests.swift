import Foundation
import Testing

@testable import GamutKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Strip-by-strip reading gives the pixels of a whole decode, for every PngSuite file, interlaced or not.
@Suite struct PNGRowReaderTests {
  @Test(arguments: PNGSuiteTests.validFiles)
  func stripsEqualTheWholeImage(name: String) throws {
    let path = TestData.shared("pngsuite/" + name).path
    let whole = try PNGDecoder().decode(contentsOf: path)
    var random = SplitMix64(state: UInt64(name.utf8.reduce(0) { $0 &* 31 &+ Int($1) }.magnitude))
    let reader = try PNGRowReader(contentsOf: path)
    var strips: [PixelBuffer] = []
    while reader.rowsRead < reader.header.height {
      let count = Int(random.next() % 7) + 1
      strips.append(try reader.readRows(min(count, reader.header.height - reader.rowsRead)))
    }
    try reader.finish()
    #expect(reader.header == whole.header && reader.colorChunks == whole.colorChunks)
    #expect(PixelBuffer.stacked(strips) == whole.pixels)
  }

  @Test("Two readers read one descriptor from its start, one after the other, whatever its offset")
  func oneDescriptorTwice() throws {
    let path = TestData.shared("pngsuite/basn6a16.png").path
    let fd = open(path, O_RDONLY)
    #expect(fd >= 0)
    defer { close(fd) }
    lseek(fd, 17, SEEK_SET)
    var images: [PixelBuffer] = []
    for _ in 0..<2 {
      let reader = try PNGRowReader(fileDescriptor: fd, path: "basn6a16.png", limits: .default)
      var strips: [PixelBuffer] = []
      try reader.forEachStrip(pixels: 100) { rows, firstRow in
        #expect(firstRow == strips.reduce(0) { $0 + $1.height })
        strips.append(rows)
      }
      #expect(strips.count > 1)
      images.append(PixelBuffer.stacked(strips))
    }
    #expect(images[0] == images[1])
    #expect(images[0] == (try PNGDecoder().decode(contentsOf: path)).pixels)
  }

  @Test(
    "A corrupt file fails in strips as it fails whole, with the same message",
    arguments: ["xcsn0g01.png", "xd9n2c08.png", "xhdn0g08.png"])
  func corruptFilesFailAlike(name: String) throws {
    let path = TestData.shared("pngsuite/" + name).path
    let whole = #expect(throws: PNGError.self) { try PNGDecoder().decode(contentsOf: path) }
    let streamed = #expect(throws: PNGError.self) { try PNGRowReader(contentsOf: path).readToEnd() }
    #expect(whole == streamed)
  }
}
