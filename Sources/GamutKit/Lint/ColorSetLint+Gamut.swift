extension ColorSetLint {
  /// `p3-color-without-srgb`: a display-p3 color outside sRGB whose set has no sRGB entry for its slot; an sRGB
  /// display clips it, and the message says how far (CIEDE2000).
  func p3WithoutSRGB(_ set: CatalogSet) -> [Diagnostic] {
    func key(_ entry: CatalogEntry) -> [String?] {
      [entry.idiom, entry.subtype, entry.luminosity, entry.highContrast ? "high" : nil]
    }
    let srgbSlots = Set(
      set.entries.filter { $0.displayGamut == RenditionTraits.DisplayGamut.sRGB.rawValue && $0.color != nil }.map(key))
    var findings: [Diagnostic] = []
    for entry in set.entries where entry.displayGamut != RenditionTraits.DisplayGamut.sRGB.rawValue {
      guard let color = entry.color, color.colorSpace == "display-p3", !srgbSlots.contains(key(entry)),
        case .success(let value) = CatalogColorValue.value(color), !value.isInside(.sRGB)
      else { continue }
      let mapped = ColorGamutMapping.toSRGB(value, mapping: .clip)
      findings.append(
        context.atEntry(
          set, line: entry.line, .warning, .p3ColorWithoutSRGB,
          "display-p3 color \(value.cssText) lies outside sRGB and the set has no sRGB entry for it: sRGB displays "
            + "clip it to \(mapped.cssText), ΔE2000 \(LintContext.format(value.deltaE2000(mapped)))"))
    }
    return findings
  }

  /// The `contrast:` pairs of the configuration, resolved against the catalog's color names (`Name`, or the
  /// namespaced `Group/Name`), in every appearance; `contrast-unknown-color` for a name the catalog does not have.
  func contrast(_ colors: [ColorDefinition]) -> [Diagnostic] {
    let options = context.configuration.options.colors
    var findings: [Diagnostic] = []
    for pair in options.pairs {
      guard let foreground = ColorCatalogReader.find(pair.foreground, in: colors),
        let background = ColorCatalogReader.find(pair.background, in: colors)
      else {
        let names = [pair.foreground, pair.background].filter { ColorCatalogReader.find($0, in: colors) == nil }
        findings.append(
          Diagnostic(
            path: context.tree.path, severity: .note, code: .contrastUnknownColor,
            message: "contrast pair '\(pair.foreground)' on '\(pair.background)': this catalog has no color named "
              + names.map { "'\($0)'" }.joined(separator: " or ")))
        continue
      }
      let results = ContrastCheck.evaluate(
        foreground: foreground, background: background, text: pair.text, options: options,
        appearances: ContrastCheck.Appearance.allCases)
      findings += ContrastCheck.diagnostics(results, about: foreground)
    }
    return findings
  }
}
