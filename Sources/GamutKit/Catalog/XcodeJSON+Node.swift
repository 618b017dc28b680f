extension XcodeJSON {
  /// The value `node` holds, to be written in Xcode's layout (``rendered()``): strings and number texts as read,
  /// objects with their keys in Xcode's order. Nil when an object names a key twice (by its bytes, or two spellings
  /// Swift takes as one): which value Xcode takes is not known, so such a file is never rewritten. The reader bounds
  /// nesting, so the recursion is bounded too.
  package init?(_ node: JSONNode) {
    switch node.value {
    case .object(let members):
      guard Set(members.map { Array($0.key.utf8) }).count == members.count,
        Set(members.map(\.key)).count == members.count
      else { return nil }
      var values: [String: XcodeJSON] = [:]
      for member in members {
        guard let value = XcodeJSON(member.value) else { return nil }
        values[member.key] = value
      }
      self = .object(values)
    case .array(let elements):
      var values: [XcodeJSON] = []
      for element in elements {
        guard let value = XcodeJSON(element) else { return nil }
        values.append(value)
      }
      self = .array(values)
    case .string(let text): self = .string(text)
    case .number(let text): self = .number(text)
    case .bool(let flag): self = .bool(flag)
    case .null: self = .null
    }
  }

  /// The members of an object, or nil.
  package var objectMembers: [String: XcodeJSON]? {
    if case .object(let members) = self { return members }
    return nil
  }
}
