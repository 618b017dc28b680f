/// A fill of the root or a layer: a keyword, a solid color, or a gradient.
package enum IconFill: Sendable, Equatable {
  /// `automatic`, `none`, `system-light` or `system-dark`.
  case keyword(String)
  case solid(IconColor)
  /// `automatic-gradient`: Icon Composer derives the gradient from one color.
  case automaticGradient(IconColor)
  case linearGradient([IconColor])

  /// Reads a fill; nil when it is not a fill of a known shape with valid colors.
  package init?(_ node: JSONNode) {
    if let keyword = node.string {
      guard IconSchema.fillKeywords.contains(keyword) else { return nil }
      self = .keyword(keyword)
      return
    }
    if let solid = node["solid"] {
      guard let color = solid.string.flatMap(IconColor.init) else { return nil }
      self = .solid(color)
    } else if let automatic = node["automatic-gradient"] {
      guard let color = automatic.string.flatMap(IconColor.init) else { return nil }
      self = .automaticGradient(color)
    } else if let stops = node["linear-gradient"] {
      let colors = stops.children.compactMap { $0.string.flatMap(IconColor.init) }
      guard stops.kind == .array, colors.count == stops.children.count, !colors.isEmpty else { return nil }
      self = .linearGradient(colors)
    } else {
      return nil
    }
  }

  /// The colors of the fill.
  package var colors: [IconColor] {
    switch self {
    case .keyword: []
    case .solid(let color), .automaticGradient(let color): [color]
    case .linearGradient(let colors): colors
    }
  }

  /// One line for people: `automatic`, `solid display-p3:…`, `linear-gradient srgb:… → display-p3:…`.
  package var summary: String {
    switch self {
    case .keyword(let word): word
    case .solid(let color): "solid " + color.text
    case .automaticGradient(let color): "automatic-gradient " + color.text
    case .linearGradient(let colors): "linear-gradient " + colors.map(\.text).joined(separator: " → ")
    }
  }
}
