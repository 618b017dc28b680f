/// When two `Contents.json` files mean the same to Xcode: the one definition `gamut import`'s check applies
/// (docs/import.md, "Equivalence"). Everything else in the check (file names, file bytes) is compared exactly.
///
/// Two files are equivalent when they hold the same JSON values, whatever:
/// - the key order, indentation, spacing, line ends and string escapes;
/// - the spelling of a number (`1`, `1.0`, `1e0`: compared as exact decimals, never as floating point);
/// - the spelling of a color component `red`, `green` or `blue`: the 8-bit forms `"0x7A"` and `"122"` stand for
///   122/255, which Xcode writes with three decimals as `"0.478"`; a decimal with more than three decimals equals
///   only the same decimal;
/// - a folder's missing `Contents.json`, which is the same as Xcode's default one, `info` only; a folder without
///   one that holds no entry at all, which compiles to nothing, is the same as no folder.
///
/// Anything else is a difference: a key present on one side only, a key written twice (which value Xcode takes is
/// not known), a value of another type, another string (compared by its bytes, so NFC and NFD differ), another
/// number, array elements in another order or count.
enum CatalogEquivalence {
  /// The verdict on two files or entries.
  enum Verdict: Sendable, Equatable {
    /// The same bytes.
    case identical
    /// Different bytes, the same meaning; says which spellings differ.
    case equivalent(String)
    /// A difference in meaning, described.
    case differs(String)
  }

  /// What two equivalent files may differ in, in the order the table names them.
  enum Spelling: String, Sendable, CaseIterable {
    case formatting = "key order or formatting of an older Xcode"
    case number = "number spelling"
    case component = "color components in another spelling"
    case defaultContents = "one side has no Contents.json, the same as Xcode's default one"
    case emptyFolder = "a folder without Contents.json or entries, which the build does not write"
  }

  /// The `Contents.json` Xcode assumes for a folder without one, and writes for a new folder.
  static let defaultFolderContents = Array(
    "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n".utf8)

  /// Compares two `Contents.json` files; nil stands for a folder's missing file (never for a set's: a set without
  /// one is not rebuilt).
  static func contents(_ original: [UInt8]?, _ rebuilt: [UInt8]?) -> Verdict {
    switch (original, rebuilt) {
    case (nil, nil): return .identical
    case (nil, let rebuilt?):
      if case .differs(let how) = contents(defaultFolderContents, rebuilt) {
        return .differs("the original has no Contents.json (Xcode's default one); " + how)
      }
      return .equivalent(Spelling.defaultContents.rawValue)
    case (let original?, nil):
      if case .differs(let how) = contents(original, defaultFolderContents) {
        return .differs("the rebuild has no Contents.json (Xcode's default one); " + how)
      }
      return .equivalent(Spelling.defaultContents.rawValue)
    case (let original?, let rebuilt?):
      if original == rebuilt { return .identical }
      guard let left = try? JSONNodeReader.read(original) else { return .differs("the original is not JSON") }
      guard let right = try? JSONNodeReader.read(rebuilt) else { return .differs("the rebuild is not JSON") }
      var comparison = Comparison()
      if let difference = comparison.difference(left, right, at: []) { return .differs(difference) }
      // Bytes that differ with no value spelled otherwise and no key order changed: indentation, spacing, escapes.
      if comparison.spellings.isEmpty { comparison.spellings.insert(.formatting) }
      let spellings = Spelling.allCases.filter(comparison.spellings.contains).map(\.rawValue)
      return .equivalent(spellings.joined(separator: ", "))
    }
  }

  /// Walks two JSON values side by side, noting the spellings that differ and stopping at the first difference in
  /// meaning. The reader bounds nesting, so the recursion is bounded too.
  private struct Comparison {
    var spellings: Set<Spelling> = []

