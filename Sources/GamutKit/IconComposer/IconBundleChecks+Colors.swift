import Foundation

extension IconBundleChecks {
  /// The colors of every fill: each a valid color, gradients in one space (note), colors outside sRGB (note,
  /// with the CIEDE2000 of their sRGB mapping).
  static func checkColors(_ findings: inout IconFindings) {
    for element in findings.elements {
      let property = element["fill"]
      let fills = [property.plain].compactMap { $0 } + property.specializations.compactMap(\.value)
      for fill in fills {
        let key = element.path("fill")
        var spaces: [String] = []
        for node in colorNodes(fill) {
          guard let text = node.string else {
            findings.add(.iconInvalidColor, .error, node: node, "\(key): \(node.shown) is not a color string")
            continue
          }
          if let problem = IconColor.problem(text) {
            findings.add(.iconInvalidColor, .error, node: node, "\(key): \(problem)")
            continue
          }
          let color = IconColor(text)!
          if !spaces.contains(color.space) { spaces.append(color.space) }
          if color.isOutsideSRGB {
            findings.add(
              .iconFillOutsideSRGB, .note, node: node,
              "\(key): \(text) lies outside sRGB; an sRGB display shows it mapped, ΔE2000 "
                + String(format: "%.2f", color.mappingDeltaE2000))
          }
        }
        if fill["linear-gradient"] != nil, spaces.count > 1 {
          findings.add(
            .iconGradientMixedSpaces, .note, node: fill,
            "\(key): the gradient mixes color spaces (\(spaces.joined(separator: ", ")))")
        }
      }
    }
  }

  /// The nodes that hold colors in a fill: `solid`, `automatic-gradient`, each `linear-gradient` stop.
  static func colorNodes(_ fill: JSONNode) -> [JSONNode] {
    guard fill.kind == .object else { return [] }
    var nodes: [JSONNode] = []
    for key in ["solid", "automatic-gradient"] { if let node = fill[key] { nodes.append(node) } }
    if let stops = fill["linear-gradient"] {
      nodes += stops.kind == .array ? stops.children : [stops]
    }
    return nodes
  }
}
