/// A JSON value read losslessly for files people edit: object members keep their order, numbers keep their
/// written form, and every value knows the 1-based line it starts on, so a finding can point at it.
///
/// `JSONSerialization` and `JSONDecoder` lose all three; ``JSONNodeReader`` reads this form.
package struct JSONNode: Sendable, Equatable {
  /// One member of an object: its key, the line the key is on, and its value.
  package struct Member: Sendable, Equatable {
    package var key: String
    package var line: Int
    package var value: JSONNode

    package init(key: String, line: Int, value: JSONNode) {
      self.key = key
      self.line = line
      self.value = value
    }
  }

  /// What the value is.
  package enum Value: Sendable, Equatable {
    /// An object's members in the order written (a repeated key is kept twice).
    case object([Member])
    case array([JSONNode])
    case string(String)
    /// A number as written (`1`, `0.500`, `-2e3`).
    case number(String)
    case bool(Bool)
    case null
  }

  package var value: Value
  /// The 1-based line the value starts on.
  package var line: Int

  package init(_ value: Value, line: Int) {
    self.value = value
    self.line = line
  }

  /// The members of an object, or nil for any other value.
  package var members: [Member]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// The elements of an array, or nil for any other value.
  package var elements: [JSONNode]? {
    if case .array(let elements) = value { return elements }
    return nil
  }

  /// The text of a string, or nil for any other value.
  package var string: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  /// The value of a number, or nil for any other value and for a number beyond a 64-bit float (`1e400`, a
  /// 400-digit literal), which no reader may take as infinity.
  package var number: Double? {
    if case .number(let text) = value, let number = Double(text), number.isFinite { return number }
    return nil
  }

  /// What a value is, without its content.
  package enum Kind: Sendable, Equatable {
    case object, array, string, number, bool, null
  }

  /// What the value is.
  package var kind: Kind {
    switch value {
    case .object: .object
    case .array: .array
    case .string: .string
    case .number: .number
    case .bool: .bool
    case .null: .null
    }
  }

  /// The elements of an array or the values of an object's members, in order; none for anything else.
  package var children: [JSONNode] {
    switch value {
    case .array(let elements): elements
    case .object(let members): members.map(\.value)
    default: []
    }
  }

  /// The value of a boolean, or nil for any other value.
  package var bool: Bool? {
    if case .bool(let flag) = value { return flag }
    return nil
  }

  /// The first member named `key` of an object.
  package subscript(key: String) -> JSONNode? {
    members?.first { $0.key == key }?.value
  }

  /// A member whose key an earlier member of the same object already has, each object checked before the objects
  /// inside it; keys equal after Unicode normalisation count as the same (Swift compares strings by canonical
  /// equivalence). Nil when no object repeats a key. Walks the tree with a stack, not recursion.
  package func firstRepeatedKey() -> Member? {
    var pending = [self]
    while let node = pending.popLast() {
      switch node.value {
      case .object(let members):
        var seen = Set<String>()
        if let repeated = members.first(where: { !seen.insert($0.key).inserted }) { return repeated }
        pending += members.reversed().map(\.value)
      case .array(let elements):
        pending += elements.reversed()
      default:
        break
      }
    }
    return nil
  }

  /// The value as compact JSON: no white space outside strings, numbers as written (or, with `numbersAsValues`,
  /// as their value, so that `0.5` and `0.50000` compare equal), strings with only the escapes JSON requires. Two
  /// values written alike, whatever their layout, have the same text. Nesting is bounded by the reader.
  package func compactText(numbersAsValues: Bool = false) -> String {
    var text = ""
    appendCompact(to: &text, numbersAsValues: numbersAsValues)
    return text
  }

  private func appendCompact(to text: inout String, numbersAsValues: Bool) {
    switch value {
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        Self.appendQuoted(member.key, to: &text)
        text += ":"
        member.value.appendCompact(to: &text, numbersAsValues: numbersAsValues)
      }
      text += "}"
    case .array(let elements):
      text += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { text += "," }
        element.appendCompact(to: &text, numbersAsValues: numbersAsValues)
      }
      text += "]"
    case .string(let string): Self.appendQuoted(string, to: &text)
    case .number(let token): text += numbersAsValues ? (Double(token).map { "\($0)" } ?? token) : token
    case .bool(let flag): text += flag ? "true" : "false"
    case .null: text += "null"
    }
  }

  /// `string` in quotes, with `"`, `\\` and control characters escaped.
  private static func appendQuoted(_ string: String, to text: inout String) {
    text += "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": text += "\\\""
      case "\\": text += "\\\\"
      case "\n": text += "\\n"
      case "\t": text += "\\t"
      case "\r": text += "\\r"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: text.unicodeScalars.append(scalar)
      }
    }
    text += "\""
  }

  /// The kind of value, for messages: `an object`, `a string`...
  package var kindName: String {
    switch value {
    case .object: "an object"
    case .array: "an array"
    case .string: "a string"
    case .number: "a number"
    case .bool: "a boolean"
    case .null: "null"
    }
  }
}
