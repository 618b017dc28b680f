/// The `color` of a color-set entry as written: a color space with components kept as their exact strings
/// (`"0.478"`, `"0x7A"`, `"122"`), or a system color `reference` for a `platform`.
public struct CatalogColor: Sendable, Equatable {
  /// One component: `red`, `green`, `blue`, `alpha` or `white`, and its text.
  public struct Component: Sendable, Equatable {
    public var name: String
    public var text: String

    public init(name: String, text: String) {
      self.name = name
      self.text = text
    }
  }

  /// The line the `color` object starts on.
  public var line: Int
  /// `color-space`: `srgb`, `display-p3`, `extended-srgb`, `gray-gamma-22`...; nil for a system color.
  public var colorSpace: String?
  /// The members of `components` that are strings (or numbers, kept as written), in their order.
  public var components: [Component]
  /// `platform` of a system color: `ios`, `osx`, `universal`.
  public var platform: String?
  /// `reference` of a system color: `systemBackgroundColor`, `labelColor`...
  public var reference: String?

  /// The color an entry's `color` value holds; nil when it is not an object.
  public init?(_ node: JSONNode) {
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
  public func component(_ name: String) -> String? {
    components.first { $0.name == name }?.text
  }
}
