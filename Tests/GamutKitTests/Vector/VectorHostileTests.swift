import Foundation
import Testing

@testable import GamutKit

/// Issue 30, points 9 and 14: the vector checks are as strict as docs/image-sets.md says, and the PDF color-space
/// scan is fast.
@Suite struct VectorHostileTests {
  private func failure(_ bytes: [UInt8], _ format: SourceFormat) -> String? {
    do {
      _ = try VectorCheck.check(bytes, format: format)
      return nil
    } catch {
      return error.reason
    }
  }

  private func failure(_ text: String, _ format: SourceFormat) -> String? { failure(Array(text.utf8), format) }

  /// Point 14: a 5-byte file, a truncated PDF, `%PDF-` followed by PNG bytes were accepted.
  @Test func incompletePDFsAreRefused() {
    let complete = MinimalPDF.text()
    #expect(failure(complete, .pdf) == nil)
    #expect(failure("%PDF-", .pdf) != nil)
    #expect(failure(String(complete.dropLast(20)), .pdf)?.contains("%%EOF") == true)
    #expect(failure(Array("%PDF-".utf8) + PNGBuilder.tinyGray(), .pdf) != nil)
    #expect(failure("%PDF-1.7\n1 0 obj << >> endobj\nstartxref\n999999\n%%EOF\n", .pdf)?.contains("offset") == true)
    #expect(
      failure("%PDF-1.7\n1 0 obj << >> endobj\nstartxref\n17\n%%EOF\n", .pdf)?.contains("cross-reference") == true)
  }

  /// Point 14: SVGs that are not well-formed XML were accepted, and a valid one was refused.
  @Test(
    "not well-formed SVG is refused",
    arguments: [
      "<svg>&foo;</svg>", "<svg>&#0;</svg>", "<svg>&#xD800;</svg>", "<svg a='&#x110000;'/>", "<svg>\u{0}</svg>",
      "<svg>\u{1}</svg>", "<svg>&#99999999999;</svg>",
    ])
  func malformedSVGIsRefused(_ text: String) {
    #expect(failure(text, .svg)?.contains("not well-formed") == true)
  }

  @Test func invalidUTF8IsRefused() {
    #expect(failure(Array("<svg>".utf8) + [0xC3, 0x28] + Array("</svg>".utf8), .svg)?.contains("UTF-8") == true)
    #expect(failure(Array("<svg>".utf8) + [0xED, 0xA0, 0x80] + Array("</svg>".utf8), .svg)?.contains("UTF-8") == true)
  }

  @Test func validDocumentTypesAreRead() {
    #expect(failure("<!DOCTYPE svg [<!-- ]> -->]><svg/>", .svg) == nil)
    #expect(failure("<!DOCTYPE svg [<!ENTITY e \"x]>\"><?pi ]> ?>]><svg>&e;</svg>", .svg) == nil)
    #expect(failure("<!DOCTYPE svg [<!ENTITY % p \"x\"> %p; <!ELEMENT svg ANY>]><svg>&lt;&#x1F600;</svg>", .svg) == nil)
    #expect(failure("<!DOCTYPE svg [<!ENTITY % p \"x\">]><svg>&p;</svg>", .svg) != nil)
  }

  /// Point 14: an `.svgz` or UTF-16 file got a misleading message.
  @Test func gzipAndUTF16AreNamed() {
    #expect(failure([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0], .svg)?.contains("gzip-compressed") == true)
    let utf16: [UInt8] = [0xFF, 0xFE] + Array("<svg/>".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    #expect(failure(utf16, .svg)?.contains("UTF-16") == true)
    let bigEndian: [UInt8] = Array("<svg/>".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    #expect(failure(bigEndian, .svg)?.contains("UTF-16") == true)
  }

}

/// Issue 30, point 9, in time: the color-space scan of a large PDF (wall clock; run alone, tagged `timing`).
@Suite(.tags(.timing), .selectedByTags) struct VectorTimingTests {
  /// Point 9: the scan read 8 MB/s (250 MB in 31 s). 64 MB of content with one name at its end must take well
  /// under a second even in a debug build.
  @Test func colorSpaceScanIsFast() {
    var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: 64 << 20)
    for index in stride(from: 0, to: bytes.count - 64, by: 4096) { bytes[index] = UInt8(ascii: "/") }
    bytes.append(contentsOf: Array("/DeviceCMYK /Lab".utf8))
    let start = ContinuousClock.now
    let spaces = PDFStructure.colorSpaces(bytes)
    #expect(ContinuousClock.now - start < .seconds(1))
    #expect(spaces == ["DeviceCMYK", "Lab"])
  }
}
