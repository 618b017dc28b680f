import Testing

@testable import GamutKit

@Suite struct JSONNodeReaderTests {
  private func read(_ text: String) throws(JSONNodeReader.Failure) -> JSONNode {
    try JSONNodeReader.read(Array(text.utf8))
  }

  @Test func keepsMemberOrderNumbersAndLines() throws {
    let node = try read("{\n  \"z\" : 1.50,\n  \"a\" : [\n    true,\n    null\n  ],\n  \"m\" : \"x\\u00e9\"\n}\n")
    let members = try #require(node.members)
    #expect(members.map(\.key) == ["z", "a", "m"])
    #expect(members.map(\.line) == [2, 3, 7])
    #expect(members[0].value.value == .number("1.50"))
    #expect(members[1].value.elements?.map(\.line) == [4, 5])
    #expect(members[2].value.string == "xé")
    #expect(node.line == 1)
  }

  @Test func keepsRepeatedKeys() throws {
    let node = try read(#"{"a":"1","a":"2"}"#)
    #expect(node.members?.count == 2)
    #expect(node["a"]?.string == "1")
  }

  @Test func acceptsAByteOrderMark() throws {
    let node = try JSONNodeReader.read([0xEF, 0xBB, 0xBF] + Array("[1]".utf8))
    #expect(node.elements?.count == 1)
  }

  @Test(arguments: [
    ("{\n\"a\" : \n}", 3),
    ("{\n\"a\" : 1,\n}", 3),
    ("[1,\n2\n", 3),
    ("{\"a\" : tru}", 1),
    ("{\"a\" : \"x\ny\"}", 1),
    ("[01]", 1),
    ("{} {}", 1),
    ("\"\\ud800\"", 1),
    ("", 1),
  ])
  func refusesMalformedTextWithItsLine(text: String, line: Int) {
    #expect(throws: JSONNodeReader.Failure.self) { try read(text) }
    do {
      _ = try read(text)
    } catch {
      #expect(error.line == line, "\(text.debugDescription): \(error)")
    }
  }

  @Test func boundsTheNesting() throws {
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    #expect(throws: JSONNodeReader.Failure.self) { try read(deep) }
    let allowed =
      String(repeating: "[", count: JSONNodeReader.maximumDepth)
      + String(repeating: "]", count: JSONNodeReader.maximumDepth)
    #expect(try read(allowed).elements != nil)
  }
}
