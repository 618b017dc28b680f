extension AssetBuilder {
  /// Builds an asset of vector sources (PDF, SVG, or a symbol): each is checked to be what its name says and
  /// copied unchanged, atomically, under its canonical name; then the image set's or symbol set's `Contents.json`
  /// is written. A source that fails its check fails the asset, which keeps its previous outputs.
  func buildVectors(
    _ asset: CatalogPlan.Asset, sources: [String: OpenedSource], hashes: [String: String], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics: [Diagnostic] = []
    let copies = vectorCopies(asset, sources: sources, hashes: hashes, diagnostics: &diagnostics)
    guard copies.count == asset.sources.count else {
      return failedRecord(asset.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    let folder = catalogPath + "/" + asset.imageSetPath
    let written = writingFiles(of: asset.qualifiedName, diagnostics: &diagnostics) {
      () throws -> [AssetRecord.Rendition] in
      var renditions: [AssetRecord.Rendition] = []
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
      return renditions
    }
    guard let renditions = written else {
      return failedRecord(asset.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    return builtRecord(
      asset.builtFolder, renditions: renditions, pairs: AssetRecord.pairs(of: renditions), clipping: [],
      diagnostics: diagnostics, fingerprint: fingerprint, previous: previous)
  }

  /// A vector source checked and read, with its canonical file name in the set.
  typealias VectorCopy = (
    traits: RenditionTraits, fileName: String, bytes: [UInt8], file: SourceFile, colorSpaces: [String]
  )

  /// Each source of a vector asset checked to be what its name says and read whole; a source that is missing, too
  /// large, changing or not what it claims gets its error instead.
  private func vectorCopies(
    _ asset: CatalogPlan.Asset, sources: [String: OpenedSource], hashes: [String: String],
    diagnostics: inout [Diagnostic]
  ) -> [VectorCopy] {
    var copies: [VectorCopy] = []
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
        diagnostics.append(sourceChangedDiagnostic(path))
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
    return copies
  }
}
