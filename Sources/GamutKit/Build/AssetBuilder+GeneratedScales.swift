extension AssetBuilder {
  /// With `generateScales`, writes the missing smaller scales of `asset` into its imageset, made from the
  /// renditions already there (`written`, one per slot of `planned`, in that order), and returns every rendition
  /// in `Contents.json` order with the generated slots and file names. Without it, returns `written` as it is.
  func addingGeneratedScales(
    _ asset: CatalogPlan.Asset, planned: [RenditionTraits], written: [AssetRecord.Rendition]
  ) throws -> (renditions: [AssetRecord.Rendition], generated: [(traits: RenditionTraits, fileName: String)]) {
    guard options.generateScales else { return (written, []) }
    var renditions = Dictionary(uniqueKeysWithValues: zip(planned, written))
    var generated: [(traits: RenditionTraits, fileName: String)] = []
    for plan in GeneratedScales.plan(planned) {
      let from = renditions[plan.from]!
      let fileName = plan.traits.fileName(assetName: asset.name)
      let bytes = try GeneratedScales.make(
        plan, fromFile: catalogPath + "/" + from.file, compressionLevel: options.compressionLevel)
      try CatalogFiles.writeIfChanged(bytes, to: catalogPath + "/" + asset.imageSetPath + "/" + fileName)
      var record = AssetRecord.Rendition(
        traits: plan.traits, file: asset.imageSetPath + "/" + fileName, bitDepth: from.bitDepth, source: from.source,
        sourceHash: from.sourceHash, bytes: bytes.count)
      record.generated = true
      renditions[plan.traits] = record
      generated.append((plan.traits, fileName))
    }
    return (renditions.sorted { $0.key < $1.key }.map(\.value), generated)
  }
}
