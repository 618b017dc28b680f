extension IconBundleChecks {
  /// The document's shape: groups and layers as lists of objects, layers that name a file, the platforms, the
  /// root keys of Icon Composer 2, keys gamut does not know, and well-formed specialization entries.
  static func checkStructure(_ findings: inout IconFindings) {
    let root = findings.json
    for (key, kind, name) in [
      ("groups", JSONNode.Kind.array, "an array"), ("supported-platforms", .object, "an object"),
    ] {
      guard let node = root[key] else {
        findings.add(.iconMalformed, .error, line: 1, "the document has no '\(key)'")
        continue
      }
      if node.kind != kind { findings.add(.iconMalformed, .error, node: node, "'\(key)' must be \(name)") }
    }
    for (index, group) in (root["groups"]?.children ?? []).enumerated() where group.kind != .object {
      findings.add(.iconMalformed, .error, node: group, "groups[\(index)] must be an object")
    }
    for group in findings.document.groups {
      guard let layers = group.element.node["layers"], layers.kind == .array else {
        findings.add(.iconMalformed, .error, node: group.element.node, "\(group.element.keyPath) has no 'layers' list")
        continue
      }
      for (index, layer) in layers.children.enumerated() where layer.kind != .object {
        findings.add(.iconMalformed, .error, node: layer, "\(group.element.keyPath).layers[\(index)] must be an object")
      }
      for layer in group.layers where !layer["image-name"].isSet {
        findings.add(.iconMalformed, .error, node: layer.node, "\(layer.keyPath) names no file ('image-name')")
      }
    }
    checkPlatforms(&findings)
    if let features = root["features"],
      features.kind != .array || features.children.contains(where: { $0.string == nil })
    {
      findings.add(.iconMalformed, .error, node: features, "'features' must be a list of strings")
    }
    for element in findings.elements { checkKeys(of: element, &findings) }
  }

  /// An element's keys: each once, known (a note for the others), its specialization lists well formed.
  private static func checkKeys(of element: IconElement, _ findings: inout IconFindings) {
    var seen: Set<String> = []
    for member in element.node.members ?? [] where !seen.insert(member.key).inserted {
      findings.add(
        .iconMalformed, .error, node: member.value, "\(element.path(member.key)) appears twice; gamut reads the first")
    }
    for (key, value) in element.unknownKeys {
      findings.add(
        .iconUnknownKey, .note, node: value, "\(element.path(key)): a key gamut does not know (kept as it is)")
    }
    for key in Set(element.malformedSpecializations).sorted() {
      findings.add(
        .iconMalformed, .error, node: element.node[key] ?? element.node,
        "\(element.path(key)) must be a list of objects")
    }
    for property in element.properties.values.sorted(by: { $0.name < $1.name }) {
      checkSpecializations(property, of: element, &findings)
    }
  }

  /// Each entry of `X-specializations`: a `value`, and a known `appearance` and `idiom` when given.
  private static func checkSpecializations(
    _ property: IconProperty, of element: IconElement, _ findings: inout IconFindings
  ) {
    let key = element.path(property.name + IconSchema.specializationSuffix)
    for (index, entry) in property.specializations.enumerated() {
      if entry.value == nil {
        findings.add(.iconMalformed, .error, node: entry.node, "\(key)[\(index)] has no 'value'")
      }
      for (axis, known) in [
        ("appearance", IconAppearance.allCases.map(\.rawValue)), ("idiom", IconIdiom.allCases.map(\.rawValue)),
      ] {
        guard let node = entry.node[axis] else { continue }
        if !known.contains(node.string ?? "") {
          findings.add(
            .iconMalformed, .error, node: node,
            "\(key)[\(index)].\(axis) is \(node.shown); use one of \(known.joined(separator: ", "))")
        }
      }
    }
  }

  /// `supported-platforms`: `squares` is `"shared"` or a list of platforms, `circles` a list of `watchOS`.
  private static func checkPlatforms(_ findings: inout IconFindings) {
    guard let platforms = findings.json["supported-platforms"], platforms.kind == .object else { return }
    for member in platforms.members ?? [] {
      let (key, value) = (member.key, member.value)
      let known = key == "squares" ? IconSchema.squarePlatforms : key == "circles" ? IconSchema.circlePlatforms : nil
      guard let known else {
        findings.add(
          .iconUnknownKey, .note, node: value,
          "supported-platforms.\(QuotedValue.excerpt(key)): a key gamut does not know")
        continue
      }
      if key == "squares", value.string == "shared" { continue }
      guard value.kind == .array else {
        findings.add(
          .iconMalformed, .error, node: value,
          "supported-platforms.\(key) must be a list of platforms" + (key == "squares" ? " or \"shared\"" : ""))
        continue
      }
      for item in value.children where !known.contains(item.string ?? "") {
        findings.add(
          .iconUnknownValue, .warning, node: item,
          "supported-platforms.\(key) lists \(item.shown); known: \(known.sorted().joined(separator: ", "))")
      }
    }
  }
}
