/// A forward reader of the JSON that gamut writes itself (compact, no white space), for reading a few fields out of
/// many records quickly: `JSONDecoder` builds a key table for every object it visits, which made reading back a
/// large build state slower than the build's own checks. Anything it does not expect makes a read return nil,
/// and the caller falls back to `JSONDecoder`.
///
/// It reads strings (with every JSON escape), integers, and skips any value, checking bounds at every byte.
struct JSONCursor {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The index of the next byte.
  private(set) var position: Int

  /// A cursor at the start of `bytes`.
  init(_ bytes: UnsafeBufferPointer<UInt8>) {
    self.bytes = bytes
    position = 0
  }

  /// Whether every byte was read.
  var isAtEnd: Bool { position == bytes.count }

  /// The next byte, without taking it.
  var next: UInt8? { position < bytes.count ? bytes[position] : nil }

  /// Takes `byte` if it is next; whether it was.
  mutating func take(_ byte: UInt8) -> Bool {
    guard next == byte else { return false }
    position += 1
    return true
  }

  /// Reads the members of an object, calling `member` with each key; `member` reads or skips the value and
  /// returns false to stop. Whether the object was read to its end.
  mutating func readObject(_ member: (String, inout JSONCursor) -> Bool) -> Bool {
    guard take(UInt8(ascii: "{")) else { return false }
    if take(UInt8(ascii: "}")) { return true }
    repeat {
      guard let key = readString(), take(UInt8(ascii: ":")), member(key, &self) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "}"))
  }

  /// Reads the elements of an array, calling `element` for each; it reads or skips the element and returns false
  /// to stop. Whether the array was read to its end.
  mutating func readArray(_ element: (inout JSONCursor) -> Bool) -> Bool {
    guard take(UInt8(ascii: "[")) else { return false }
    if take(UInt8(ascii: "]")) { return true }
    repeat {
      guard element(&self) else { return false }
    } while take(UInt8(ascii: ","))
    return take(UInt8(ascii: "]"))
  }

  /// Reads a string value, unescaping it; nil when the next value is not a well-formed string.
  mutating func readString() -> String? {
    guard take(UInt8(ascii: "\"")) else { return nil }
    let start = position
    // Most strings have no escape: they are taken as they are.
    var nonASCII: UInt8 = 0
    while position < bytes.count, bytes[position] != UInt8(ascii: "\""), bytes[position] != UInt8(ascii: "\\") {
      guard bytes[position] >= 0x20 else { return nil }
      nonASCII |= bytes[position] & 0x80
      position += 1
    }
    guard position < bytes.count else { return nil }
    if bytes[position] == UInt8(ascii: "\"") {
      position += 1
      let raw = UnsafeBufferPointer(rebasing: bytes[start..<(position - 1)])
      // ASCII is valid UTF-8 as it is: copied without the validation (most keys, names and hashes).
      guard nonASCII == 0 else { return String(validating: raw, as: UTF8.self) }
      return String(unsafeUninitializedCapacity: raw.count) { $0.initialize(fromContentsOf: raw) }
    }
    var unescaped = Array(bytes[start..<position])
    while position < bytes.count {
      let byte = bytes[position]
      position += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(validating: unescaped, as: UTF8.self)
      case UInt8(ascii: "\\"):
        guard position < bytes.count else { return nil }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): unescaped.append(escaped)
        case UInt8(ascii: "b"): unescaped.append(0x08)
        case UInt8(ascii: "f"): unescaped.append(0x0C)
        case UInt8(ascii: "n"): unescaped.append(0x0A)
        case UInt8(ascii: "r"): unescaped.append(0x0D)
        case UInt8(ascii: "t"): unescaped.append(0x09)
        case UInt8(ascii: "u"):
          guard var scalar = readHex4() else { return nil }
          if (0xD800..<0xDC00).contains(scalar) {
            // A high surrogate: its low surrogate follows as another escape.
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")), let low = readHex4(),
              (0xDC00..<0xE000).contains(low)
            else { return nil }
            scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let value = Unicode.Scalar(scalar) else { return nil }
          unescaped += Array(String(Character(value)).utf8)
        default: return nil
        }
      default:
        guard byte >= 0x20 else { return nil }
        unescaped.append(byte)
      }
    }
    return nil
  }

  /// Reads a string value into `value`; whether there was one.
  mutating func readString(into value: inout String?) -> Bool {
    value = readString()
    return value != nil
  }

  /// Reads an integer value into `value`; whether there was one.
  mutating func readInt(into value: inout Int?) -> Bool {
    value = readInt()
    return value != nil
  }

  /// Reads an integer value (an optional minus and decimal digits, no fraction or exponent).
  mutating func readInt() -> Int? {
    let negative = take(UInt8(ascii: "-"))
    var value = 0
    var digits = 0
    while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
      let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
      let (sum, overflowSum) = times.addingReportingOverflow(Int(byte - UInt8(ascii: "0")))
      guard !overflowTimes && !overflowSum else { return nil }
      value = sum
      digits += 1
      position += 1
    }
    let leadingZero = digits > 1 && bytes[position - digits] == UInt8(ascii: "0")
    guard digits > 0, !leadingZero, next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E")
    else {
      return nil
    }
    return negative ? -value : value
  }

  /// Skips one value of any kind; whether it was well-formed: strings with valid escapes and no control
  /// characters, numbers in JSON's grammar, the three literals, and containers of those.
  mutating func skipValue() -> Bool {
    switch next {
    case UInt8(ascii: "\""):
      position += 1
      while position < bytes.count {
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return true
        case UInt8(ascii: "\\"):
          guard let escaped = next else { return false }
          position += 1
          if escaped == UInt8(ascii: "u") {
            guard readHex4() != nil else { return false }
          } else if !Array("\"\\/bfnrt".utf8).contains(escaped) {
            return false
          }
        case ..<0x20: return false
        default: break
        }
      }
      return false
    case UInt8(ascii: "{"):
      return readObject { _, cursor in cursor.skipValue() }
    case UInt8(ascii: "["):
      return readArray { $0.skipValue() }
    case UInt8(ascii: "t"): return take(literal: "true")
    case UInt8(ascii: "f"): return take(literal: "false")
    case UInt8(ascii: "n"): return take(literal: "null")
    case .some: return skipNumber()
    case nil: return false
    }
  }

  /// Takes the bytes of `literal` if they come next.
  private mutating func take(literal: StaticString) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard position + count <= bytes.count,
      UnsafeBufferPointer(start: literal.utf8Start, count: count).elementsEqual(bytes[position..<(position + count)])
    else { return false }
    position += count
    return true
  }

  /// Skips a number: `-`, then `0` or digits not starting with 0, then a fraction and an exponent, each optional.
  private mutating func skipNumber() -> Bool {
    _ = take(UInt8(ascii: "-"))
    guard skipDigits(allowingLeadingZero: false) else { return false }
    if take(UInt8(ascii: ".")) {
      guard skipDigits(allowingLeadingZero: true) else { return false }
    }
    if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
      if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
      guard skipDigits(allowingLeadingZero: true) else { return false }
    }
    return true
  }

  /// Skips one or more digits; without `allowingLeadingZero`, a 0 stands alone.
  private mutating func skipDigits(allowingLeadingZero: Bool) -> Bool {
    let start = position
    while let byte = next, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { position += 1 }
    guard position > start else { return false }
    return allowingLeadingZero || bytes[start] != UInt8(ascii: "0") || position == start + 1
  }

  /// The next value's bytes, skipped; nil when it is not well-formed.
  mutating func valueBytes() -> UnsafeBufferPointer<UInt8>? {
    let start = position
    guard skipValue() else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[start..<position])
  }

  /// Four hexadecimal digits of a `\u` escape.
  private mutating func readHex4() -> UInt32? {
    guard position + 4 <= bytes.count else { return nil }
    var value: UInt32 = 0
    for _ in 0..<4 {
      let byte = bytes[position]
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: return nil
      }
      value = value << 4 | UInt32(digit)
      position += 1
    }
    return value
  }
}
