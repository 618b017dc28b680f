import Foundation
import Testing

@testable import GamutKit

/// The JPEG marker reader on real files (made by libjpeg-turbo's cjpeg, in Tests/FuzzCorpus/jpeg/seeds) and on
/// hostile ones: truncated anywhere, huge dimensions, endless markers, a PNG named `.jpg`, broken profile chunks.
@Suite struct JPEGHeaderTests {
  private func seed(_ name: String) throws -> [UInt8] {
    Array(try Data(contentsOf: TestData.projectRoot.appendingPathComponent("Tests/FuzzCorpus/jpeg/seeds/" + name)))
  }

  private func failure(_ bytes: [UInt8]) -> String? {
    do throws(JPEGHeader.Failure) {
      _ = try JPEGHeader.read(bytes)
      return nil
    } catch {
      return error.reason
    }
  }

  @Test func readsRealFilesMadeByLibjpegTurbo() throws {
    let baseline = try JPEGHeader.read(seed("cjpeg-baseline.jpg"))
    #expect(baseline.width == 24 && baseline.height == 16 && baseline.components == 3 && baseline.precision == 8)
    #expect(baseline.process == .baseline && baseline.profile == nil && baseline.hasEnd)
    #expect(try JPEGHeader.read(seed("cjpeg-progressive.jpg")).process == .progressive)
    #expect(try JPEGHeader.read(seed("cjpeg-gray.jpg")).components == 1)
    let tagged = try JPEGHeader.read(seed("cjpeg-display-p3.jpg"))
    let profile = try Data(contentsOf: TestData.projectRoot.appendingPathComponent("scripts/data/DisplayP3-v4.icc"))
    #expect(tagged.profile == Array(profile))
    #expect(try ICCProfile(bytes: tagged.profile!).identify().space == .displayP3)
    #expect(failure(try seed("cjpeg-arithmetic.jpg"))?.contains("arithmetic-coded") == true)
  }

  @Test func aTruncatedFileFailsOrLacksItsEndAtEveryLength() throws {
    let bytes = try seed("cjpeg-display-p3.jpg")
    var headerEnd = 0
    for length in 0..<bytes.count {
      let cut = Array(bytes.prefix(length))
      if let header = try? JPEGHeader.read(cut) {
        #expect(!header.hasEnd || length >= bytes.count - 2, "cut at \(length) reads as a whole JPEG")
        if headerEnd == 0 { headerEnd = length }
      } else {
        #expect(headerEnd == 0, "cut at \(length) fails after a shorter cut read")
      }
    }
    #expect(headerEnd > 0)
  }

  @Test func hugeDimensionsAreReportedNotAllocated() throws {
    let header = try JPEGHeader.read(JPEGBuilder.jpeg(width: 65_535, height: 65_535))
    #expect(header.width * header.height > PNGLimits.default.maxPixels)
    #expect(failure(JPEGBuilder.jpeg(width: 0, height: 8)) == "has a width of 0")
    #expect(failure(JPEGBuilder.jpeg(width: 8, height: 0))?.hasPrefix("has a height of 0") == true)
  }

  @Test func endlessMarkersStopAtTheBound() {
    let comment = JPEGBuilder.segment(0xFE, [])
    let many = Array((0...JPEGHeader.maxSegments).map { _ in comment }.joined())
    #expect(failure(JPEGBuilder.jpeg(extra: many))?.contains("more than \(JPEGHeader.maxSegments)") == true)
    // A million fill bytes and no marker: one pass, then the end.
    let fill = [0xFF, 0xD8] + [UInt8](repeating: 0xFF, count: 1 << 20)
    #expect(failure(fill) == "is cut off before its first scan")
    // Restart markers before the frame count as segments too.
    let restarts = [0xFF, 0xD8] + Array(repeating: [UInt8]([0xFF, 0xD0]), count: JPEGHeader.maxSegments + 1).joined()
    #expect(failure(Array(restarts))?.contains("marker segments") == true)
  }

