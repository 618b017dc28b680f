import Foundation
import Testing

@testable import GamutKit

/// The checker never calls two files that differ in meaning equivalent: every value of every Xcode-written
/// `Contents.json` in Tests/Fixtures/testdata/xcode changed by one (one field at a time), every key removed or added,
/// every array element dropped, is `differs`; the spellings Xcode treats as one are `equivalent`.
@Suite struct CatalogEquivalenceTests {
  static let files: [String] = {
    let root = TestData.shared("xcode").path
    let kinds = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
    var files: [String] = []
    for kind in kinds.sorted() {
      let folders = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + kind)) ?? []
      files += folders.sorted().map { kind + "/" + $0 + "/Contents.json" }
    }
    return TestData.atLeastOne(files.filter { $0.hasSuffix("/Contents.json") }, missing: "no Xcode-written file")
  }()

  private func verdict(_ original: String, _ rebuilt: String) -> CatalogEquivalence.Verdict {
    CatalogEquivalence.contents(Array(original.utf8), Array(rebuilt.utf8))
  }

  @Test(arguments: files) func everyOneValueChangeDiffers(_ file: String) throws {
    let bytes = try TestData.sharedBytes("xcode/" + file)
    let document = try JSONNodeReader.read(bytes)
    let all = JSONMutation.all(of: document)
    #expect(all.count > 3)
    // The 100 kB AssetColorTest has thousands of fields of a few kinds: an even sample of 400 keeps the test short.
    let step = max(1, all.count / 400)
    let mutations = stride(from: 0, to: all.count, by: step).map { all[$0] }
    for mutation in mutations {
      let changed = JSONMutation.render(mutation.document)
      guard case .differs = CatalogEquivalence.contents(bytes, Array(changed.utf8)) else {
        Issue.record("\(file): \(mutation.what) is not a difference: \(changed)")
        continue
      }
    }
    // The same values in another layout are equivalent, and so are they the other way round.
    let compact = Array(JSONMutation.render(document).utf8)
    let reversed = Array(JSONMutation.render(JSONMutation.reversingKeys(document)).utf8)
    for other in [compact, reversed] where other != bytes {
      #expect(CatalogEquivalence.contents(bytes, other) != .identical)
      guard case .equivalent = CatalogEquivalence.contents(bytes, other) else {
        Issue.record("\(file): the same values in another layout are not equivalent")
        continue
      }
      guard case .equivalent = CatalogEquivalence.contents(other, bytes) else {
        Issue.record("\(file): equivalence is not symmetric")
        continue
      }
    }
  }

  @Test func componentSpellingsAreOneColorOnlyWhenXcodeWritesThemSo() {
    // Xcode's own pairs (NetNewsWire's localColor-iOS and -Mac): 0x7A = 0.478, 0x84 = 0.518, 0x0A = 0.039.
    for (code, decimal) in [("0x7A", "0.478"), ("0x84", "0.518"), ("0x0A", "0.039"), ("122", "0.478"), ("0", "0.000")] {
      #expect(CatalogEquivalence.sameComponent(code, decimal), "\(code) \(decimal)")
      #expect(CatalogEquivalence.sameComponent(decimal, code))
    }
    #expect(CatalogEquivalence.sameComponent("0xff", "255") && CatalogEquivalence.sameComponent("255", "1.000"))
    #expect(CatalogEquivalence.sameComponent("0.5", "0.500"))
    let differ = [
      ("0x7A", "0.479"), ("0x7A", "0.477"), ("0x7A", "0x7B"), ("122", "123"), ("0x7A", "0.47843"), ("0.478", "0.4784"),
      ("256", "1.000"), ("-0", "0x00"), ("0x7A", "0x7A0"), ("1", "1.000"), ("0.5", ".5"), ("0.478", "0.478 "),
      ("0x7A", "7A"), ("0.478", "4.78e-1"),
    ]
    for (first, second) in differ {
      #expect(!CatalogEquivalence.sameComponent(first, second), "\(first) \(second)")
    }
    // Codes 0...255 never fall on a half thousandth, so rounding is never a tie.
    for code in 0...255 {
      let exact = Double(code) / 255 * 1000
      #expect(abs(exact - exact.rounded(.down) - 0.5) > 0.001)
      #expect(CatalogEquivalence.milli(ofCode: code) == Int(exact.rounded()))
    }
  }

  @Test func alphaAndOtherComponentsAreComparedAsDecimals() {
    let color = { (alpha: String, red: String) in
      "{\"colors\":[{\"color\":{\"color-space\":\"srgb\",\"components\":{\"alpha\":\"\(alpha)\",\"blue\":\"0.000\","
        + "\"green\":\"0.000\",\"red\":\"\(red)\"}},\"idiom\":\"universal\"}],\"info\":{\"author\":\"xcode\",\"version\":1}}"
    }
    #expect(
      verdict(color("1.000", "0x7A"), color("1.000", "0.478")) == .equivalent("color components in another spelling"))
    #expect(verdict(color("1.000", "0.478"), color("1.0", "0.478")) == .equivalent("number spelling"))
    guard case .differs = verdict(color("1", "0.478"), color("1.000", "0.478")) else {
      Issue.record("an alpha without decimals is taken for 1.000")
      return
    }
    guard case .differs = verdict(color("0x01", "0.478"), color("0.004", "0.478")) else {
      Issue.record("an 8-bit alpha is taken for a decimal")
      return
    }
  }

  @Test func numbersAreComparedAsExactDecimals() {
    for (first, second) in [
      ("1", "1.0"), ("1", "1e0"), ("10", "1E1"), ("-0", "0"), ("0.50", "5e-1"), ("12.5", "125e-1"),
    ] {
      #expect(CatalogEquivalence.canonicalDecimal(first) == CatalogEquivalence.canonicalDecimal(second), "\(first)")
    }
    for (first, second) in [("1", "1.0000000000000001"), ("1", "-1"), ("0.1", "0.01"), ("1e400", "1e401")] {
      #expect(CatalogEquivalence.canonicalDecimal(first) != CatalogEquivalence.canonicalDecimal(second), "\(first)")
    }
    #expect(CatalogEquivalence.canonicalDecimal("1e9999999999999999") == nil)
  }

  @Test func namesAreComparedAsBytesAndRepeatedKeysDiffer() {
    let named = { (name: String) in
      "{\"images\":[{\"filename\":\"\(name)\",\"idiom\":\"universal\"}],\"info\":{\"author\":\"xcode\",\"version\":1}}"
    }
    guard case .differs = verdict(named("Caf\u{E9}.png"), named("Cafe\u{301}.png")) else {
      Issue.record("NFC and NFD file names are taken for one")
      return
    }
    let repeated = "{\"info\":{\"author\":\"xcode\",\"version\":1},\"info\":{\"author\":\"xcode\",\"version\":1}}"
    guard case .differs = verdict(repeated, String(decoding: CatalogEquivalence.defaultFolderContents, as: UTF8.self))
    else {
      Issue.record("a repeated key is taken for one")
      return
    }
  }

  @Test func aMissingFolderContentsIsXcodesDefaultOneAndNothingElse() {
    let missing = CatalogEquivalence.Spelling.defaultContents.rawValue
    #expect(CatalogEquivalence.contents(nil, CatalogEquivalence.defaultFolderContents) == .equivalent(missing))
    #expect(CatalogEquivalence.contents(CatalogEquivalence.defaultFolderContents, nil) == .equivalent(missing))
    #expect(
      CatalogEquivalence.contents(Array("{\"info\":{\"version\":1,\"author\":\"xcode\"}}".utf8), nil)
        == .equivalent(missing))
    let namespace = Array(
      "{\"info\":{\"author\":\"xcode\",\"version\":1},\"properties\":{\"provides-namespace\":true}}".utf8)
    guard case .differs = CatalogEquivalence.contents(nil, namespace),
      case .differs = CatalogEquivalence.contents(namespace, nil)
    else {
      Issue.record("a namespace folder is taken for a plain one")
      return
    }
  }
}