    mutating func difference(_ left: JSONNode, _ right: JSONNode, at path: [String]) -> String? {
      switch (left.value, right.value) {
      case (.object(let a), .object(let b)): return objectDifference(a, b, at: path)
      case (.array(let a), .array(let b)):
        guard a.count == b.count else {
          return "\(Self.name(path)) has \(a.count) elements in the original, \(b.count) in the rebuild"
        }
        for index in a.indices {
          if let found = difference(a[index], b[index], at: path + ["[\(index)]"]) { return found }
        }
        return nil
      case (.string(let a), .string(let b)):
        if a.utf8.elementsEqual(b.utf8) { return nil }
        if path.count >= 3, path[path.count - 3] == "color", path[path.count - 2] == "components",
          ["red", "green", "blue"].contains(path[path.count - 1]), CatalogEquivalence.sameComponent(a, b)
        {
          spellings.insert(.component)
          return nil
        }
        if path.count >= 3, path[path.count - 2] == "components", CatalogEquivalence.sameDecimal(a, b) {
          spellings.insert(.number)
          return nil
        }
        return "\(Self.name(path)) is \(QuotedValue.quote(a)) in the original, \(QuotedValue.quote(b)) in the rebuild"
      case (.number(let a), .number(let b)):
        if a == b { return nil }
        guard let canonical = CatalogEquivalence.canonicalDecimal(a),
          canonical == CatalogEquivalence.canonicalDecimal(b)
        else {
          return "\(Self.name(path)) is \(QuotedValue.quote(a)) in the original, \(QuotedValue.quote(b)) in the rebuild"
        }
        spellings.insert(.number)
        return nil
      case (.bool(let a), .bool(let b)) where a == b: return nil
      case (.null, .null): return nil
      default:
        return "\(Self.name(path)) is \(left.kindName) in the original, \(right.kindName) in the rebuild"
      }
    }

    private mutating func objectDifference(
      _ left: [JSONNode.Member], _ right: [JSONNode.Member], at path: [String]
    ) -> String? {
      let leftKeys = left.map { Array($0.key.utf8) }
      let rightKeys = right.map { Array($0.key.utf8) }
      for (keys, side) in [(leftKeys, "original"), (rightKeys, "rebuild")] where Set(keys).count != keys.count {
        return "\(Self.name(path)) repeats a key in the \(side) (which value Xcode takes is not known)"
      }
      if leftKeys != rightKeys && Set(leftKeys) == Set(rightKeys) { spellings.insert(.formatting) }
      let rightByKey = Dictionary(uniqueKeysWithValues: zip(rightKeys, right))
      for (key, member) in zip(leftKeys, left) {
        guard let other = rightByKey[key] else {
          return "\(Self.name(path + [member.key])) is not in the rebuild"
        }
        if let found = difference(member.value, other.value, at: path + [member.key]) { return found }
      }
      let leftSet = Set(leftKeys)
      if let extra = zip(rightKeys, right).first(where: { !leftSet.contains($0.0) }) {
        return "\(Self.name(path + [extra.1.key])) is only in the rebuild"
      }
      return nil
    }

    /// `colors[0].color.components.red`, for messages.
    private static func name(_ path: [String]) -> String {
      guard !path.isEmpty else { return "the document" }
      var text = ""
      for part in path {
        if part.hasPrefix("[") { text += part } else { text += (text.isEmpty ? "" : ".") + QuotedValue.shortened(part) }
      }
      return "'" + text + "'"
    }
  }

  /// Whether two spellings of a `red`, `green` or `blue` component are the same color: two 8-bit codes (`"0x7A"`,
  /// `"122"`) when equal; two decimals when equal as decimals; a code and a decimal when the decimal has at most
  /// three decimals and is the code divided by 255, rounded to three decimals (Xcode's own float spelling of it).
  static func sameComponent(_ first: String, _ second: String) -> Bool {
    switch (eightBitCode(first), eightBitCode(second)) {
    case (let a?, let b?): return a == b
    case (let code?, nil): return decimalMilli(second) == milli(ofCode: code)
    case (nil, let code?): return decimalMilli(first) == milli(ofCode: code)
    case (nil, nil): return sameDecimal(first, second)
    }
  }

