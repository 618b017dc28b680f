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

  @Test("keeps number tokens, key order and duplicates; the compact text reads back to itself")
  func compactText() throws {
    let text = "\n{ \"b\" :1.50000 , \"a\":[ -0 ,1e3,\"x\\u00e9\\n\" ,{} ,[]], \"a\" : null,\"t\":true }  \n"
    let node = try read(text)
    #expect(node.members?.map(\.key) == ["b", "a", "a", "t"])
    #expect(node["b"]?.value == .number("1.50000"))
    #expect(node["b"]?.number == 1.5)
    #expect(node["a"]?.compactText() == "[-0,1e3,\"xé\\n\",{},[]]")
    #expect(
      node.compactText(numbersAsValues: true) == "{\"b\":1.5,\"a\":[-0.0,1000.0,\"xé\\n\",{},[]],\"a\":null,\"t\":true}"
    )
    #expect(try read(node.compactText()).compactText() == node.compactText())
    #expect(try read("\"\\u0001\\\"\"").compactText() == "\"\\u0001\\\"\"")
  }

  @Test("a number beyond a 64-bit float has no value, never infinity; its text is kept")
  func hugeNumbers() throws {
    for text in ["1e400", "-1e999", String(repeating: "9", count: 400)] {
      let node = try read(text)
      #expect(node.number == nil, "\(text)")
      #expect(node.value == .number(text))
    }
    #expect(try read("1e-400").number == 0)
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
    ("{\"a\" 1}", 1), ("[1.]", 1), ("\"\\q\"", 1), ("[1 2]", 1), ("{,}", 1), ("[,1]", 1), ("{\"a\":1,\"b\"}", 1),
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

  @Test("a quarter of the size limit in the smallest values reads (no step is quadratic)")
  func manyValues() throws {
    let count = JSONNodeReader.maximumBytes / 8
    let node = try read("[" + String(repeating: "1,", count: count - 1) + "1]")
    #expect(node.elements?.count == count)
    let object = "{" + (0..<10_000).map { "\"k\($0)\":{}" }.joined(separator: ",") + "}"
    let document = IconDocument(try read(object))
    #expect(document.root.unknownKeys.count == 10_000)
    let bundle = try IconTestBundle(json: object)
    defer { bundle.folder.remove() }
    #expect(bundle.codes().filter { $0 == "icon-unknown-key" }.count == 10_000)
  }
}
