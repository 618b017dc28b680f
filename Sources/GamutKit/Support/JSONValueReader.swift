/// The reader behind ``JSONValue/init(parsing:)``: one pass over the bytes, recursing once per level of nesting
/// (at most ``JSONValue/maxDepth``).
struct JSONValueReader {
  let bytes: [UInt8]
  var index = 0

  init(bytes: [UInt8]) {
    self.bytes = bytes
  }

  func fail(_ reason: String, at position: Int? = nil) -> JSONValue.SyntaxError {
    let end = min(position ?? index, bytes.count)
    var line = 1
    for byte in bytes[..<end] where byte == 0x0A { line += 1 }
    return JSONValue.SyntaxError(line: line, reason: reason)
  }

  mutating func document() throws(JSONValue.SyntaxError) -> JSONValue {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    let value = try self.value(depth: 0)
    skipSpace()
    guard index == bytes.count else { throw fail("more text after the JSON value") }
    return value
  }

  mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  mutating func take(_ byte: UInt8) -> Bool {
    guard index < bytes.count, bytes[index] == byte else { return false }
    index += 1
    return true
  }

  mutating func value(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
    skipSpace()
    guard index < bytes.count else { throw fail("a value was expected, the text ended") }
    switch bytes[index] {
    case UInt8(ascii: "{"): return try object(depth: depth + 1)
    case UInt8(ascii: "["): return try array(depth: depth + 1)
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .bool(true))
    case UInt8(ascii: "f"): return try literal("false", .bool(false))
    case UInt8(ascii: "n"): return try literal("null", .null)
    default: return .number(try number())
    }
  }

  mutating func literal(_ word: String, _ value: JSONValue) throws(JSONValue.SyntaxError) -> JSONValue {
    let pattern = Array(word.utf8)
    guard bytes.count - index >= pattern.count, bytes[index..<index + pattern.count].elementsEqual(pattern) else {
      throw fail("an unknown word (JSON knows true, false and null)")
    }
    index += pattern.count
    return value
  }

  mutating func object(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
    guard depth <= JSONValue.maxDepth else { throw fail("nested deeper than \(JSONValue.maxDepth) levels") }
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var seen: Set<String> = []  // String equality is canonical equivalence: NFC and NFD spellings are one key
    skipSpace()
    if take(UInt8(ascii: "}")) { return .object(members) }
    repeat {
      skipSpace()
      let keyStart = index
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
        throw fail("a key in quotes was expected (a trailing comma?)")
      }
      let key = try string()
      guard seen.insert(key).inserted else {
        throw fail(
          "the key \(QuotedValue.quote(key)) appears twice (also when equal after Unicode normalisation)",
          at: keyStart)
      }
      skipSpace()
      guard take(UInt8(ascii: ":")) else { throw fail("':' expected after a key") }
      members.append((key, try value(depth: depth)))
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "}")) else { throw fail("',' or '}' expected") }
    return .object(members)
  }

  mutating func array(depth: Int) throws(JSONValue.SyntaxError) -> JSONValue {
    guard depth <= JSONValue.maxDepth else { throw fail("nested deeper than \(JSONValue.maxDepth) levels") }
    index += 1
    var items: [JSONValue] = []
    skipSpace()
    if take(UInt8(ascii: "]")) { return .array(items) }
    repeat {
      skipSpace()
      if index < bytes.count, bytes[index] == UInt8(ascii: "]") { throw fail("a trailing comma before ']'") }
      items.append(try value(depth: depth))
      skipSpace()
    } while take(UInt8(ascii: ","))
    guard take(UInt8(ascii: "]")) else { throw fail("',' or ']' expected") }
    return .array(items)
  }

  /// A number as RFC 8259 writes it: `-`, digits without a leading zero, a fraction, an exponent.
  mutating func number() throws(JSONValue.SyntaxError) -> Double {
    let start = index
    func digits() -> Int {
      let from = index
      while index < bytes.count, (0x30...0x39).contains(bytes[index]) { index += 1 }
      return index - from
    }
    _ = take(UInt8(ascii: "-"))
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != 0x30 else {
      throw fail("a value was expected (a string, number, object, array, true, false or null)", at: start)
    }
    if take(UInt8(ascii: ".")) {
      guard digits() > 0 else { throw fail("digits expected after '.'") }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      _ = take(UInt8(ascii: "+")) || take(UInt8(ascii: "-"))
      guard digits() > 0 else { throw fail("digits expected in the exponent") }
    }
    guard let value = Double(String(decoding: bytes[start..<index], as: UTF8.self)), value.isFinite else {
      throw fail("a number out of range", at: start)
    }
    return value
  }

  mutating func string() throws(JSONValue.SyntaxError) -> String {
    let start = index
    index += 1
    var scalars = String.UnicodeScalarView()
    var runStart = index
    func flush(_ end: Int) {
      scalars.append(contentsOf: String(decoding: bytes[runStart..<end], as: UTF8.self).unicodeScalars)
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "\"") {
        flush(index)
        index += 1
        return String(scalars)
      }
      if byte < 0x20 { throw fail("a control character in a string (write it as an escape)") }
      if byte == UInt8(ascii: "\\") {
        flush(index)
        scalars.append(try escape())
        runStart = index
      } else {
        index += 1
      }
    }
    throw fail("a string is not closed", at: start)
  }

  /// The escape at `\`, taken.
  mutating func escape() throws(JSONValue.SyntaxError) -> Unicode.Scalar {
    index += 1
    guard index < bytes.count else { throw fail("a string is not closed") }
    let byte = bytes[index]
    index += 1
    switch byte {
    case UInt8(ascii: "\""): return "\""
    case UInt8(ascii: "\\"): return "\\"
    case UInt8(ascii: "/"): return "/"
    case UInt8(ascii: "b"): return "\u{8}"
    case UInt8(ascii: "f"): return "\u{C}"
    case UInt8(ascii: "n"): return "\n"
    case UInt8(ascii: "r"): return "\r"
    case UInt8(ascii: "t"): return "\t"
    case UInt8(ascii: "u"):
      let unit = try hex4()
      if (0xD800...0xDBFF).contains(unit), take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) {
        let low = try hex4()
        guard (0xDC00...0xDFFF).contains(low) else { throw fail("a \\u escape of a lone surrogate") }
        return Unicode.Scalar(0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00))!
      }
      guard let scalar = Unicode.Scalar(unit) else { throw fail("a \\u escape of a lone surrogate") }
      return scalar
    default:
      throw fail("an unknown escape in a string")
    }
  }

  mutating func hex4() throws(JSONValue.SyntaxError) -> UInt32 {
    guard bytes.count - index >= 4,
      let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16),
      bytes[index..<index + 4].allSatisfy({ $0 != UInt8(ascii: "+") && $0 != UInt8(ascii: "-") })
    else { throw fail("\\u must be followed by four hex digits") }
    index += 4
    return value
  }
}
