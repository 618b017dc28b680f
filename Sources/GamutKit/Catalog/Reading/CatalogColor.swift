/// The `color` of a color-set entry as written: a color space with components kept as their exact strings
/// (`"0.478"`, `"0x7A"`, `"122"`), or a system color `reference` for a `platform`.
package struct CatalogColor: Sendable, Equatable {
  /// One component: `red`, `green`, `blue`, `alpha` or `white`, and its text.
  package struct Component: Sendable, Equatable {
    package var name: String
    package var text: String

    package init(name: String, text: String) {
      self.name = name
      self.text = text
    }
  }

  /// The line the `color` object starts on.
  package var line: Int
  /// `color-space`: `srgb`, `display-p3`, `extended-srgb`, `gray-gamma-22`...; nil for a system color.
  package var colorSpace: String?
  /// The members of `components` that are strings (or numbers, kept as written), in their order.
  package var components: [Component]
  /// `platform` of a system color: `ios`, `osx`, `universal`.
  package var platform: String?
  /// `reference` of a system color: `systemBackgroundColor`, `labelColor`...
  package var reference: String?

  /// The color an entry's `color` value holds; nil when it is not an object.
  package init?(_ node: JSONNode) {
    guard node.members != nil else { return nil }
    line = node.line
    colorSpace = node["color-space"]?.string
    components = (node["components"]?.members ?? []).compactMap { member in
      switch member.value.value {
      case .string(let text), .number(let text): Component(name: member.key, text: text)
      default: nil
      }
    }
    platform = node["platform"]?.string
    reference = node["reference"]?.string
  }

  /// The text of the component `name`.
  package func component(_ name: String) -> String? {
    components.first { $0.name == name }?.text
  }
}
