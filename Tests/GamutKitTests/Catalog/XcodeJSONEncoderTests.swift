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
    let compact = try XcodeJSONEncoder().compactText(of: Record())
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
    #expect(throws: EncodingError.self) { try XcodeJSONEncoder().compactText(of: [Double.infinity]) }
  }
}
