import Foundation
import Testing

@testable import GamutKit

/// Vector sources: the XML checker, the PDF and SVG checks, symbol templates, and what a disguised file is.
@Suite struct VectorCheckTests {
  private func outline(_ text: String) throws(XMLOutline.Error) -> XMLOutline {
    try XMLOutline(Array(text.utf8))
  }

  @Test func wellFormedDocumentsAreRead() throws {
    let svg = try outline(
      """
      \u{FEFF}<?xml version="1.0"?>
      <!-- exported -->
      <!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [
        <!ENTITY ns "http://www.w3.org/2000/svg">
      ]>
      <svg:svg xmlns:svg="&ns;" a='1 &amp; 2 &#38; &#x26;'><g id="outer"><g id="inner"/><![CDATA[ <not a tag> ]]></g>
      <?pi data?></svg:svg>
      <!-- trailing -->
      """)
    #expect(svg.rootName == "svg:svg")
    #expect(svg.rootLocalName == "svg")
    #expect(svg.ancestors(of: "outer") == [])
    #expect(svg.ancestors(of: "inner") == ["outer"])
    #expect(svg.ancestors(of: "missing") == nil)
  }

  @Test(
    "malformed XML is refused with its line",
    arguments: [
      ("<svg><g></svg>", "closes '<g>'"),
      ("<svg>", "is not closed"),
      ("<svg a=1/>", "not in quotes"),
      ("<svg a='1' a='2'/>", "appears twice"),
      ("<svg a='<'/>", "'<' in the value"),
      ("<svg>\n & </svg>", "does not start a reference"),
      ("<svg/><svg/>", "content after the root element"),
      ("text", "text before the root element"),
      ("", "no root element"),
      ("<svg><!-- open </svg>", "comment is not closed"),
      ("<svg a='1'b='2'/>", "white space expected"),
      ("<svg>&#xZZ;</svg>", "character reference"),
      ("</svg>", "closes nothing"),
    ])
  func malformed(_ text: String, _ reason: String) {
    #expect {
      try outline(text)
    } throws: { error in
      "\(error)".contains(reason) && "\(error)".hasPrefix("not well-formed XML at line ")
    }
  }

  /// Parent links, not copied ancestor lists: a deeply nested file is read in one pass.
  @Test func deepNestingIsReadWithoutRecursion() throws {
    let depth = 50_000
    var text = "<svg>"
    for level in 0..<depth { text += "<g id=\"g\(level)\">" }
    text += String(repeating: "</g>", count: depth) + "</svg>"
    let deep = try outline(text)
    #expect(deep.ancestors(of: "g\(depth - 1)")?.count == depth - 1)
    #expect(deep.ancestors(of: "g3") == ["g0", "g1", "g2"])
  }

  @Test func errorsGiveTheLine() {
    #expect(throws: XMLOutline.Error(line: 3, reason: "'</b>' closes '<a>'")) {
      try outline("<svg>\n<a>\n</b></svg>")
    }
  }

  private func failure(_ text: String, _ format: SourceFormat) -> String? {
    do {
      _ = try VectorCheck.check(Array(text.utf8), format: format)
      return nil
    } catch {
      return "\(error.code): \(error.reason)"
    }
  }

  @Test func vectorsAreWhatTheirNamesSay() throws {
    #expect(failure(MinimalPDF.text(), .pdf) == nil)
    #expect(failure("<svg xmlns='http://www.w3.org/2000/svg'/>", .svg) == nil)
    #expect(failure("hello", .pdf) == "unreadable-vector: has no %PDF- header, so it is not a PDF")
    #expect(failure("", .pdf) == "unreadable-vector: is empty")
    #expect(failure("<svg/>", .pdf) == "unreadable-vector: is an SVG image, not PDF")
    #expect(failure("%PDF-1.4", .svg) == "unreadable-vector: is a PDF document, not SVG")
    #expect(
      failure("<html><body/></html>", .svg)
        == "unreadable-vector: is XML whose root element is <html>, not an SVG <svg>")
    #expect(
      failure("<svg><g></svg>", .svg)?.hasPrefix("unreadable-vector: is not a readable SVG: not well-formed") == true)
    let webp = try Data(contentsOf: Self.disguised("webp.png"))
    #expect(throws: VectorCheck.Failure(code: "unreadable-vector", reason: "is a WebP image, not SVG")) {
      try VectorCheck.check([UInt8](webp), format: .svg)
    }
  }

  @Test func symbolsMustBeTemplates() {
    let plain = "<svg xmlns='http://www.w3.org/2000/svg'><path d='M0 0'/></svg>"
    #expect(failure(plain, .symbol)?.contains("no group with id=\"Symbols\"") == true)
    let noVariant = "<svg><g id='Guides'><line id='Baseline-M'/></g><g id='Symbols'><g id='Huge-XL'/></g></svg>"
    #expect(failure(noVariant, .symbol)?.contains("no weight and scale variant") == true)
    let noGuides = "<svg><g id='Symbols'><g id='Bold-L'/></g></svg>"
    #expect(failure(noGuides, .symbol)?.hasPrefix("invalid-symbol:") == true)
    let template = "<svg><g id='Guides'><line id='Baseline-S'/></g><g id='Symbols'><g id='Bold-L'/></g></svg>"
    #expect(failure(template, .symbol) == nil)
  }

  @Test func declaredColorSpacesAreReported() throws {
    let pdf = MinimalPDF.text("<< /ColorSpace [/ICCBased 5 0 R] /CS0 /DeviceRGB /X /DeviceRGBA /Lab>>\n")
    #expect(try VectorCheck.check(Array(pdf.utf8), format: .pdf) == ["DeviceRGB", "ICCBased", "Lab"])
    let svg =
      "<svg><rect fill='color(display-p3 1 0 0)' stroke='icc-color(p, 1)' style='fill: color( rec2020 0 1 0)'/></svg>"
    #expect(try VectorCheck.check(Array(svg.utf8), format: .svg) == ["display-p3", "icc-color", "rec2020"])
  }

  static func disguised(_ name: String) -> URL {
    TestData.projectRoot.appendingPathComponent("Tests/Fixtures/disguised/" + name)
  }

  @Test(
    "a file that is not what its name says is named for what it is",
    arguments: [
      ("webp.png", "a WebP image"), ("jpeg.png", "a JPEG image"), ("gif.png", "a GIF image"),
      ("tiff.png", "a TIFF image"), ("psd.png", "a Photoshop document (PSD)"),
    ])
  func disguisedFiles(_ name: String, _ what: String) throws {
    let bytes = [UInt8](try Data(contentsOf: Self.disguised(name)))
    #expect(FileSignature.describe(Array(bytes.prefix(FileSignature.headLength))) == what)
  }
}
