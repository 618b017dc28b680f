/// A JSON document read strictly (RFC 8259), for files people write by hand, such as design tokens: booleans stay
/// booleans (never the numbers 1 and 0), an object keeps its members in order, and a trailing comma, a duplicate
/// key (also two keys equal after Unicode normalisation), a control character in a string, a lone surrogate
/// escape or nesting deeper than ``maxDepth`` is an error at its line.
package enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  /// Members in the file's order.
  case object([(key: String, value: JSONValue)])

  /// The deepest nesting of arrays and objects read.
  package static let maxDepth = 64

  /// Why text is not JSON: the 1-based line and what is wrong.
  package struct SyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    package var line: Int
    package var reason: String
    package var description: String { "line \(line): \(reason)" }
  }

  /// Reads `text`, which must hold one value and nothing after it but white space.
  package init(parsing text: String) throws(SyntaxError) {
    var reader = JSONValueReader(bytes: Array(text.utf8))
    self = try reader.document()
  }

  /// The member `key` of an object, or nil.
  package subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.key == key }?.value
  }

  package static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): true
    case (.bool(let a), .bool(let b)): a == b
    case (.number(let a), .number(let b)): a == b
    case (.string(let a), .string(let b)): a == b
    case (.array(let a), .array(let b)): a == b
    case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
    default: false
    }
  }
}
