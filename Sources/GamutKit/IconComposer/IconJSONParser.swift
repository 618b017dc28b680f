/// The reader behind ``IconJSON``: RFC 8259 JSON, strictly (no comments, no trailing commas, no leading zeros,
/// strings of valid UTF-8 without raw control characters), read in one loop with a stack of open containers
/// instead of recursion, so nesting costs heap, bounded by ``IconJSON/maxDepth``.
struct IconJSONParser {
  let bytes: [UInt8]
  var index = 0
  var line = 1
  var nodes: [IconJSON.Node] = []

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func fail(_ reason: String) -> IconJSON.Error {
    IconJSON.Error(line: line, reason: reason)
  }

  mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A: line += 1
      case 0x20, 0x09, 0x0D: break
      default: return
      }
      index += 1
    }
  }

  /// Reads the whole document: one value with white space around it.
  mutating func document() throws(IconJSON.Error) -> [IconJSON.Node] {
    skipSpace()
    // Open containers, innermost last; an object's pending key waits here until its value is read.
    var open: [(node: Int, pendingKey: String?)] = []
    repeat {
      guard index < bytes.count else {
        throw fail(open.isEmpty ? "the document is empty" : "the document ends inside a value")
      }
      if let top = open.last, bytes[index] == closing(top.node), top.pendingKey == nil {
        // Only an empty container ends here: after a member, `afterValue` reads the end.
        guard nodes[top.node].children.isEmpty else { throw fail("a value was expected") }
        closeInnermost(&open)
        try afterValue(open: &open)
        continue
      }
      if let top = open.last, nodes[top.node].kind == .object, top.pendingKey == nil {
        open[open.count - 1].pendingKey = try key()
        continue
      }
      let node = try value()
      if let top = open.popLast() {
        nodes[top.node].children.append(node)
        if let key = top.pendingKey { nodes[top.node].keys.append(key) }
        open.append((top.node, nil))
      }
      if nodes[node].kind == .object || nodes[node].kind == .array {
        guard open.count < IconJSON.maxDepth else { throw fail("nesting deeper than \(IconJSON.maxDepth) levels") }
        open.append((node, nil))
        continue
      }
      try afterValue(open: &open)
    } while !open.isEmpty
    skipSpace()
    guard index == bytes.count else { throw fail("text after the end of the document") }
    return nodes
  }

  /// The byte that ends the container `node`.
  func closing(_ node: Int) -> UInt8 {
    nodes[node].kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]")
  }

  /// Reads an object's key and the colon after it.
  mutating func key() throws(IconJSON.Error) -> String {
    guard bytes[index] == 0x22 else { throw fail("a key in quotes was expected") }
    let span = try stringSpan()
    skipSpace()
    guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw fail("':' was expected") }
    index += 1
    skipSpace()
    return Self.unescape(bytes[span]) ?? ""
  }

  /// Ends the innermost container at its closing byte (at `index`).
  mutating func closeInnermost(_ open: inout [(node: Int, pendingKey: String?)]) {
    index += 1
    let closed = open.removeLast().node
    nodes[closed].span = nodes[closed].span.lowerBound..<index
  }

  /// After a value inside containers: a comma (then white space), or the end of the innermost container, which
  /// closes it, and so on outward while ends follow.
  mutating func afterValue(open: inout [(node: Int, pendingKey: String?)]) throws(IconJSON.Error) {
    while let top = open.last {
      skipSpace()
      let close = closing(top.node)
      guard index < bytes.count else { throw fail("the document ends inside a value") }
      if bytes[index] == UInt8(ascii: ",") {
        index += 1
        skipSpace()
        guard index < bytes.count, bytes[index] != close else { throw fail("a value was expected after ','") }
        return
      }
      guard bytes[index] == close else { throw fail("',' or '\(Character(Unicode.Scalar(close)))' was expected") }
      closeInnermost(&open)
    }
  }

  /// Reads one value at `index`, appending its node; a container's node is left open (its span ends later).
  mutating func value() throws(IconJSON.Error) -> Int {
    let start = index
    let kind: IconJSON.Kind
    switch bytes[index] {
    case UInt8(ascii: "{"):
      index += 1
      kind = .object
    case UInt8(ascii: "["):
      index += 1
      kind = .array
    case 0x22:
      _ = try stringSpan()
      kind = .string
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      kind = try literal()
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      try numberToken()
      kind = .number
    default:
      throw fail("a value was expected")
    }
    nodes.append(IconJSON.Node(kind: kind, span: start..<index, line: line))
    if kind == .object || kind == .array { skipSpace() }
    return nodes.count - 1
  }

  mutating func literal() throws(IconJSON.Error) -> IconJSON.Kind {
    for (word, kind) in [("true", IconJSON.Kind.bool), ("false", .bool), ("null", .null)] {
      let utf8 = Array(word.utf8)
      if bytes[index...].starts(with: utf8) {
        index += utf8.count
        return kind
      }
    }
    throw fail("a value was expected")
  }

  /// Moves past a number token, checking its grammar: `-`? int frac? exp?
  mutating func numberToken() throws(IconJSON.Error) {
    func digits() -> Int {
      let start = index
      while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
      return index - start
    }
    if bytes[index] == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw fail("a digit was expected in a number") }
    guard integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else {
      throw fail("a number with a leading zero")
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw fail("a digit was expected after '.'") }
    }
    if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
      index += 1
      if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw fail("a digit was expected in an exponent") }
    }
  }

  /// Moves past a string (at its opening quote) and returns its span, quotes included, checking escapes, control
  /// characters and UTF-8.
  mutating func stringSpan() throws(IconJSON.Error) -> Range<Int> {
    let start = index
    index += 1
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x22 {
        index += 1
        guard Self.unescape(bytes[start..<index]) != nil else { throw fail("a string that is not valid UTF-8") }
        return start..<index
      }
      guard byte >= 0x20 else { throw fail("a control character inside a string") }
      if byte == UInt8(ascii: "\\") {
        index += 1
        guard index < bytes.count else { break }
        switch bytes[index] {
        case 0x22, UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
          UInt8(ascii: "r"), UInt8(ascii: "t"):
          break
        case UInt8(ascii: "u"):
          guard index + 4 < bytes.count, bytes[(index + 1)...(index + 4)].allSatisfy(\.isHexDigit) else {
            throw fail("a malformed \\u escape")
          }
          index += 4
        default:
          throw fail("an unknown escape in a string")
        }
      }
      index += 1
    }
    throw fail("a string is not closed")
  }

  /// What `\b`, `\f`, `\n`, `\r` and `\t` stand for (`\"`, `\\` and `\/` stand for themselves).
  static let simpleEscapes: [Unicode.Scalar: Unicode.Scalar] = [
    "b": "\u{08}", "f": "\u{0C}", "n": "\n", "r": "\r", "t": "\t",
  ]

  /// The text of a string token (with its quotes) with escapes resolved; nil when it is not valid UTF-8 or holds
  /// a lone surrogate escape.
  static func unescape(_ token: ArraySlice<UInt8>) -> String? {
    let inner = token.dropFirst().dropLast()
    guard inner.contains(UInt8(ascii: "\\")) else { return String(validating: inner, as: UTF8.self) }
    guard let text = String(validating: inner, as: UTF8.self) else { return nil }
    var scalars = String.UnicodeScalarView()
    var iterator = text.unicodeScalars.makeIterator()
    var pendingHigh: UInt32?
    while let scalar = iterator.next() {
      guard scalar == "\\", let escaped = iterator.next() else {
        guard pendingHigh == nil else { return nil }
        scalars.append(scalar)
        continue
      }
      if escaped == "u" {
        var hex = ""
        for _ in 0..<4 { if let digit = iterator.next() { hex.unicodeScalars.append(digit) } }
        guard let code = UInt32(hex, radix: 16) else { return nil }
        if (0xD800...0xDBFF).contains(code) {
          guard pendingHigh == nil else { return nil }
          pendingHigh = code
          continue
        }
        if (0xDC00...0xDFFF).contains(code) {
          guard let high = pendingHigh, let pair = Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (code - 0xDC00))
          else { return nil }
          pendingHigh = nil
          scalars.append(pair)
          continue
        }
        guard pendingHigh == nil, let decoded = Unicode.Scalar(code) else { return nil }
        scalars.append(decoded)
      } else {
        guard pendingHigh == nil else { return nil }
        scalars.append(simpleEscapes[escaped] ?? escaped)
      }
    }
    return pendingHigh == nil ? String(scalars) : nil
  }
}

extension UInt8 {
  fileprivate var isHexDigit: Bool {
    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
      || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
  }
}
