/// The checks of an image set: its structure, each file's chunks, sizes across scales and appearances (at the scales
/// the catalog's platforms draw), mixed color spaces within one appearance, dark renditions that copy their light
/// one, and (decoding only the files that need it) clipping, wasted Display P3 renditions, needless 16-bit files and
/// white areas in dark renditions.
struct ImageSetLint {
  let context: LintContext

  /// The findings of `set` and its PNG images (for the catalog-wide duplicate check).
  func check(_ set: CatalogSet) -> (findings: [Diagnostic], images: [LintImage]) {
    var findings = StructureLint.check(set, context: context)
    let loaded = ImageFileLint.load(set, context: context)
    findings += loaded.findings
    let images = loaded.images
    // Renditions for other screens, size classes, directions or locales are sized for them: compared apart.
    for (_, group) in Dictionary(grouping: images, by: { Self.otherTraits($0.entry) }).sorted(by: {
      "\($0.key)" < "\($1.key)"
    }) {
      let sized = group.compactMap { image -> (traits: RenditionTraits, path: String, width: Int, height: Int)? in
        guard let traits = image.traits, !traits.isSingleScale, context.platforms.draws(scale: traits.scale) else {
          return nil
        }
        return (traits, image.path, image.header.width, image.header.height)
      }
      findings += ImageChecks.sizeDiagnostics(sized)
    }
    let twins = AppearanceCopies.twins(set, images: images)
    var pixelCopies: Set<String> = []
    for image in images {
      findings += ImageFileLint.check(image, configuration: context.configuration)
      if let fractional = ImageFileLint.fractionalPoints(image, platforms: context.platforms) {
        findings.append(fractional)
      }
      let file = image.entry.filename ?? ""
      let pixels = PixelLint(context: context).check(image, twin: twins[file])
      findings += pixels.findings
      if pixels.sameAsTwin == true { pixelCopies.insert(file) }
    }
    findings += mixedSpaces(set, images)
    findings += AppearanceCopies.darkCopies(set, images: images, pixelCopies: pixelCopies, context: context)
    return (findings, images)
  }

  /// The traits of an entry that gamut's traits leave out: subtype, screen width, size classes, memory, graphics
  /// feature set, language direction, locale.
  static func otherTraits(_ entry: CatalogEntry) -> [String?] {
    [
      "subtype", "screen-width", "width-class", "height-class", "memory", "graphics-feature-set",
      "language-direction", "locale",
    ].map { entry.string($0) }
  }

  /// `mixed-profiles`: images of one display-gamut slot (sRGB, display-P3, or any) and one appearance in different
  /// color spaces. Light and dark renditions never show side by side, so they are not compared.
  private func mixedSpaces(_ set: CatalogSet, _ images: [LintImage]) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let bySlot = Dictionary(grouping: images) { image in
      [image.entry.displayGamut ?? "", image.entry.luminosity ?? "", image.entry.highContrast ? "high" : ""]
    }
    for (_, group) in bySlot.sorted(by: { $0.key.joined(separator: "/") < $1.key.joined(separator: "/") }) {
      let bySpace = Dictionary(grouping: group, by: \.spaceName)
      guard bySpace.count > 1 else { continue }
      let listing = bySpace.sorted { $0.key < $1.key }.map { space, members in
        "\(space) (" + members.map { String($0.path.split(separator: "/").last ?? "") }.joined(separator: ", ") + ")"
      }
      findings.append(
        context.atEntry(
          set, line: group.first?.entry.line, .warning, .mixedProfiles,
          "the renditions of one slot and appearance are in different color spaces: " + listing.joined(separator: "; ")
            + "; devices that draw one scale or idiom show other colors than those that draw another"))
    }
    return findings
  }
}
