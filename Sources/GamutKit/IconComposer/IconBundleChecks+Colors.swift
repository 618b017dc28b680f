import Foundation

extension IconBundleChecks {
  /// The colors of every fill: each a valid color, gradients in one space (note), colors outside sRGB (note,
  /// with the CIEDE2000 of their sRGB mapping).
  static func checkColors(_ findings: inout IconFindings) {
    let json = findings.json
    for element in findings.elements {
      let property = element["fill"]
      let fills = [property.plain].compactMap { $0 } + property.specializations.compactMap(\.value)
      for fill in fills {
        let key = element.path("fill")
        var spaces: [String] = []
        for node in colorNodes(fill, json) {
          guard let text = json.string(node) else {
            findings.add(.iconInvalidColor, .error, node: node, "\(key): \(json.text(node)) is not a color string")
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
        if json.member(fill, "linear-gradient") != nil, spaces.count > 1 {
          findings.add(
            .iconGradientMixedSpaces, .note, node: fill,
            "\(key): the gradient mixes color spaces (\(spaces.joined(separator: ", ")))")
        }
      }
    }
  }

  /// The nodes that hold colors in a fill: `solid`, `automatic-gradient`, each `linear-gradient` stop.
  static func colorNodes(_ fill: Int, _ json: IconJSON) -> [Int] {
    guard json.nodes[fill].kind == .object else { return [] }
    var nodes: [Int] = []
    for key in ["solid", "automatic-gradient"] { if let node = json.member(fill, key) { nodes.append(node) } }
    if let stops = json.member(fill, "linear-gradient") {
      nodes += json.nodes[stops].kind == .array ? json.nodes[stops].children : [stops]
    }
    return nodes
  }
}
