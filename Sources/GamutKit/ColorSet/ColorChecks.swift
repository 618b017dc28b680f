/// The checks on color definitions that need no pairing: missing variants, colors that merge in sRGB, and custom
/// colors that copy a system color.
package enum ColorChecks {
  /// `color-missing-dark` and `color-missing-hc`, notes (`color-missing-hc` a warning when `requireHighContrast`): the
  /// HIG asks every custom color for a dark and an increased-contrast variant, but a color kept fixed on purpose (a
  /// brand color, a shadow) looks the same, and gamut cannot tell the two apart, so it says no more than a note. A
  /// color whose any-appearance variant is a system reference adapts by itself, and a fully transparent color
  /// (alpha 0 in every variant) shows nothing to adapt: neither is reported.
  package static func missingVariants(_ color: ColorDefinition, requireHighContrast: Bool) -> [Diagnostic] {
    if case .system = color.variants[ColorDefinition.Slot()] { return [] }
    // A color whose every slot is unfilled (a template's AccentColor) has nothing to check.
    if color.variants.values.allSatisfy({ $0 == .unfilled }) { return [] }
    let values = color.variants.values.compactMap(\.color)
    if values.count == color.variants.count, values.allSatisfy({ $0.alpha == 0 }) { return [] }
    var findings: [Diagnostic] = []
    if !color.variants.keys.contains(where: { $0.appearance == .dark }) {
      findings.append(
        Diagnostic(
          about: color, severity: .note, code: .colorMissingDark,
          message:
            "color \(QuotedValue.quote(color.qualifiedName)) has no dark variant (the HIG asks for light and dark variants of "
            + "every custom color)"))
    }
    if !color.variants.keys.contains(where: \.highContrast) {
      findings.append(
        Diagnostic(
          about: color, severity: requireHighContrast ? .warning : .note, code: .colorMissingHighContrast,
          message:
            "color \(QuotedValue.quote(color.qualifiedName)) has no increased-contrast variant (hc, light-hc, dark-hc)")
      )
    }
    return findings
  }

  /// `colors-indistinct-in-srgb` (warning): two colors that differ clearly as given (CIEDE2000 >= 2) in a slot but
  /// hardly (< 1) once mapped to sRGB, where at least one of them lies outside sRGB. Each pair is reported once, at
  /// the color whose qualified name sorts first, for the first slot where it happens. The findings are keyed by that
  /// color's qualified name.
  ///
  /// Each color is mapped to sRGB once per slot, and a color outside sRGB is compared only with the colors an
  /// ``SRGBMergeIndex`` finds near its mapping, at most ``maxComparisons`` of them in each slot, so the
  /// check stays linear with many colors outside sRGB (every pair was compared before: 2,000 such colors took
  /// minutes in a debug build). Only a palette with more than that many colors crowded around one sRGB rendering
  /// is checked partly.
  /// The most colors one color outside sRGB is compared with.
  static let maxComparisons = 64

  package static func indistinctInSRGB(
    _ colors: [ColorDefinition], plans: [String: ColorSetPlan], mapping: GamutMapping
  ) -> [String: [Diagnostic]] {
    var findings: [String: [Diagnostic]] = [:]
    let wide = colors.indices.filter { !(plans[colors[$0].qualifiedName]?.mappings.isEmpty ?? true) }
    guard !wide.isEmpty else { return [:] }
    var slots: [ColorDefinition.Slot: (mapped: [ColorValue?], index: SRGBMergeIndex)] = [:]
    for slot in Set(wide.flatMap { colors[$0].variants.keys }) {
      let mapped = colors.map { $0.resolved(slot)?.color.map { ColorGamutMapping.toSRGB($0, mapping: mapping) } }
      slots[slot] = (mapped, SRGBMergeIndex(mapped.map { $0?.lab }))
    }
    var reported: Set<[String]> = []
    for firstIndex in wide {
      let first = colors[firstIndex]
      let order = first.variants.keys.sorted()
      var candidates: Set<Int> = []
      for slot in order {
        guard let near = slots[slot]?.mapped[firstIndex]?.lab else { continue }
        candidates.formUnion(slots[slot]!.index.candidates(near: near, limit: maxComparisons))
      }
      for secondIndex in candidates.sorted().prefix(maxComparisons)
      where colors[secondIndex].qualifiedName != first.qualifiedName {
        let second = colors[secondIndex]
        let key = [first.qualifiedName, second.qualifiedName].sorted()
        guard !reported.contains(key) else { continue }
        for slot in order {
          guard let a = first.variants[slot]?.color, let b = second.resolved(slot)?.color,
            let mappedA = slots[slot]?.mapped[firstIndex], let mappedB = slots[slot]?.mapped[secondIndex]
          else { continue }
          let original = a.deltaE2000(b)
          let mapped = mappedA.deltaE2000(mappedB)
          guard original >= 2, mapped < 1 else { continue }
          reported.insert(key)
          let (owner, other) = key[0] == first.qualifiedName ? (first, second) : (second, first)
          findings[owner.qualifiedName, default: []].append(
            Diagnostic(
              about: owner, severity: .warning, code: .colorsIndistinctInSRGB,
              message: "\(QuotedValue.quote(owner.qualifiedName)) and \(QuotedValue.quote(other.qualifiedName)) "
                + "(\(slot.key)) differ by ΔE2000 \(format(original)) as given but only \(format(mapped)) on an sRGB "
                + "display"))
          break
        }
      }
    }
    return findings.mapValues { $0.sorted { $0.message < $1.message } }
  }

  /// The HIG table with each color's light and dark CIELab, computed once rather than for every color checked.
  private static let systemLabs = SystemColor.table.map { (color: $0, light: $0.light.lab, dark: $0.dark.lab) }

  /// `color-replicates-system` (note): a custom color whose light and dark values are each within CIEDE2000 1 of a
  /// system color's published ones, so a reference to it would adapt (and follow future changes) for free. Only the
  /// system colors of `platforms` are compared: a macOS-only catalog is never told to use an iOS color.
  package static func replicatesSystem(
    _ color: ColorDefinition, platforms: Set<SystemColor.Platform> = [.iOS, .macOS]
  ) -> [Diagnostic] {
    guard let light = ContrastCheck.color(of: color, in: .light), let dark = ContrastCheck.color(of: color, in: .dark),
      case .color = color.resolved(ColorDefinition.Slot(appearance: .light)),
      case .color = color.resolved(ColorDefinition.Slot(appearance: .dark))
    else { return [] }
    let (lightLab, darkLab) = (light.lab, dark.lab)
    // ΔE2000 is at least |ΔL| / 1.75 (its lightness weight is at most 1.75), so a lightness 2 apart is no match.
    let matches = systemLabs.filter { system in
      platforms.contains(system.color.platform) && abs(system.light.l - lightLab.l) < 2
        && abs(system.dark.l - darkLab.l) < 2 && ColorDifference.ciede2000(lightLab, system.light) < 1
        && ColorDifference.ciede2000(darkLab, system.dark) < 1
    }.map(\.color)
    guard let match = matches.first else { return [] }
    let platforms = matches.filter { $0.reference == match.reference }.map(\.platform.rawValue).joined(separator: ", ")
    return [
      Diagnostic(
        about: color, severity: .note, code: .colorReplicatesSystem,
        message:
          "color \(QuotedValue.quote(color.qualifiedName)) matches the system color \(match.name) (\(match.reference), "
          + "\(platforms)) in light and dark; reference it instead ({ system: \(match.reference) }) so it adapts "
          + "to increased contrast and future releases")
    ]
  }

  /// One decimal, for messages.
  static func format(_ value: Double) -> String {
    let tenths = Int((value * 10).rounded())
    return "\(tenths / 10).\(tenths % 10)"
  }
}
