/// The checks of a catalog's color sets: each set read as a color definition and checked as `gamut build` checks
/// the colors it writes (missing dark and high-contrast variants, copies of a system color, colors that merge in
/// sRGB, the `contrast:` pairs in every appearance), and display-p3 colors outside sRGB with no sRGB entry.
struct ColorSetLint {
  let context: LintContext

  /// The findings of every color set of the catalog.
  func check(_ sets: [CatalogTree.PlacedSet]) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    var colors: [ColorDefinition] = []
    for placed in sets where placed.set.kind == .colorSet {
      findings += StructureLint.check(placed.set, context: context)
      let read = definition(placed)
      findings += read.findings
      guard let color = read.color else { continue }
      colors.append(color)
      let options = context.configuration.options.colors
      findings += ColorChecks.missingVariants(color, requireHighContrast: options.requireHighContrast)
      findings += ColorChecks.replicatesSystem(color, platforms: context.platforms.systemColorPlatforms)
      findings += p3WithoutSRGB(placed.set)
    }
    let plans = Dictionary(
      colors.map { ($0.qualifiedName, ColorSetPlan($0, policy: .auto, mapping: .clip)) },
      uniquingKeysWith: { a, _ in a })
    findings += ColorChecks.indistinctInSRGB(colors, plans: plans, mapping: .clip).sorted { $0.key < $1.key }
      .flatMap(\.value)
    findings += contrast(colors)
    return findings
  }

  /// The color definition a set holds (its any-gamut or sRGB entries, display-P3 ones where it has only those), and
  /// the `invalid-color` findings for entries that cannot be read.
  private func definition(_ placed: CatalogTree.PlacedSet) -> (color: ColorDefinition?, findings: [Diagnostic]) {
    let set = placed.set
    guard set.document != nil else { return (nil, []) }
    var variants: [ColorDefinition.Slot: (variant: ColorDefinition.Variant, p3: Bool)] = [:]
    var findings: [Diagnostic] = []
    for entry in set.entries {
      guard let color = entry.color, let idiom = RenditionTraits.Idiom(rawValue: entry.idiom ?? "universal"),
        let slot = slot(entry, idiom: idiom)
      else { continue }
      let variant: ColorDefinition.Variant
      if let reference = color.reference {
        variant = .system(SystemColorReference(platform: color.platform ?? "universal", reference: reference))
      } else {
        switch CatalogColorValue.value(color) {
        case .success(let value): variant = .color(value)
        case .failure(let error):
          findings.append(context.atEntry(set, line: color.line, .error, .invalidColor, error.message))
          continue
        }
      }
      let p3 = entry.displayGamut == RenditionTraits.DisplayGamut.displayP3.rawValue
      if let existing = variants[slot], !existing.p3 || p3 { continue }
      variants[slot] = (variant, p3)
    }
    guard !variants.isEmpty else { return (nil, findings) }
    let color = ColorDefinition(
      groupPath: placed.namespace, name: set.name, source: context.path(of: set, file: "Contents.json"),
      line: set.entries.first?.line ?? 0, variants: variants.mapValues(\.variant))
    return (color, findings)
  }

  /// The slot of an entry; nil for a luminosity gamut does not model.
  private func slot(_ entry: CatalogEntry, idiom: RenditionTraits.Idiom) -> ColorDefinition.Slot? {
    let appearance: RenditionTraits.Appearance
    switch entry.luminosity {
    case nil: appearance = .any
    case "light": appearance = .light
    case "dark": appearance = .dark
    default: return nil
    }
    return ColorDefinition.Slot(idiom: idiom, appearance: appearance, highContrast: entry.highContrast)
  }
}
