extension IconBundleChecks {
  /// Every value of every property (the plain one and each specialization's): its type, a value inside the known
  /// set, and objects with all their keys.
  static func checkValues(_ findings: inout IconFindings) {
    for element in findings.elements {
      for property in element.properties.values.sorted(by: { $0.name < $1.name }) {
        let nodes = [property.plain].compactMap { $0 } + property.specializations.compactMap(\.value)
        for node in nodes { checkValue(property.name, node: node, of: element, &findings) }
      }
    }
    let json = findings.json
    if let key = json.member(json.root, "color-space-for-untagged-svg-colors"),
      json.string(key) != IconSchema.untaggedSVGColorSpace
    {
      findings.add(
        .iconSVGColorSpaceKey, .warning, node: key,
        "color-space-for-untagged-svg-colors is \(json.text(key)); the only value is \"display-p3\" "
          + "(leave the key out for sRGB)")
    }
  }

  /// Checks one value of the property `name`.
  private static func checkValue(_ name: String, node: Int, of element: IconElement, _ findings: inout IconFindings) {
    let json = findings.json
    let key = element.path(name)
    let kind = json.nodes[node].kind
    func expect(_ wanted: Set<IconJSON.Kind>, _ what: String) -> Bool {
      guard wanted.contains(kind) else {
        findings.add(.iconMalformed, .error, node: node, "\(key) is \(json.text(node)); it must be \(what)")
        return false
      }
      return true
    }
    func known(_ values: Set<String>) {
      guard expect([.string], "a string"), let text = json.string(node), !values.contains(text) else { return }
      findings.add(
        .iconUnknownValue, .warning, node: node,
        "\(key) is \"\(text)\"; known: \(values.sorted().joined(separator: ", "))")
    }
    switch name {
    case "opacity":
      if expect([.number], "a number from 0 to 1"), let value = json.number(node), !(0...1).contains(value) {
        findings.add(.iconMalformed, .error, node: node, "\(key) is \(json.text(node)); it must be from 0 to 1")
      }
    case "hidden", "glass": _ = expect([.bool], "true or false")
    case "specular": _ = expect([.bool, .string], "true or false (or a string, in Icon Composer 2)")
    case "blur-material": _ = expect([.number, .null], "a number or null")
    case "name", "image-name": _ = expect([.string], "a string")
    case "blend-mode": known(IconSchema.blendModes)
    case "lighting": known(IconSchema.lightings)
    case "fill": checkFill(node, key: key, &findings)
    case "position", "shadow", "translucency":
      if expect([.object], "an object") { checkMembers(name, node: node, key: key, &findings) }
    default: break
    }
  }

  /// A `position`, `shadow` or `translucency` object: every key it needs, each of the right type.
  private static func checkMembers(_ name: String, node: Int, key: String, _ findings: inout IconFindings) {
    let json = findings.json
    let required = IconSchema.requiredMembers[name] ?? []
    let missing = required.filter { json.member(node, $0) == nil }
    if !missing.isEmpty {
      findings.add(
        .iconIncomplete, .warning, node: node,
        "\(key) has no \(missing.map { "'\($0)'" }.joined(separator: " or ")); it needs "
          + required.joined(separator: " and "))
    }
    for member in required {
      guard let value = json.member(node, member) else { continue }
      let valid: Bool
      switch member {
      case "enabled": valid = json.bool(value) != nil
      case "kind":
        valid = json.string(value) != nil
        if let text = json.string(value), !IconSchema.shadowKinds.contains(text) {
          findings.add(
            .iconUnknownValue, .warning, node: value,
            "\(key).kind is \"\(text)\"; known: \(IconSchema.shadowKinds.sorted().joined(separator: ", "))")
        }
      case "translation-in-points":
        let items = json.nodes[value].children
        valid = json.nodes[value].kind == .array && items.count == 2 && items.allSatisfy { json.number($0) != nil }
      default: valid = json.number(value) != nil
      }
      if !valid {
        let what =
          member == "enabled"
          ? "true or false"
          : member == "kind"
            ? "a string"
            : member == "translation-in-points"
              ? "a list of two numbers" : "a number"
        findings.add(.iconMalformed, .error, node: value, "\(key).\(member) is \(json.text(value)); it must be \(what)")
      }
    }
  }

  /// A fill: a known keyword, or an object with one known kind whose colors are valid.
  private static func checkFill(_ node: Int, key: String, _ findings: inout IconFindings) {
    let json = findings.json
    if let keyword = json.string(node) {
      if !IconSchema.fillKeywords.contains(keyword) {
        findings.add(
          .iconUnknownValue, .warning, node: node,
          "\(key) is \"\(keyword)\"; known: \(IconSchema.fillKeywords.sorted().joined(separator: ", ")) or a color")
      }
      return
    }
    let kinds = json.nodes[node].keys.filter(IconSchema.fillKinds.contains)
    guard json.nodes[node].kind == .object, kinds.count == 1 else {
      findings.add(
        .iconMalformed, .error, node: node,
        "\(key) must be a keyword or an object with one of solid, automatic-gradient, linear-gradient")
      return
    }
    if let stops = json.member(node, "linear-gradient"),
      json.nodes[stops].kind != .array || json.nodes[stops].children.count < 2
    {
      findings.add(.iconMalformed, .error, node: stops, "\(key).linear-gradient must be a list of at least two colors")
    }
  }
}
