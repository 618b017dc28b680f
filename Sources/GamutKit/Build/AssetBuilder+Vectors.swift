extension AssetBuilder {
  /// Builds an asset of vector sources (PDF, SVG, or a symbol): each is checked to be what its name says and
  /// copied unchanged, atomically, under its canonical name; then the image set's or symbol set's `Contents.json`
  /// is written. A source that fails its check fails the asset, which keeps its previous outputs.
  func buildVectors(
    _ asset: CatalogPlan.Asset, sources: [String: OpenedSource], hashes: [String: String], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics: [Diagnostic] = []
    var copies: [(traits: RenditionTraits, fileName: String, bytes: [UInt8], file: SourceFile, colorSpaces: [String])] =
      []
    for (traits, file) in asset.sources.sorted(by: { $0.key < $1.key }) {
      let path = file.relativePath
      guard let format = SourceFormat(fileName: file.fileName), let source = sources[path], hashes[path] != nil else {
        diagnostics.append(error(path, .unreadable, "the file could not be read"))
        continue
      }
      let limit = options.inputLimits.maxVectorBytes
      guard source.byteCount <= limit else {
        diagnostics.append(
          error(
            path, .unreadableVector,
            "is \(source.byteCount) bytes, more than the limit of \(limit) bytes (raise it with --max-vector-mib); "
              + "not read"))
        continue
      }
      guard let bytes = source.bytes(limit: limit), source.isUnchanged, bytes.count == source.byteCount
      else {
        diagnostics.append(
          error(path, .sourceChanged, "the file changed while it was being read; the next build reads it again"))
        continue
      }
      do throws(VectorCheck.Failure) {
        let colorSpaces = try VectorCheck.check(bytes, format: format)
        copies.append(
          (traits, traits.fileName(assetName: asset.name, extension: format.fileExtension), bytes, file, colorSpaces))
      } catch {
        diagnostics.append(self.error(path, error.code, error.reason))
      }
    }
    guard copies.count == asset.sources.count else {
      return failedRecord(asset, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    let folder = catalogPath + "/" + asset.imageSetPath
    var renditions: [AssetRecord.Rendition] = []
    do {
      try CatalogFiles.makeFolders(asset.imageSetPath, in: catalogPath)
      for copy in copies {
        try CatalogFiles.writeIfChanged(copy.bytes, to: folder + "/" + copy.fileName)
        var rendition = AssetRecord.Rendition(
          traits: copy.traits, file: asset.imageSetPath + "/" + copy.fileName, bitDepth: 0,
          source: copy.file.relativePath, sourceHash: hashes[copy.file.relativePath]!, bytes: copy.bytes.count)
        rendition.declaredColorSpaces = copy.colorSpaces
        renditions.append(rendition)
      }
      let contents =
        asset.kind == .symbolSet
        ? ContentsFile.symbolSet(fileName: copies[0].fileName)
        : ContentsFile.imageSet(
          renditions: copies.map { ($0.traits, $0.fileName) }, properties: asset.properties,
          slots: options.catalogRules.slots)
      try CatalogFiles.writeIfChanged(Array(contents.utf8), to: folder + "/Contents.json")
    } catch {
      diagnostics.append(self.error(asset.qualifiedName, .writeFailed, "\(error)"))
      return failedRecord(asset, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    return builtRecord(
      asset, renditions: renditions, clipping: [], diagnostics: diagnostics, fingerprint: fingerprint,
      previous: previous)
  }
}
