/// A fill of the root or a layer: a keyword, a solid color, or a gradient.
package enum IconFill: Sendable, Equatable {
  /// `automatic`, `none`, `system-light` or `system-dark`.
  case keyword(String)
  case solid(IconColor)
  /// `automatic-gradient`: Icon Composer derives the gradient from one color.
  case automaticGradient(IconColor)
  case linearGradient([IconColor])

  /// Reads a fill node; nil when it is not a fill of a known shape with valid colors.
  package init?(_ json: IconJSON, node: Int) {
    if let keyword = json.string(node) {
      guard IconSchema.fillKeywords.contains(keyword) else { return nil }
      self = .keyword(keyword)
      return
    }
    if let solid = json.member(node, "solid") {
      guard let color = json.string(solid).flatMap(IconColor.init) else { return nil }
      self = .solid(color)
    } else if let automatic = json.member(node, "automatic-gradient") {
      guard let color = json.string(automatic).flatMap(IconColor.init) else { return nil }
      self = .automaticGradient(color)
    } else if let stops = json.member(node, "linear-gradient") {
      let colors = json.nodes[stops].children.compactMap { json.string($0).flatMap(IconColor.init) }
      guard json.nodes[stops].kind == .array, colors.count == json.nodes[stops].children.count, !colors.isEmpty
      else { return nil }
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
