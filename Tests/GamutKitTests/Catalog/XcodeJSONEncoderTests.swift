import Testing

@testable import GamutKit

/// The writer behind the manifest, the build state and `--json`: keys in byte order on every platform, numbers and
/// escapes as `JSONEncoder` writes them on Linux (the manifests of SampleAssets came out byte-identical).
@Suite struct XcodeJSONEncoderTests {
  private struct Record: Encodable {
    var scale = "2x"
    var mixed = ["apple": 2, "Zebra": 1]
    var sRGB = true
    var ratio = 0.25
    var whole = 3.0
    var tiny = 0.00001
    var missing: Int? = nil
    var path = "a/b\n\u{8}\u{C}\u{1}\"\\ü"
    var list: [Int] = []
    var nested = ["b": [1.5], "a": []]
    var code: DiagnosticCode = .unpairedDark
  }

  @Test func keysInByteOrderNumbersAndEscapesAsJSONEncoderWritesThem() throws {
    let compact = String(decoding: try XcodeJSONEncoder().compactBytes(of: Record()), as: UTF8.self)
    #expect(
      compact
        == #"{"code":"unpaired-dark","list":[],"mixed":{"Zebra":1,"apple":2},"nested":{"a":[],"b":[1.5]},"path":"a/b\n\b\f\u0001\"\\ü","#
        + #""ratio":0.25,"sRGB":true,"scale":"2x","tiny":1e-05,"whole":3}"#)
  }

  @Test func prettyTextIsXcodesFormat() throws {
    let pretty = try XcodeJSONEncoder().prettyText(of: ["b": [1], "a": [Int]()])
    #expect(pretty == "{\n  \"a\" : [\n\n  ],\n  \"b\" : [\n    1\n  ]\n}\n")
  }

  @Test func infinityIsRefused() {
    #expect(throws: EncodingError.self) { try XcodeJSONEncoder().compactBytes(of: [Double.infinity]) }
  }

  /// Documents with every kind of value, nesting, empty containers, and strings holding brackets, commas, colons,
  /// quotes and escapes (which re-indenting must copy, not read as structure).
  static let documents: [XcodeJSON] = [
    .object([:]), .array([]), .string("{[,:]}\"\\"), .number("1e-05"),
    .object([
      "a": .array([.object([:]), .array([]), .integer(-3), .null, .bool(false)]),
      "b": .object(["x{": .string("],\"\\u{1}"), "y": .array([.array([.string(":,")])])]),
      "ü": .string("line\nbreak\ttab\u{8}\u{C}\u{1F}"),
    ]),
  ]

  @Test("Re-indenting the compact text gives the pretty text, at any depth", arguments: documents.indices)
  func reindentedCompactIsPretty(index: Int) {
    let document = Self.documents[index]
    var pretty = document.renderedBytes()
    pretty.removeLast()
    #expect(XcodeJSON.reindented(compact: document.renderedCompactBytes()[...], indent: 0) == pretty)
    // Nested 4 deep, as an asset in the manifest: every line after the first is indented by 4 more.
    let nested = XcodeJSON.object(["assets": .array([document])]).renderedBytes()
    let inner = Array(
      String(decoding: nested, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        .dropFirst(2).dropLast(3).joined(separator: "\n").utf8)
    #expect(
      Array("    ".utf8) + XcodeJSON.reindented(compact: document.renderedCompactBytes()[...], indent: 4) == inner)
  }
}