  /// Whether two texts are decimals (`0.500`, `.5` is not one) of equal value.
  static func sameDecimal(_ first: String, _ second: String) -> Bool {
    guard isDecimalText(first), isDecimalText(second), let canonical = canonicalDecimal(first) else { return false }
    return canonical == canonicalDecimal(second)
  }

  /// The 8-bit code an Xcode component spells: `0x` and one or two hex digits, or a decimal integer 0...255 with no
  /// point (Xcode's "8-bit" input method). Nil for anything else, decimals included.
  static func eightBitCode(_ text: String) -> Int? {
    let bytes = Array(text.utf8)
    if bytes.count >= 3, bytes.count <= 4, bytes[0] == UInt8(ascii: "0"), bytes[1] | 0x20 == UInt8(ascii: "x") {
      return Int(String(decoding: bytes[2...], as: UTF8.self), radix: 16).flatMap { (0...255).contains($0) ? $0 : nil }
    }
    guard (1...3).contains(bytes.count), bytes.allSatisfy({ (48...57).contains($0) }), let value = Int(text) else {
      return nil
    }
    return value <= 255 ? value : nil
  }

  /// `code / 255` in thousandths, rounded to the nearest (no code falls on a half).
  static func milli(ofCode code: Int) -> Int { (code * 2000 + 255) / 510 }

  /// A decimal text's value in thousandths, when it is a whole number of them (at most three decimals once
  /// trailing zeros go) and no more than 1000.
  static func decimalMilli(_ text: String) -> Int? {
    guard isDecimalText(text), let canonical = canonicalDecimal(text) else { return nil }
    guard !canonical.negative else { return canonical.digits == "0" ? 0 : nil }
    let shift = canonical.exponent + 3
    guard shift >= 0, canonical.digits.count + shift <= 4 else { return nil }
    guard let value = Int(canonical.digits + String(repeating: "0", count: shift)), value <= 1000 else { return nil }
    return value
  }

  /// Digits, a point, digits, with an optional minus sign: the decimal spelling Xcode writes components in.
  private static func isDecimalText(_ text: String) -> Bool {
    let body = text.hasPrefix("-") ? text.dropFirst() : Substring(text)
    let parts = body.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 2 && parts.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } }
  }

  /// A number's exact value: its significant digits without leading or trailing zeros, the power of ten they are
  /// multiplied by, and the sign (zero is never negative).
  struct Decimal: Equatable {
    var negative: Bool
    var digits: String
    var exponent: Int
  }

  /// The exact value of a JSON number text (`-12.50e+2`); nil when the text is not one, or its exponent is out of
  /// reach (more than 15 digits).
  static func canonicalDecimal(_ text: String) -> Decimal? {
    var rest = Substring(text)
    let negative = rest.hasPrefix("-")
    if negative { rest = rest.dropFirst() }
    var exponent = 0
    if let mark = rest.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      var power = rest[rest.index(after: mark)...]
      let minus = power.hasPrefix("-")
      if power.hasPrefix("-") || power.hasPrefix("+") { power = power.dropFirst() }
      guard (1...15).contains(power.count), power.utf8.allSatisfy({ (48...57).contains($0) }), let value = Int(power)
      else { return nil }
      exponent = minus ? -value : value
      rest = rest[..<mark]
    }
    let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.utf8.allSatisfy { (48...57).contains($0) } })
    else { return nil }
    var digits = Substring(parts[0] + (parts.count == 2 ? parts[1] : ""))
    exponent -= parts.count == 2 ? parts[1].count : 0
    while digits.count > 1, digits.first == "0" { digits = digits.dropFirst() }
    while digits.count > 1, digits.last == "0" {
      digits = digits.dropLast()
      exponent += 1
    }
    if digits == "0" { return Decimal(negative: false, digits: "0", exponent: 0) }
    return Decimal(negative: negative, digits: String(digits), exponent: exponent)
  }
}
