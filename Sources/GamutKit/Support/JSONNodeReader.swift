/// Reads JSON text (RFC 8259, with an optional UTF-8 byte order mark) into a ``JSONNode`` tree, counting lines.
///
/// The one reader of the JSON files others write: a catalog's `Contents.json`, Icon Composer's `icon.json`, design
/// tokens. (gamut's own records are read by the faster ``JSONCursor``.) Linear in the size of the text, whatever
/// it holds (a hundred thousand keys in one object cost a hundred thousand steps).
///
/// Bounded, with one set of limits: nesting deeper than ``maximumDepth`` is an error rather than a deep recursion,
/// so a small file of brackets cannot exhaust the stack; the caller bounds the size before reading the bytes, by
/// ``maximumBytes`` unless a limit of its own applies (design tokens take the color files' `--max-text-kib`).
package struct JSONNodeReader {
  /// Why the text is not JSON, and on which line.
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var reason: String

    package var description: String { "line \(line): \(reason)" }
  }

  /// The deepest nesting of arrays and objects accepted.
  package static let maximumDepth = 64
  /// The largest document read from a catalog or an Icon Composer bundle (real ones are a few kilobytes; the
  /// largest Xcode-written `Contents.json` here is 100 kB), checked against the file's size before it is read.
  package static let maximumBytes = 4 << 20

  private let bytes: [UInt8]
  private var position = 0
  private var line = 1
  private var depth = 0

  /// Reads `bytes` as one JSON value followed only by white space.
  package static func read(_ bytes: [UInt8]) throws(Failure) -> JSONNode {
    var reader = JSONNodeReader(bytes: bytes)
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.position = 3 }
    let node = try reader.readValue()
    reader.skipWhiteSpace()
    guard reader.position == bytes.count else { throw reader.failure("text after the end of the document") }
    return node
  }

  private init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  private var next: UInt8? { position < bytes.count ? bytes[position] : nil }

  private func failure(_ reason: String) -> Failure {
    Failure(line: line, reason: reason)
  }

  private mutating func skipWhiteSpace() {
    while let byte = next, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      if byte == 0x0A { line += 1 }
      position += 1
    }
  }

  private mutating func take(_ byte: UInt8) -> Bool {
    skipWhiteSpace()
    guard next == byte else { return false }
    position += 1
    return true
  }

  private mutating func readValue() throws(Failure) -> JSONNode {
    skipWhiteSpace()
    let start = line
    switch next {
    case UInt8(ascii: "{"): return JSONNode(.object(try readObject()), line: start)
    case UInt8(ascii: "["): return JSONNode(.array(try readArray()), line: start)
    case UInt8(ascii: "\""): return JSONNode(.string(try readString()), line: start)
    case UInt8(ascii: "t"): return JSONNode(.bool(try readLiteral("true", true)), line: start)
    case UInt8(ascii: "f"): return JSONNode(.bool(try readLiteral("false", false)), line: start)
    case UInt8(ascii: "n"):
      _ = try readLiteral("null", true)
      return JSONNode(.null, line: start)
    case nil: throw failure("the document ends where a value should be")
    default: return JSONNode(.number(try readNumber()), line: start)
    }
  }

  private mutating func enter() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else { throw failure("nested more than \(Self.maximumDepth) levels deep") }
  }

  private mutating func readObject() throws(Failure) -> [JSONNode.Member] {
    try enter()
    defer { depth -= 1 }
    position += 1
    var members: [JSONNode.Member] = []
    if take(UInt8(ascii: "}")) { return members }
    repeat {
      skipWhiteSpace()
      let keyLine = line
      guard next == UInt8(ascii: "\"") else { throw failure("expected a key in quotes") }
      let key = try readString()
      guard take(UInt8(ascii: ":")) else { throw failure("expected ':' after the key \"\(key)\"") }
      members.append(JSONNode.Member(key: key, line: keyLine, value: try readValue()))
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { throw failure("expected ',' or '}' in an object") }
    return members
  }

  private mutating func readArray() throws(Failure) -> [JSONNode] {
    try enter()
    defer { depth -= 1 }
    position += 1
    var elements: [JSONNode] = []
    if take(UInt8(ascii: "]")) { return elements }
    repeat {
      elements.append(try readValue())
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "]")) else { throw failure("expected ',' or ']' in an array") }
    return elements
  }

  private mutating func readLiteral(_ literal: String, _ value: Bool) throws(Failure) -> Bool {
    let expected = Array(literal.utf8)
    guard bytes.count - position >= expected.count,
      bytes[position..<(position + expected.count)].elementsEqual(expected)
    else { throw failure("unexpected character") }
    position += expected.count
    return value
  }

  /// A number in JSON's grammar, returned as written.
  private mutating func readNumber() throws(Failure) -> String {
    let start = position
    if next == UInt8(ascii: "-") { position += 1 }
    guard let first = next, isDigit(first) else { throw failure("unexpected character") }
    if first == UInt8(ascii: "0") { position += 1 } else { try skipDigits() }
    if next == UInt8(ascii: ".") {
      position += 1
      try skipDigits()
    }
    if next == UInt8(ascii: "e") || next == UInt8(ascii: "E") {
      position += 1
      if next == UInt8(ascii: "+") || next == UInt8(ascii: "-") { position += 1 }
      try skipDigits()
    }
    return String(decoding: bytes[start..<position], as: UTF8.self)
  }

  private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

  private mutating func skipDigits() throws(Failure) {
    guard let byte = next, isDigit(byte) else { throw failure("a number without digits") }
    while let byte = next, isDigit(byte) { position += 1 }
  }

  /// A string, unescaped; the opening quote is next.
  private mutating func readString() throws(Failure) -> String {
    position += 1
    var text: [UInt8] = []
    while let byte = next {
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        guard let string = String(validating: text, as: UTF8.self) else { throw failure("a string that is not UTF-8") }
        return string
      case UInt8(ascii: "\\"): try readEscape(into: &text)
      case ..<0x20: throw failure("a control character inside a string")
      default: text.append(byte)
      }
    }
    throw failure("a string that does not end")
  }

  private mutating func readEscape(into text: inout [UInt8]) throws(Failure) {
    guard let escaped = next else { throw failure("a string that does not end") }
    position += 1
    switch escaped {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escaped)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try readHex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard next == UInt8(ascii: "\\"), position + 1 < bytes.count, bytes[position + 1] == UInt8(ascii: "u") else {
          throw failure("a lone surrogate escape")
        }
        position += 2
        let low = try readHex4()
        guard (0xDC00..<0xE000).contains(low) else { throw failure("a lone surrogate escape") }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      }
      guard let value = Unicode.Scalar(scalar) else { throw failure("a lone surrogate escape") }
      text += Array(String(Character(value)).utf8)
    default: throw failure("an unknown escape '\\\(Character(Unicode.Scalar(escaped)))'")
    }
  }

  private mutating func readHex4() throws(Failure) -> UInt32 {
    guard bytes.count - position >= 4 else { throw failure("a short \\u escape") }
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let digit = hexValue(bytes[position]) else { throw failure("a \\u escape that is not hexadecimal") }
      value = value << 4 | digit
      position += 1
    }
    return value
  }

  private func hexValue(_ byte: UInt8) -> UInt32? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
    case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
    case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
    default: nil
    }
  }
}
