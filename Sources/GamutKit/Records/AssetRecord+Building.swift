extension AssetRecord.Rendition {
  /// The manifest entry of a rendition in the slot `traits`.
  init(
    traits: RenditionTraits, file: String, bitDepth: Int, source: String, sourceHash: String, bytes: Int
  ) {
    self.init(
      idiom: traits.idiom.rawValue, scale: traits.scaleName, appearance: traits.appearance.rawValue,
      contrast: traits.highContrast ? "high" : "normal", gamut: traits.gamut?.rawValue ?? "any", file: file,
      bitDepth: bitDepth, source: source, sourceHash: sourceHash, bytes: bytes)
  }
}

extension AssetRecord.Clipping {
  /// The manifest entry of a source's clipping check.
  init(source: String, colorChunks: ColorChunks, report: ClippingReport) {
    self.init(
      source: source, colorSpace: ColorSpaceDecision.of(colorChunks).name, verdict: report.verdict,
      outOfGamutFraction: report.outOfGamutShare, deltaE2000Max: report.colorShift.max,
      deltaE2000P99: report.colorShift.p99, plateauCount: report.plateaus.count,
      plateauLongest: report.plateaus.longestRun, lostDistinctionFraction: report.lostDistinctions.share,
      reasons: report.reasons)
  }
}

extension AssetRecord {
  /// The light/dark pairs among renditions: per idiom, scale, contrast and gamut, the light (or any-appearance)
  /// file and the dark file. Slots without a light or dark rendition are not pairs and are left out.
  static func pairs(of renditions: [Rendition]) -> [Pair] {
    var pairs: [String: Pair] = [:]
    var order: [String] = []
    var withAppearance: Set<String> = []
    for rendition in renditions {
      let key = [rendition.idiom, rendition.scale, rendition.contrast, rendition.gamut].joined(separator: "|")
      if pairs[key] == nil {
        order.append(key)
        pairs[key] = Pair(
          idiom: rendition.idiom, scale: rendition.scale, contrast: rendition.contrast, gamut: rendition.gamut,
          light: nil, dark: nil)
      }
      if rendition.appearance != "any" { withAppearance.insert(key) }
      if rendition.appearance == "dark" {
        pairs[key]!.dark = rendition.file
      } else if rendition.appearance == "light" || pairs[key]!.light == nil {
        pairs[key]!.light = rendition.file
      }
    }
    return order.filter(withAppearance.contains).compactMap { pairs[$0] }
  }
}