/// One-value changes of a JSON document, and a renderer that writes a document back as compact JSON in its order.
enum JSONMutation {
  struct Changed {
    var what: String
    var document: JSONNode
  }

  /// Every change of one leaf value, every removed and added key, every dropped array element.
  static func all(of document: JSONNode) -> [Changed] {
    var result: [Changed] = []
    func visit(_ node: JSONNode, path: String, replace: (JSONNode) -> JSONNode) {
      switch node.value {
      case .object(let members):
        var added = members
        added.append(.init(key: "added-key", line: 0, value: JSONNode(.string("x"), line: 0)))
        result.append(Changed(what: "a key added at \(path)", document: replace(JSONNode(.object(added), line: 0))))
        for index in members.indices {
          var removed = members
          removed.remove(at: index)
          result.append(
            Changed(
              what: "\(path).\(members[index].key) removed", document: replace(JSONNode(.object(removed), line: 0))))
          visit(members[index].value, path: path + "." + members[index].key) { value in
            var changed = members
            changed[index].value = value
            return replace(JSONNode(.object(changed), line: 0))
          }
        }
      case .array(let elements):
        for index in elements.indices {
          var dropped = elements
          dropped.remove(at: index)
          result.append(
            Changed(what: "\(path)[\(index)] dropped", document: replace(JSONNode(.array(dropped), line: 0))))
          visit(elements[index], path: path + "[\(index)]") { value in
            var changed = elements
            changed[index] = value
            return replace(JSONNode(.array(changed), line: 0))
          }
        }
      case .string(let text):
        result.append(
          Changed(what: "\(path) changed", document: replace(JSONNode(.string(changedText(text)), line: 0))))
      case .number(let text):
        result.append(Changed(what: "\(path) changed", document: replace(JSONNode(.number(text + "1"), line: 0))))
      case .bool(let flag):
        result.append(Changed(what: "\(path) flipped", document: replace(JSONNode(.bool(!flag), line: 0))))
      case .null:
        result.append(Changed(what: "\(path) set", document: replace(JSONNode(.bool(true), line: 0))))
      }
    }
    visit(document, path: "", replace: { $0 })
    return result
  }

