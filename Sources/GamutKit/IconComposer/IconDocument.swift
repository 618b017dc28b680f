/// An `icon.json` read into its root, groups and layers, over the ``JSONNode`` tree that keeps every key, number
/// token and line.
///
/// Tolerant: a document of an unexpected shape (groups that are not a list, a layer that is not an object) still
/// reads, with what is usable; ``IconBundleChecks`` reports the rest.
package struct IconDocument: Sendable {
  /// A group and its layers.
  package struct Group: Sendable {
    package var element: IconElement
    package var layers: [IconElement]
  }

  /// The whole document, as read.
  package let json: JSONNode
  package var root: IconElement
  package var groups: [Group] = []

  /// Reads the document's structure.
  package init(_ json: JSONNode) {
    self.json = json
    root = IconElement(json, level: .root, keyPath: "")
    guard let list = json["groups"], list.kind == .array else { return }
    for (index, node) in list.children.enumerated() where node.kind == .object {
      let group = IconElement(node, level: .group, keyPath: "groups[\(index)]")
      var layers: [IconElement] = []
      if let layerList = node["layers"], layerList.kind == .array {
        for (layerIndex, layer) in layerList.children.enumerated() where layer.kind == .object {
          layers.append(IconElement(layer, level: .layer, keyPath: group.keyPath + ".layers[\(layerIndex)]"))
        }
      }
      groups.append(Group(element: group, layers: layers))
    }
  }

  /// The value of `name` in effect for `element` in `appearance` (and `idiom`).
  package func value(_ element: IconElement, _ name: String, _ appearance: IconAppearance, idiom: IconIdiom? = nil)
    -> JSONNode?
  {
    element[name].resolve(appearance, idiom: idiom)
  }

  /// Whether `element` is hidden in `appearance` (unset means shown).
  package func isHidden(_ element: IconElement, _ appearance: IconAppearance, idiom: IconIdiom? = nil) -> Bool {
    value(element, "hidden", appearance, idiom: idiom)?.bool ?? false
  }

  /// The opacity of `element` in `appearance` (unset, or not a finite number, means 1).
  package func opacity(_ element: IconElement, _ appearance: IconAppearance, idiom: IconIdiom? = nil) -> Double {
    value(element, "opacity", appearance, idiom: idiom)?.number ?? 1
  }

  /// The layer file names a layer names anywhere: its `image-name` and every `image-name-specializations` value.
  package func imageNames(_ layer: IconElement) -> [String] {
    let property = layer["image-name"]
    let nodes = [property.plain].compactMap { $0 } + property.specializations.compactMap(\.value)
    var names: [String] = []
    for node in nodes { if let name = node.string, !names.contains(name) { names.append(name) } }
    return names
  }

  /// The platforms of `supported-platforms`: `squares` (`shared` or the platforms) and `circles`.
  package var platforms: (squares: [String], circles: [String]) {
    guard let node = json["supported-platforms"] else { return ([], []) }
    func list(_ key: String) -> [String] {
      guard let value = node[key] else { return [] }
      if let text = value.string { return [text] }
      return value.children.compactMap(\.string)
    }
    return (list("squares"), list("circles"))
  }
}
