import Foundation
import Testing

@testable import GamutKit

/// Issue 34.9: a PDF source is checked a window at a time, never held whole (a 200 MB PDF peaked at 287 MB in a
/// build), with the same answer as the check of the bytes in memory.
@Suite struct PDFWindowsTests {
  /// A PDF of about `megabytes` MB: a stream of zeros between a color space and the cross-reference table.
  private func pdf(megabytes: Int, colorSpace: String = "/ICCBased", tail: String = "/DeviceN ") -> [UInt8] {
    let body =
      "1 0 obj << /ColorSpace \(colorSpace) >> endobj\n2 0 obj << /Length 0 >>\nstream\n"
      + String(repeating: "0", count: megabytes << 20) + "\nendstream\nendobj\n3 0 obj << /Cs \(tail)>> endobj\n"
    return Array(MinimalPDF.text(body).utf8)
  }

  /// The file behind windows that record the largest read.
  private final class Recorder: @unchecked Sendable {
    var largest = 0
    var total = 0
  }

  private func windows(_ bytes: [UInt8], _ recorder: Recorder) -> ByteWindows {
    ByteWindows(count: bytes.count) { range in
      recorder.largest = max(recorder.largest, range.count)
      recorder.total += range.count
      return Array(bytes[range])
    }
  }

  @Test("a 5 MB PDF is read in windows of at most a megabyte, with the answer of the whole bytes")
  func windowsOnly() throws {
    let bytes = pdf(megabytes: 5)
    let recorder = Recorder()
    let spaces = try VectorCheck.checkPDF(windows(bytes, recorder))
    #expect(spaces == ["DeviceN", "ICCBased"])
    #expect(spaces == (try VectorCheck.check(bytes, format: .pdf)))
    #expect(recorder.largest <= 1 << 20)
    #expect(recorder.total < bytes.count + bytes.count / 10)
  }

  @Test("a name cut by a chunk boundary is read once, whole; a longer name is not taken for a shorter one")
  func boundaries() throws {
    for shift in 0..<24 {
      let prefix = String(repeating: " ", count: (1 << 20) - 40 + shift)
      let body = "1 0 obj << /A /DeviceRGBX " + prefix + "/Separation >> endobj\n"
      let bytes = Array(MinimalPDF.text(body).utf8)
      let spaces = try VectorCheck.checkPDF(ByteWindows(bytes))
      #expect(spaces == ["Separation"], "shift \(shift)")
    }
  }

  @Test("a read that fails is a refusal, not an answer")
  func unreadable() throws {
    let bytes = pdf(megabytes: 2)
    let failing = ByteWindows(count: bytes.count) { range in range.lowerBound > 1 << 20 ? nil : Array(bytes[range]) }
    #expect(throws: VectorCheck.Failure.self) { try VectorCheck.checkPDF(failing) }
  }

  @Test("a 3 MB PDF source builds into the same copy, and the copy goes through a temporary file")
  func buildCopy() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bytes = pdf(megabytes: 3)
    try FileManager.default.createDirectory(atPath: folder.path + "/src", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder.path + "/src/Big.pdf", contents: Data(bytes))
    let report = try CatalogBuilder(
      sourceRoot: folder.path + "/src", catalogPath: folder.path + "/A.xcassets", options: BuildOptions()
    ).build()
    #expect(report.manifest.summary.errors == 0)
    let copy = FileManager.default.contents(atPath: folder.path + "/A.xcassets/Big.imageset/Big.pdf")
    #expect(copy.map { [UInt8]($0) } == bytes)
    let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder.path + "/A.xcassets")
      .filter(AtomicFile.isTemporaryName)
    #expect(leftovers.isEmpty)
  }
}