  /// A string one step away: an 8-bit code one up (or down), a decimal one thousandth up (or down), else a letter more.
  static func changedText(_ text: String) -> String {
    if let code = CatalogEquivalence.eightBitCode(text) {
      let other = code == 255 ? 254 : code + 1
      return text.hasPrefix("0x") || text.hasPrefix("0X") ? String(format: "0x%02X", other) : String(other)
    }
    if let milli = CatalogEquivalence.decimalMilli(text) {
      let other = milli == 1000 ? 999 : milli + 1
      return String(format: "%d.%03d", other / 1000, other % 1000)
    }
    return text + "x"
  }

  /// The document with every object's keys in reverse order.
  static func reversingKeys(_ node: JSONNode) -> JSONNode {
    switch node.value {
    case .object(let members):
      return JSONNode(
        .object(members.reversed().map { .init(key: $0.key, line: 0, value: reversingKeys($0.value)) }), line: 0)
    case .array(let elements): return JSONNode(.array(elements.map(reversingKeys)), line: 0)
    default: return node
    }
  }

  /// Compact JSON, members in their order, strings escaped as JSON requires.
  static func render(_ node: JSONNode) -> String {
    switch node.value {
    case .object(let members):
      return "{" + members.map { quoted($0.key) + ":" + render($0.value) }.joined(separator: ",") + "}"
    case .array(let elements): return "[" + elements.map(render).joined(separator: ",") + "]"
    case .string(let text): return quoted(text)
    case .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    }
  }

  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out + "\""
  }
}
