extension IconBundleChecks {
  /// Icon Composer's value of a property left unset, for the properties where the documents show it, as
  /// ``JSONNode/compactText(numbersAsValues:)`` writes it with numbers as values.
  static let unsetValues: [String: String] = ["opacity": "1.0", "hidden": "false", "blend-mode": "\"normal\""]

  /// What each appearance shows: at most four groups, and dark specializations that change something.
  static func checkAppearances(_ findings: inout IconFindings) {
    let document = findings.document
    for appearance in IconAppearance.allCases {
      let visible = document.groups.filter { !document.isHidden($0.element, appearance) }
      guard visible.count > 4, let list = findings.json["groups"] else { continue }
      findings.add(
        .iconTooManyGroups, .warning, node: list,
        "\(visible.count) groups are visible in the \(appearance.rawValue) appearance; the HIG allows four")
    }
    for element in findings.elements {
      for property in element.properties.values.sorted(by: { $0.name < $1.name }) {
        checkDarkUnchanged(property, of: element, &findings)
      }
    }
  }

  /// A dark entry (without idiom) whose value equals the light value in effect (or the unset value): the same
  /// text, numbers compared by value.
  private static func checkDarkUnchanged(
    _ property: IconProperty, of element: IconElement, _ findings: inout IconFindings
  ) {
    guard let dark = property.specializations.last(where: { $0.appearance == "dark" && $0.idiom == nil }),
      let value = dark.value
    else { return }
    let light = property.resolve(.light).map { $0.compactText(numbersAsValues: true) }
    guard let light = light ?? unsetValues[property.name],
      value.compactText(numbersAsValues: true) == light
    else { return }
    let source = property.resolve(.light) == nil ? "the value it has when unset" : "the default value"
    findings.add(
      .iconDarkUnchanged, .note, node: dark.node,
      "\(element.path(property.name + IconSchema.specializationSuffix)): the dark value \(value.shown) "
        + "is \(source); the specialization changes nothing")
  }
}
