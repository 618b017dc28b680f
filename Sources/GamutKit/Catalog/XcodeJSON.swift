/// A JSON value written exactly the way Xcode writes asset-catalog `Contents.json` files.
///
/// Xcode's format: two-space indentation, `"key" : value` with a space on both sides of the colon, object keys in
/// ascending order, one element per line, and a trailing newline. `JSONEncoder` cannot match it on every
/// platform (its sorted-keys order differs between Linux and Darwin), so this small writer owns the format; the
/// files gamut writes from its own types go through it too (``XcodeJSONEncoder``), pretty or compact.
package indirect enum XcodeJSON: Sendable, Equatable {
  case string(String)
  case integer(Int)
  /// A number as its JSON text, for example `0.25` or `1e-05`.
  case number(String)
  case bool(Bool)
  case null
  case array([XcodeJSON])
  case object([String: XcodeJSON])

  /// The document text, ending with a newline.
  package func rendered() -> String {
    String(decoding: renderedBytes(), as: UTF8.self)
  }

  /// The document on one line, without spaces or a trailing newline (the form of JSON lines).
  package func renderedCompact() -> String {
    String(decoding: renderedCompactBytes(), as: UTF8.self)
  }

  /// ``rendered()`` as UTF-8 bytes, as files take them.
  package func renderedBytes() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    write(to: &out, indent: 0)
    out.append(Self.newline)
    return out
  }

  /// ``renderedCompact()`` as UTF-8 bytes.
  package func renderedCompactBytes() -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(256)
    writeCompact(to: &out)
    return out
  }

  private static let newline = UInt8(ascii: "\n")
  private static let space = UInt8(ascii: " ")

  private func write(to out: inout [UInt8], indent: Int) {
    switch self {
    case .string, .integer, .number, .bool, .null:
      writeScalar(to: &out)
    case .array(let elements):
      guard !elements.isEmpty else {
        out += [UInt8(ascii: "["), Self.newline, Self.newline]
        Self.indent(indent, &out)
        out.append(UInt8(ascii: "]"))
        return
      }
      out += [UInt8(ascii: "["), Self.newline]
      for (index, element) in elements.enumerated() {
        Self.indent(indent + 2, &out)
        element.write(to: &out, indent: indent + 2)
        if index < elements.count - 1 { out.append(UInt8(ascii: ",")) }
        out.append(Self.newline)
      }
      Self.indent(indent, &out)
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      guard !members.isEmpty else {
        out += [UInt8(ascii: "{"), Self.newline, Self.newline]
        Self.indent(indent, &out)
        out.append(UInt8(ascii: "}"))
        return
      }
      out += [UInt8(ascii: "{"), Self.newline]
      let keys = Self.sortedKeys(members)
      for (index, key) in keys.enumerated() {
        Self.indent(indent + 2, &out)
        Self.writeString(key, to: &out)
        out += [Self.space, UInt8(ascii: ":"), Self.space]
        members[key]!.write(to: &out, indent: indent + 2)
        if index < keys.count - 1 { out.append(UInt8(ascii: ",")) }
        out.append(Self.newline)
      }
      Self.indent(indent, &out)
      out.append(UInt8(ascii: "}"))
    }
  }

  private func writeCompact(to out: inout [UInt8]) {
    switch self {
    case .string, .integer, .number, .bool, .null:
      writeScalar(to: &out)
    case .array(let elements):
      out.append(UInt8(ascii: "["))
      for (index, element) in elements.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        element.writeCompact(to: &out)
      }
      out.append(UInt8(ascii: "]"))
    case .object(let members):
      out.append(UInt8(ascii: "{"))
      for (index, key) in Self.sortedKeys(members).enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        Self.writeString(key, to: &out)
        out.append(UInt8(ascii: ":"))
        members[key]!.writeCompact(to: &out)
      }
      out.append(UInt8(ascii: "}"))
    }
  }

  private func writeScalar(to out: inout [UInt8]) {
    switch self {
    case .string(let value): Self.writeString(value, to: &out)
    case .integer(let value): out += String(value).utf8
    case .number(let text): out += text.utf8
    case .bool(let value): out += (value ? "true" : "false").utf8
    case .null: out += "null".utf8
    case .array, .object: break
    }
  }

  /// Keys in ascending order of their UTF-8 bytes, the same on every platform.
  private static func sortedKeys(_ members: [String: XcodeJSON]) -> [String] {
    members.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
  }

  private static func indent(_ count: Int, _ out: inout [UInt8]) {
    out.append(contentsOf: repeatElement(space, count: count))
  }

  /// `value` as a JSON string: quotes, backslashes and control characters escaped, runs of other bytes copied whole.
  private static func writeString(_ value: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    var value = value
    value.withUTF8 { bytes in
      var runStart = 0
      for (index, byte) in bytes.enumerated()
      where byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") {
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        runStart = index + 1
        switch byte {
        case UInt8(ascii: "\""): out += #"\""#.utf8
        case UInt8(ascii: "\\"): out += #"\\"#.utf8
        case 0x0A: out += #"\n"#.utf8
        case 0x0D: out += #"\r"#.utf8
        case 0x09: out += #"\t"#.utf8
        case 0x08: out += #"\b"#.utf8
        case 0x0C: out += #"\f"#.utf8
        default:
          let hex = String(byte, radix: 16)
          out += ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8
        }
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }
    out.append(UInt8(ascii: "\""))
  }
}
