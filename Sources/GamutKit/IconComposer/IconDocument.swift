/// An `icon.json` read into its root, groups and layers, over the ``IconJSON`` that keeps every byte.
///
/// Tolerant: a document of an unexpected shape (groups that are not a list, a layer that is not an object) still
/// reads, with what is usable; ``IconBundleChecks`` reports the rest.
package struct IconDocument: Sendable {
  /// A group and its layers.
  package struct Group: Sendable {
    package var element: IconElement
    package var layers: [IconElement]
  }

  package let json: IconJSON
  package var root: IconElement
  package var groups: [Group] = []

  /// Reads the document's structure.
  package init(_ json: IconJSON) {
    self.json = json
    root = IconElement(json, node: json.root, level: .root, keyPath: "")
    guard let list = json.member(json.root, "groups"), json.nodes[list].kind == .array else { return }
    for (index, node) in json.nodes[list].children.enumerated() where json.nodes[node].kind == .object {
      let group = IconElement(json, node: node, level: .group, keyPath: "groups[\(index)]")
      var layers: [IconElement] = []
      if let layerList = json.member(node, "layers"), json.nodes[layerList].kind == .array {
        for (layerIndex, layer) in json.nodes[layerList].children.enumerated()
        where json.nodes[layer].kind == .object {
          layers.append(
            IconElement(json, node: layer, level: .layer, keyPath: group.keyPath + ".layers[\(layerIndex)]"))
        }
      }
      groups.append(Group(element: group, layers: layers))
    }
  }

  /// The value of `name` in effect for `element` in `appearance` (and `idiom`).
  package func value(_ element: IconElement, _ name: String, _ appearance: IconAppearance, idiom: IconIdiom? = nil)
    -> Int?
  {
    element[name].resolve(appearance, idiom: idiom)
  }

  /// Whether `element` is hidden in `appearance` (unset means shown).
  package func isHidden(_ element: IconElement, _ appearance: IconAppearance, idiom: IconIdiom? = nil) -> Bool {
    value(element, "hidden", appearance, idiom: idiom).flatMap(json.bool) ?? false
  }

  /// The opacity of `element` in `appearance` (unset means 1).
  package func opacity(_ element: IconElement, _ appearance: IconAppearance, idiom: IconIdiom? = nil) -> Double {
    value(element, "opacity", appearance, idiom: idiom).flatMap(json.number) ?? 1
  }

  /// The layer file names a layer names anywhere: its `image-name` and every `image-name-specializations` value.
  package func imageNames(_ layer: IconElement) -> [String] {
    let property = layer["image-name"]
    let nodes = [property.plain].compactMap { $0 } + property.specializations.compactMap(\.value)
    var names: [String] = []
    for node in nodes { if let name = json.string(node), !names.contains(name) { names.append(name) } }
    return names
  }

  /// The platforms of `supported-platforms`: `squares` (`shared` or the platforms) and `circles`.
  package var platforms: (squares: [String], circles: [String]) {
    guard let node = json.member(json.root, "supported-platforms") else { return ([], []) }
    func list(_ key: String) -> [String] {
      guard let value = json.member(node, key) else { return [] }
      if let text = json.string(value) { return [text] }
      return json.nodes[value].children.compactMap(json.string)
    }
    return (list("squares"), list("circles"))
  }

  /// The 1-based line of a node.
  package func line(_ node: Int) -> Int { json.nodes[node].line }
}
