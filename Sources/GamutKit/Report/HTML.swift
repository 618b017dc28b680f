/// Escaping for the report's HTML: text, attribute values and URLs built from file paths.
enum HTML {
  /// `text` with `&`, `<`, `>`, `"` and `'` replaced by character references, safe in text and in quoted
  /// attribute values.
  static func escape(_ text: String) -> String {
    guard text.contains(where: { "&<>\"'".contains($0) }) else { return text }
    var result = ""
    result.reserveCapacity(text.utf8.count + 16)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  /// A relative URL for a relative file path: every byte outside the unreserved characters, `@` and `/` is
  /// percent-encoded, so names with spaces, `#`, `?`, `%`, `:` or non-ASCII letters stay one path.
  static func url(forRelativePath path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"):
        result.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        result += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
      }
    }
    return result
  }

  /// An element id made of letters, digits, `-` and `_` from `text` (other characters become `_`).
  static func identifier(_ text: String) -> String {
    String(
      text.unicodeScalars.map { scalar -> Character in
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
          ? Character(scalar) : "_"
      })
  }
}
