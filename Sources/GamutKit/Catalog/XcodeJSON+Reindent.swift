extension XcodeJSON {
  /// The pretty form (``renderedBytes()``, without its final newline) of a document given in compact form
  /// (``renderedCompactBytes()``), as if it were nested `indent` spaces deep: the same bytes as rendering the
  /// document again, made by re-spacing the compact text instead of decoding and encoding it. Strings, numbers
  /// and literals are copied; only the spacing between tokens changes.
  package static func reindented(compact: ArraySlice<UInt8>, indent: Int) -> [UInt8] {
    var out: [UInt8] = []
    out.reserveCapacity(compact.count * 2)
    var depth = indent
    func newline(_ spaces: Int) {
      out.append(UInt8(ascii: "\n"))
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
    }
    compact.withUnsafeBufferPointer { bytes in
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
          let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
          out.append(byte)
          if index + 1 < bytes.count && bytes[index + 1] == close {
            // An empty container: an empty line between the brackets.
            out.append(UInt8(ascii: "\n"))
            newline(depth)
            out.append(close)
            index += 2
            continue
          }
          depth += 2
          newline(depth)
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
          depth -= 2
          newline(depth)
          out.append(byte)
        case UInt8(ascii: ","):
          out.append(byte)
          newline(depth)
        case UInt8(ascii: ":"):
          out += [UInt8(ascii: " "), byte, UInt8(ascii: " ")]
        case UInt8(ascii: "\""):
          // A string, copied through its closing quote; a backslash escapes the byte after it.
          let start = index
          index += 1
          while index < bytes.count && bytes[index] != UInt8(ascii: "\"") {
            index += bytes[index] == UInt8(ascii: "\\") ? 2 : 1
          }
          out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<min(index + 1, bytes.count)]))
        default:
          out.append(byte)
        }
        index += 1
      }
    }
    return out
  }
}
