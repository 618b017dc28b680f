extension ColorRecord {
  /// The color as the HTML report shows it (the report's own model of a color set).
  var reportEntry: ColorSetEntry {
    ColorSetEntry(
      name: name, group: group,
      variants: variants.map { variant in
        ColorSetEntry.Variant(
          appearance: variant.appearance, contrast: variant.contrast,
          idiom: variant.idiom == "universal" ? nil : variant.idiom, srgb: variant.srgb,
          displayP3: variant.displayP3, deltaE2000: variant.deltaE2000)
      },
      contrast: contrast.compactMap { result in
        result.ratio.map { ratio in
          ColorSetEntry.ContrastResult(
            foreground: result.foreground, background: result.background, appearance: result.appearance.rawValue,
            ratio: ratio, minimum: result.minimum, target: result.target, foregroundColor: result.foregroundColor,
            backgroundColor: result.backgroundColor)
        }
      },
      diagnostics: diagnostics)
  }
}
