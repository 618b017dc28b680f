/// The root, a group or a layer of `icon.json`: its object node and its properties by name, with the keys this
/// version of gamut does not know kept aside (they stay in the document; nothing is dropped).
package struct IconElement: Sendable {
  package var level: IconSchema.Level
  /// The object node.
  package var node: JSONNode
  /// Where it is, as a key path: `groups[0].layers[1]`, or empty for the root.
  package var keyPath: String
  /// Its properties by name (`fill` collects `fill` and `fill-specializations`).
  package var properties: [String: IconProperty] = [:]
  /// The keys it has that are not in ``IconSchema/keys(_:)`` for its level (nor their specializations), with
  /// their values.
  package var unknownKeys: [(key: String, value: JSONNode)] = []
  /// Specialization lists that are not arrays of objects (their entries are ignored), with the key.
  package var malformedSpecializations: [String] = []

  /// Reads the members of `node` (an object; anything else gives an element with no properties).
  package init(_ node: JSONNode, level: IconSchema.Level, keyPath: String) {
    self.level = level
    self.node = node
    self.keyPath = keyPath
    let known = IconSchema.keys(level)
    for member in node.members ?? [] {
      let (key, value) = (member.key, member.value)
      let suffix = IconSchema.specializationSuffix
      let isList = key.hasSuffix(suffix) && key.count > suffix.count
      let name = isList ? String(key.dropLast(suffix.count)) : key
      guard known.contains(name), !(isList && IconSchema.unspecialized.contains(name)) else {
        unknownKeys.append((key, value))
        continue
      }
      var property = properties[name] ?? IconProperty(name: name)
      if isList {
        guard property.specializationsNode == nil else { continue }
        property.specializationsNode = value
        if value.kind != .array { malformedSpecializations.append(key) }
        for entry in value.children {
          guard entry.kind == .object else {
            malformedSpecializations.append(key)
            continue
          }
          property.specializations.append(
            IconProperty.Specialization(
              appearance: entry["appearance"]?.string, idiom: entry["idiom"]?.string, value: entry["value"],
              node: entry))
        }
      } else if property.plain == nil {
        property.plain = value
      }
      properties[name] = property
    }
  }

  /// The property named `name`, unset when the element does not give it.
  package subscript(_ name: String) -> IconProperty {
    properties[name] ?? IconProperty(name: name)
  }

  /// `keyPath.key`, the path of one of its keys in messages (a long key shortened, ``QuotedValue``).
  package func path(_ key: String) -> String {
    let shown = QuotedValue.excerpt(key)
    return keyPath.isEmpty ? shown : keyPath + "." + shown
  }
}
