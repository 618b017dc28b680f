/// A JSON value read losslessly for files people edit: object members keep their order, numbers keep their
/// written form, and every value knows the 1-based line it starts on, so a finding can point at it.
///
/// `JSONSerialization` and `JSONDecoder` lose all three; ``JSONNodeReader`` reads this form.
public struct JSONNode: Sendable, Equatable {
  /// One member of an object: its key, the line the key is on, and its value.
  public struct Member: Sendable, Equatable {
    public var key: String
    public var line: Int
    public var value: JSONNode

    public init(key: String, line: Int, value: JSONNode) {
      self.key = key
      self.line = line
      self.value = value
    }
  }

  /// What the value is.
  public enum Value: Sendable, Equatable {
    /// An object's members in the order written (a repeated key is kept twice).
    case object([Member])
    case array([JSONNode])
    case string(String)
    /// A number as written (`1`, `0.500`, `-2e3`).
    case number(String)
    case bool(Bool)
    case null
  }

  public var value: Value
  /// The 1-based line the value starts on.
  public var line: Int

  public init(_ value: Value, line: Int) {
    self.value = value
    self.line = line
  }

  /// The members of an object, or nil for any other value.
  public var members: [Member]? {
    if case .object(let members) = value { return members }
    return nil
  }

  /// The elements of an array, or nil for any other value.
  public var elements: [JSONNode]? {
    if case .array(let elements) = value { return elements }
    return nil
  }

  /// The text of a string, or nil for any other value.
  public var string: String? {
    if case .string(let text) = value { return text }
    return nil
  }

  /// The value of a number, or nil for any other value.
  public var number: Double? {
    if case .number(let text) = value { return Double(text) }
    return nil
  }

  /// The value of a boolean, or nil for any other value.
  public var bool: Bool? {
    if case .bool(let flag) = value { return flag }
    return nil
  }

  /// The first member named `key` of an object.
  public subscript(key: String) -> JSONNode? {
    members?.first { $0.key == key }?.value
  }

  /// A member whose key an earlier member of the same object already has, each object checked before the objects
  /// inside it; keys equal after Unicode normalisation count as the same (Swift compares strings by canonical
  /// equivalence). Nil when no object repeats a key. Walks the tree with a stack, not recursion.
  public func firstRepeatedKey() -> Member? {
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

  /// The kind of value, for messages: `an object`, `a string`...
  public var kindName: String {
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
