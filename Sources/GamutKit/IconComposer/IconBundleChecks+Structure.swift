extension IconBundleChecks {
  /// The document's shape: groups and layers as lists of objects, layers that name a file, the platforms, the
  /// root keys of Icon Composer 2, keys gamut does not know, and well-formed specialization entries.
  static func checkStructure(_ findings: inout IconFindings) {
    let json = findings.json
    let root = json.root
    for (key, kind) in [("groups", IconJSON.Kind.array), ("supported-platforms", .object)] {
      guard let node = json.member(root, key) else {
        findings.add(.iconMalformed, .error, line: 1, "the document has no '\(key)'")
        continue
      }
      if json.nodes[node].kind != kind {
        findings.add(.iconMalformed, .error, node: node, "'\(key)' must be an \(kind)")
      }
    }
    if let groups = json.member(root, "groups") {
      for (index, group) in json.nodes[groups].children.enumerated() where json.nodes[group].kind != .object {
        findings.add(.iconMalformed, .error, node: group, "groups[\(index)] must be an object")
      }
    }
    for group in findings.document.groups {
      guard let layers = json.member(group.element.node, "layers"), json.nodes[layers].kind == .array else {
        findings.add(.iconMalformed, .error, node: group.element.node, "\(group.element.keyPath) has no 'layers' list")
        continue
      }
      for (index, layer) in json.nodes[layers].children.enumerated() where json.nodes[layer].kind != .object {
        findings.add(.iconMalformed, .error, node: layer, "\(group.element.keyPath).layers[\(index)] must be an object")
      }
      for layer in group.layers where !layer["image-name"].isSet {
        findings.add(.iconMalformed, .error, node: layer.node, "\(layer.keyPath) names no file ('image-name')")
      }
    }
    checkPlatforms(&findings)
    if let features = json.member(root, "features"),
      json.nodes[features].kind != .array || json.nodes[features].children.contains(where: { json.string($0) == nil })
    {
      findings.add(.iconMalformed, .error, node: features, "'features' must be a list of strings")
    }
    for element in findings.elements {
      var seen: Set<String> = []
      for (key, value) in json.members(element.node) where !seen.insert(key).inserted {
        findings.add(.iconMalformed, .error, node: value, "\(element.path(key)) appears twice; gamut reads the first")
      }
      for (key, value) in element.unknownKeys {
        findings.add(
          .iconUnknownKey, .note, node: value, "\(element.path(key)): a key gamut does not know (kept as it is)")
      }
      for key in Set(element.malformedSpecializations).sorted() {
        findings.add(
          .iconMalformed, .error, node: json.member(element.node, key) ?? element.node,
          "\(element.path(key)) must be a list of objects")
      }
      for property in element.properties.values.sorted(by: { $0.name < $1.name }) {
        checkSpecializations(property, of: element, &findings)
      }
    }
  }

  /// Each entry of `X-specializations`: a `value`, and a known `appearance` and `idiom` when given.
  private static func checkSpecializations(
    _ property: IconProperty, of element: IconElement, _ findings: inout IconFindings
  ) {
    let key = element.path(property.name + IconSchema.specializationSuffix)
    let json = findings.json
    for (index, entry) in property.specializations.enumerated() {
      if entry.value == nil {
        findings.add(.iconMalformed, .error, node: entry.node, "\(key)[\(index)] has no 'value'")
      }
      for (axis, known) in [
        ("appearance", IconAppearance.allCases.map(\.rawValue)), ("idiom", IconIdiom.allCases.map(\.rawValue)),
      ] {
        guard let node = json.member(entry.node, axis) else { continue }
        if !known.contains(json.string(node) ?? "") {
          findings.add(
            .iconMalformed, .error, node: node,
            "\(key)[\(index)].\(axis) is \(json.text(node)); use one of \(known.joined(separator: ", "))")
        }
      }
    }
  }

  /// `supported-platforms`: `squares` is `"shared"` or a list of platforms, `circles` a list of `watchOS`.
  private static func checkPlatforms(_ findings: inout IconFindings) {
    let json = findings.json
    guard let platforms = json.member(json.root, "supported-platforms"), json.nodes[platforms].kind == .object
    else { return }
    for (key, value) in json.members(platforms) {
      let known = key == "squares" ? IconSchema.squarePlatforms : key == "circles" ? IconSchema.circlePlatforms : nil
      guard let known else {
        findings.add(.iconUnknownKey, .note, node: value, "supported-platforms.\(key): a key gamut does not know")
        continue
      }
      if key == "squares", json.string(value) == "shared" { continue }
      guard json.nodes[value].kind == .array else {
        findings.add(
          .iconMalformed, .error, node: value,
          "supported-platforms.\(key) must be a list of platforms" + (key == "squares" ? " or \"shared\"" : ""))
        continue
      }
      for item in json.nodes[value].children where !known.contains(json.string(item) ?? "") {
        findings.add(
          .iconUnknownValue, .warning, node: item,
          "supported-platforms.\(key) lists \(json.text(item)); known: \(known.sorted().joined(separator: ", "))")
      }
    }
  }
}
