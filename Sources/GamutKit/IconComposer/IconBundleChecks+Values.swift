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
    if let key = findings.json["color-space-for-untagged-svg-colors"], key.string != IconSchema.untaggedSVGColorSpace {
      findings.add(
        .iconSVGColorSpaceKey, .warning, node: key,
        "color-space-for-untagged-svg-colors is \(key.shown); the only value is \"display-p3\" "
          + "(leave the key out for sRGB)")
    }
  }

  /// Every number of the document, wherever it is (unknown keys too): one beyond a 64-bit float (`1e400`, a
  /// 400-digit literal) is an error at its key, and no check or inspection takes it as infinity. Walks the tree with
  /// a stack, in document order.
  static func checkNumbers(_ findings: inout IconFindings) {
    var pending: [(node: JSONNode, path: String)] = [(findings.json, "")]
    while let (node, path) = pending.popLast() {
      switch node.value {
      case .number(let token) where node.number == nil:
        findings.add(
          .iconMalformed, .error, node: node,
          "\(path.isEmpty ? "the document" : path) is \(QuotedValue.excerpt(token)), beyond the range of a 64-bit "
            + "float; it must be a finite number")
      case .object(let members):
        pending += members.reversed().map { member in
          let key = QuotedValue.excerpt(member.key)
          return (member.value, path.isEmpty ? key : path + "." + key)
        }
      case .array(let elements):
        pending += elements.enumerated().reversed().map { ($0.element, path + "[\($0.offset)]") }
      default:
        break
      }
    }
  }

  /// Checks one value of the property `name`.
  private static func checkValue(
    _ name: String, node: JSONNode, of element: IconElement, _ findings: inout IconFindings
  ) {
    let key = element.path(name)
    func expect(_ wanted: [JSONNode.Kind], _ what: String) -> Bool {
      guard wanted.contains(node.kind) else {
        findings.add(.iconMalformed, .error, node: node, "\(key) is \(node.shown); it must be \(what)")
        return false
      }
      return true
    }
    func known(_ values: Set<String>) {
      guard expect([.string], "a string"), let text = node.string, !values.contains(text) else { return }
      findings.add(
        .iconUnknownValue, .warning, node: node,
        "\(key) is \(node.shown); known: \(values.sorted().joined(separator: ", "))")
    }
    switch name {
    case "opacity":
      if expect([.number], "a number from 0 to 1"), let value = node.number, !(0...1).contains(value) {
        findings.add(.iconMalformed, .error, node: node, "\(key) is \(node.shown); it must be from 0 to 1")
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
  private static func checkMembers(_ name: String, node: JSONNode, key: String, _ findings: inout IconFindings) {
    let required = IconSchema.requiredMembers[name] ?? []
    let missing = required.filter { node[$0] == nil }
    if !missing.isEmpty {
      findings.add(
        .iconIncomplete, .warning, node: node,
        "\(key) has no \(missing.map { "'\($0)'" }.joined(separator: " or ")); it needs "
          + required.joined(separator: " and "))
    }
    for member in required {
      guard let value = node[member] else { continue }
      let valid: Bool
      switch member {
      case "enabled": valid = value.bool != nil
      case "kind":
        valid = value.string != nil
        if let text = value.string, !IconSchema.shadowKinds.contains(text) {
          findings.add(
            .iconUnknownValue, .warning, node: value,
            "\(key).kind is \(value.shown); known: \(IconSchema.shadowKinds.sorted().joined(separator: ", "))")
        }
      case "translation-in-points":
        let items = value.children
        valid = value.kind == .array && items.count == 2 && items.allSatisfy { $0.kind == .number }
      default: valid = value.kind == .number
      }
      if !valid {
        let what =
          member == "enabled"
          ? "true or false"
          : member == "kind"
            ? "a string"
            : member == "translation-in-points"
              ? "a list of two numbers" : "a number"
        findings.add(.iconMalformed, .error, node: value, "\(key).\(member) is \(value.shown); it must be \(what)")
      }
    }
  }

  /// A fill: a known keyword, or an object with one known kind whose colors are valid.
  private static func checkFill(_ node: JSONNode, key: String, _ findings: inout IconFindings) {
    if let keyword = node.string {
      if !IconSchema.fillKeywords.contains(keyword) {
        findings.add(
          .iconUnknownValue, .warning, node: node,
          "\(key) is \(node.shown); known: \(IconSchema.fillKeywords.sorted().joined(separator: ", ")) or a color")
      }
      return
    }
    let kinds = (node.members ?? []).map(\.key).filter(IconSchema.fillKinds.contains)
    guard node.kind == .object, kinds.count == 1 else {
      findings.add(
        .iconMalformed, .error, node: node,
        "\(key) must be a keyword or an object with one of solid, automatic-gradient, linear-gradient")
      return
    }
    if let stops = node["linear-gradient"], stops.kind != .array || stops.children.count < 2 {
      findings.add(.iconMalformed, .error, node: stops, "\(key).linear-gradient must be a list of at least two colors")
    }
  }
}