  @Test func otherFilesAndBrokenStructuresAreRefused() {
    #expect(failure(PNGBuilder.tinyGray()) == "has no JPEG start-of-image marker (FF D8)")
    #expect(failure([]) == "has no JPEG start-of-image marker (FF D8)")
    #expect(failure([0xFF, 0xD8, 0xFF, 0xD9]) == "ends (end-of-image marker) before any scan")
    #expect(failure([0xFF, 0xD8, 0x00, 0x00]) == "has bytes where a marker should be, at byte 2")
    #expect(failure([0xFF, 0xD8, 0xFF, 0x00, 0x00]) == "has a stuffed zero byte outside a scan, at byte 3")
    #expect(failure([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x01]) == "has a marker segment of length 1, less than 2")
    #expect(failure([0xFF, 0xD8, 0xFF, 0xE0, 0x40, 0x00, 0x01]) == "is cut off in a marker segment")
    let scanFirst = [0xFF, 0xD8] + JPEGBuilder.segment(0xDA, [0]) + [0xFF, 0xD9]
    #expect(failure(scanFirst) == "has a scan before its frame header (SOF)")
    let twoFrames = JPEGBuilder.jpeg(extra: JPEGBuilder.frame(width: 1, height: 1))
    #expect(failure(twoFrames) == "has a second frame header before any scan")
    #expect(
      failure(JPEGBuilder.jpeg(frame: JPEGBuilder.frame(width: 8, height: 8, marker: 0xC3)))?.contains("lossless")
        == true)
    #expect(failure(JPEGBuilder.jpeg(frame: JPEGBuilder.frame(width: 8, height: 8, components: 2))) != nil)
    #expect(failure(JPEGBuilder.jpeg(frame: JPEGBuilder.frame(width: 8, height: 8, precision: 12))) != nil)
    #expect(failure(JPEGBuilder.jpeg(frame: JPEGBuilder.segment(0xC0, [8, 0, 1]))) != nil)
  }

  @Test func profileChunksArePutTogetherInOrderOrReported() throws {
    let profile = (0..<200).map { UInt8($0) }
    let split = try JPEGHeader.read(JPEGBuilder.jpeg(extra: JPEGBuilder.profileChunks(profile, chunkSize: 64)))
    #expect(split.profile == profile && split.profileProblem == nil)
    // Chunks out of order are put back in order.
    let chunks = JPEGBuilder.profileChunks(profile, chunkSize: 100)
    let half = chunks.count / 2
    let swapped = try JPEGHeader.read(JPEGBuilder.jpeg(extra: Array(chunks[half...] + chunks[..<half])))
    #expect(swapped.profile == profile)
    let missing = try JPEGHeader.read(JPEGBuilder.jpeg(extra: Array(chunks[..<half])))
    #expect(missing.profile == nil && missing.profileProblem == "its ICC profile has 1 of 2 chunks")
    let twice = try JPEGHeader.read(JPEGBuilder.jpeg(extra: Array(chunks[..<half] + chunks[..<half])))
    #expect(twice.profileProblem == "its ICC profile chunks are numbered inconsistently")
  }

  @Test func theEndMarkerMayBeFollowedByPaddingOrATrailer() throws {
    #expect(try JPEGHeader.read(JPEGBuilder.jpeg() + [0, 0, 0]).hasEnd)
    #expect(try JPEGHeader.read(JPEGBuilder.jpeg() + Array(repeating: 0x42, count: 1000)).hasEnd)
    #expect(try !JPEGHeader.read(JPEGBuilder.jpeg(ended: false)).hasEnd)
    // An FF D9 inside a header segment (here a comment) is no end of the image.
    let comment = JPEGBuilder.segment(0xFE, [0xFF, 0xD9])
    #expect(try !JPEGHeader.read(JPEGBuilder.jpeg(extra: comment, ended: false)).hasEnd)
  }
}
