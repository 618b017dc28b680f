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
    var out = ""
    write(to: &out, indent: 0)
    out += "\n"
    return out
  }

  /// The document on one line, without spaces or a trailing newline (the form of JSON lines).
  package func renderedCompact() -> String {
    var out = ""
    writeCompact(to: &out)
    return out
  }

  private func write(to out: inout String, indent: Int) {
    switch self {
    case .string, .integer, .number, .bool, .null:
      writeScalar(to: &out)
    case .array(let elements):
      guard !elements.isEmpty else {
        out += "[\n\n" + Self.spaces(indent) + "]"
        return
      }
      out += "[\n"
      for (index, element) in elements.enumerated() {
        out += Self.spaces(indent + 2)
        element.write(to: &out, indent: indent + 2)
        out += index == elements.count - 1 ? "\n" : ",\n"
      }
      out += Self.spaces(indent) + "]"
    case .object(let members):
      guard !members.isEmpty else {
        out += "{\n\n" + Self.spaces(indent) + "}"
        return
      }
      out += "{\n"
      let keys = Self.sortedKeys(members)
      for (index, key) in keys.enumerated() {
        out += Self.spaces(indent + 2)
        Self.writeString(key, to: &out)
        out += " : "
        members[key]!.write(to: &out, indent: indent + 2)
        out += index == keys.count - 1 ? "\n" : ",\n"
      }
      out += Self.spaces(indent) + "}"
    }
  }

  private func writeCompact(to out: inout String) {
    switch self {
    case .string, .integer, .number, .bool, .null:
      writeScalar(to: &out)
    case .array(let elements):
      out += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { out += "," }
        element.writeCompact(to: &out)
      }
      out += "]"
    case .object(let members):
      out += "{"
      for (index, key) in Self.sortedKeys(members).enumerated() {
        if index > 0 { out += "," }
        Self.writeString(key, to: &out)
        out += ":"
        members[key]!.writeCompact(to: &out)
      }
      out += "}"
    }
  }

  private func writeScalar(to out: inout String) {
    switch self {
    case .string(let value): Self.writeString(value, to: &out)
    case .integer(let value): out += String(value)
    case .number(let text): out += text
    case .bool(let value): out += value ? "true" : "false"
    case .null: out += "null"
    case .array, .object: break
    }
  }

  /// Keys in ascending order of their UTF-8 bytes, the same on every platform.
  private static func sortedKeys(_ members: [String: XcodeJSON]) -> [String] {
    members.keys.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
  }

  private static func spaces(_ count: Int) -> String {
    String(repeating: " ", count: count)
  }

  private static func writeString(_ value: String, to out: inout String) {
    out += "\""
    for scalar in value.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case "\u{8}": out += "\\b"
      case "\u{C}": out += "\\f"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
