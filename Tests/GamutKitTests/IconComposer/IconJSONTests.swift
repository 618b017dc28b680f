import Foundation
import Testing

@testable import GamutKit

@Suite struct IconJSONTests {
  @Test("keeps number tokens, key order, duplicates and white space; writes the same bytes back")
  func keepsTokens() throws {
    let text = "\n{ \"b\" :1.50000 , \"a\":[ -0 ,1e3,\"x\\u00e9\\n\" ,{} ,[]], \"a\" : null,\"t\":true }  \n"
    let json = try IconJSON(Array(text.utf8))
    #expect(json.write() == Array(text.utf8))
    #expect(json.nodes[json.root].keys == ["b", "a", "a", "t"])
    #expect(json.text(json.member(json.root, "b")!) == "1.50000")
    #expect(json.number(json.member(json.root, "b")!) == 1.5)
    let list = json.member(json.root, "a")!
    #expect(json.nodes[list].children.map(json.text) == ["-0", "1e3", "\"x\\u00e9\\n\"", "{}", "[]"])
    #expect(json.string(json.nodes[list].children[2]) == "xé\n")
    #expect(json.bool(json.member(json.root, "t")!) == true)
    #expect(json.compactText(list) == "[-0,1e3,\"x\\u00e9\\n\",{},[]]")
  }

  @Test("a scalar document and an empty container write back")
  func scalars() throws {
    for text in ["3", " \"s\" ", "{}", "[ ]", "null"] {
      #expect(try IconJSON(Array(text.utf8)).write() == Array(text.utf8))
    }
  }

  @Test(
    "malformed documents are refused with the line",
    arguments: [
      ("{\n\"a\" : 1,\n}", 3), ("{\"a\" 1}", 1), ("[1,\n2", 2), ("", 1), ("{} x", 1), ("[01]", 1), ("[1.]", 1),
      ("\"\\q\"", 1), ("[\"a\nb\"]", 1), ("{\"a\":tru}", 1), ("[1 2]", 1), ("{,}", 1), ("[,1]", 1),
      ("\"\\ud800\"", 1), ("{\"a\":1,\"b\"}", 1),
    ])
  func malformed(_ text: String, _ line: Int) {
    #expect(throws: IconJSON.Error.self) { try IconJSON(Array(text.utf8)) }
    do {
      _ = try IconJSON(Array(text.utf8))
    } catch {
      #expect(error.line == line, "\(text): \(error)")
    }
  }

  @Test("nesting is bounded, without recursion")
  func depth() throws {
    let deep = String(repeating: "[", count: IconJSON.maxDepth) + String(repeating: "]", count: IconJSON.maxDepth)
    #expect(try IconJSON(Array(deep.utf8)).write() == Array(deep.utf8))
    let deeper = String(repeating: "[", count: 100_000)
    #expect(throws: IconJSON.Error.self) { try IconJSON(Array(deeper.utf8)) }
  }

  @Test("a quarter of the size limit in the smallest values reads and writes back (no step is quadratic)")
  func manyValues() throws {
    let count = IconJSON.maxBytes / 8
    let text = "[" + String(repeating: "1,", count: count - 1) + "1]"
    let json = try IconJSON(Array(text.utf8))
    #expect(json.nodes[json.root].children.count == count)
    #expect(json.write() == Array(text.utf8))
    let object = "{" + (0..<10_000).map { "\"k\($0)\":{}" }.joined(separator: ",") + "}"
    let document = IconDocument(try IconJSON(Array(object.utf8)))
    #expect(document.root.unknownKeys.count == 10_000)
    let bundle = try IconTestBundle(json: object)
    defer { bundle.folder.remove() }
    #expect(bundle.codes().filter { $0 == "icon-unknown-key" }.count == 10_000)
  }

  @Test("a document over the size limit is refused")
  func size() {
    let big = [UInt8](repeating: 0x20, count: IconJSON.maxBytes + 1)
    #expect(throws: IconJSON.Error.self) { try IconJSON(big) }
  }
}
