/// Encodes a `Codable` value as an ``XcodeJSON`` document, for the files gamut writes from its own types (the
/// manifest, the build state and journal) and its `--json` output: object keys come out in ascending byte order
/// on every platform, which `JSONEncoder`'s `sortedKeys` does not promise.
///
/// Numbers are written as `JSONEncoder` writes them: integers in decimal, a floating-point number as its shortest
/// round-trip text without a trailing `.0`. Infinity and NaN cannot be encoded.
package struct XcodeJSONEncoder {
  package init() {}

  /// The document as pretty-printed text (the format of `Contents.json`), ending with a newline.
  package func prettyText(of value: some Encodable) throws -> String {
    try tree(of: value).rendered()
  }

  /// ``prettyText(of:)`` as UTF-8 bytes, as files take them.
  package func prettyBytes(of value: some Encodable) throws -> [UInt8] {
    try tree(of: value).renderedBytes()
  }

  /// The document as compact UTF-8 text on one line, without a trailing newline.
  package func compactBytes(of value: some Encodable) throws -> [UInt8] {
    try tree(of: value).renderedCompactBytes()
  }

  /// The JSON value of `value`.
  package func tree(of value: some Encodable) throws -> XcodeJSON {
    let root = TreeNode()
    try value.encode(to: TreeEncoder(node: root, codingPath: []))
    return root.value
  }
}

/// A JSON value under construction: containers are filled in place through the encoders that share the node.
private final class TreeNode {
  enum Content {
    case empty
    case leaf(XcodeJSON)
    case object([String: TreeNode])
    case array([TreeNode])
  }

  var content = Content.empty

  var value: XcodeJSON {
    switch content {
    case .empty: .object([:])
    case .leaf(let value): value
    case .object(let members): .object(members.mapValues(\.value))
    case .array(let elements): .array(elements.map(\.value))
    }
  }

  func makeObject() {
    if case .object = content { return }
    content = .object([:])
  }

  func makeArray() {
    if case .array = content { return }
    content = .array([])
  }

  func child(forKey key: String) -> TreeNode {
    makeObject()
    guard case .object(var members) = content else { fatalError("an object node holds members") }
    // Released from the node first, so that the dictionary is grown in place rather than copied.
    content = .empty
    let child = TreeNode()
    members[key] = child
    content = .object(members)
    return child
  }

  func appendedChild() -> TreeNode {
    makeArray()
    guard case .array(var elements) = content else { fatalError("an array node holds elements") }
    content = .empty
    let child = TreeNode()
    elements.append(child)
    content = .array(elements)
    return child
  }

  var count: Int {
    if case .array(let elements) = content { return elements.count }
    return 0
  }

  /// Stores a string, a flag or an integer as a leaf: the containers' typed entry points, which skip the dynamic
  /// casts of ``store(_:codingPath:)``.
  func store(string: String) { content = .leaf(.string(string)) }
  func store(flag: Bool) { content = .leaf(.bool(flag)) }
  func store<Integer: BinaryInteger>(integer: Integer) { content = .leaf(.number(String(integer))) }
  func store(double: Double, codingPath: [any CodingKey]) throws {
    content = .leaf(try Self.number(double, codingPath: codingPath))
  }

  /// Stores a value: a primitive as a leaf, anything else through its own `encode(to:)`.
  func store<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
    switch value {
    case let text as String: content = .leaf(.string(text))
    case let flag as Bool: content = .leaf(.bool(flag))
    case let number as Double: content = .leaf(try Self.number(number, codingPath: codingPath))
    case let number as Float: content = .leaf(try Self.number(number, codingPath: codingPath))
    case let number as any BinaryInteger: content = .leaf(.number(String(number)))
    default: try value.encode(to: TreeEncoder(node: self, codingPath: codingPath))
    }
  }

  private static func number<F: BinaryFloatingPoint & LosslessStringConvertible>(
    _ value: F, codingPath: [any CodingKey]
  ) throws -> XcodeJSON {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, EncodingError.Context(codingPath: codingPath, debugDescription: "\(value) is not valid JSON"))
    }
    var text = value.description
    if text.hasSuffix(".0") { text.removeLast(2) }
    return .number(text)
  }
}

private struct TreeEncoder: Encoder {
  let node: TreeNode
  let codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedContainer(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleValueContainer(node: node, codingPath: codingPath)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: TreeNode
  let codingPath: [any CodingKey]

  mutating func encodeNil(forKey key: Key) throws {
    node.child(forKey: key.stringValue).content = .leaf(.null)
  }

  mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
    try node.child(forKey: key.stringValue).store(value, codingPath: codingPath + [key])
  }

  mutating func encode(_ value: String, forKey key: Key) throws {
    node.child(forKey: key.stringValue).store(string: value)
  }

  mutating func encode(_ value: Bool, forKey key: Key) throws {
    node.child(forKey: key.stringValue).store(flag: value)
  }

  mutating func encode(_ value: Int, forKey key: Key) throws {
    node.child(forKey: key.stringValue).store(integer: value)
  }

  mutating func encode(_ value: Int64, forKey key: Key) throws {
    node.child(forKey: key.stringValue).store(integer: value)
  }

  mutating func encode(_ value: UInt64, forKey key: Key) throws {
    node.child(forKey: key.stringValue).store(integer: value)
  }

  mutating func encode(_ value: Double, forKey key: Key) throws {
    try node.child(forKey: key.stringValue).store(double: value, codingPath: codingPath + [key])
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = node.child(forKey: key.stringValue)
    child.makeObject()
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.child(forKey: key.stringValue)
    child.makeArray()
    return UnkeyedContainer(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(node: node.child(forKey: "super"), codingPath: codingPath)
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    TreeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
  }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: TreeNode
  let codingPath: [any CodingKey]
  var count: Int { node.count }

  mutating func encodeNil() throws {
    node.appendedChild().content = .leaf(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.appendedChild().store(value, codingPath: codingPath)
  }

  mutating func encode(_ value: String) throws {
    node.appendedChild().store(string: value)
  }

  mutating func encode(_ value: Int) throws {
    node.appendedChild().store(integer: value)
  }

  mutating func encode(_ value: Double) throws {
    try node.appendedChild().store(double: value, codingPath: codingPath)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = node.appendedChild()
    child.makeObject()
    return KeyedEncodingContainer(KeyedContainer<NestedKey>(node: child, codingPath: codingPath))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = node.appendedChild()
    child.makeArray()
    return UnkeyedContainer(node: child, codingPath: codingPath)
  }

  mutating func superEncoder() -> any Encoder {
    TreeEncoder(node: node.appendedChild(), codingPath: codingPath)
  }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
  let node: TreeNode
  let codingPath: [any CodingKey]

  mutating func encodeNil() throws {
    node.content = .leaf(.null)
  }

  mutating func encode<T: Encodable>(_ value: T) throws {
    try node.store(value, codingPath: codingPath)
  }
}
