extension AssetBuilder {
  /// The largest vector source copied (PDFs of artwork stay far below it).
  static let maxVectorBytes = 256 << 20
  /// The eight bytes every PNG starts with.
  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Builds an asset whose sources are copied: JPEGs, vectors (PDF, SVG, or a symbol), or the PNGs of an
  /// `unchanged:` asset. Each is checked to be what its name says and copied unchanged, atomically, under its canonical name
  /// (or the one `fileNames:` gives it); then the image set's or symbol set's `Contents.json` is written. A source
  /// that fails its check fails the asset, which keeps its previous outputs. A PDF or PNG is checked and copied a
  /// window at a time, so a 200 MB PDF costs a few megabytes of memory; an SVG or a JPEG is read whole to be checked.
  func buildCopies(
    _ asset: CatalogPlan.Asset, sources: [String: OpenedSource], hashes: [String: String], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics: [Diagnostic] = []
    let copies = sourceCopies(asset, sources: sources, hashes: hashes, diagnostics: &diagnostics)
    guard copies.count == asset.sources.count, diagnostics.allSatisfy({ $0.severity != .error }) else {
      return failedRecord(asset.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    let folder = catalogPath + "/" + asset.imageSetPath
    let written = writingFiles(of: asset.qualifiedName, diagnostics: &diagnostics) {
      () throws -> [AssetRecord.Rendition] in
      var renditions: [AssetRecord.Rendition] = []
      try CatalogFiles.makeFolders(asset.imageSetPath, in: catalogPath)
      for copy in copies {
        try copy.copy.commit(to: folder + "/" + copy.fileName)
        var rendition = AssetRecord.Rendition(
          traits: copy.traits, file: asset.imageSetPath + "/" + copy.fileName, bitDepth: 0,
          source: copy.file.relativePath, sourceHash: hashes[copy.file.relativePath]!, bytes: copy.copy.bytesWritten)
        if let jpeg = copy.jpeg {
          rendition.bitDepth = jpeg.header.precision
          rendition.width = jpeg.header.width
          rendition.height = jpeg.header.height
          rendition.colorSpace = jpeg.colorSpace
        } else {
          rendition.declaredColorSpaces = copy.colorSpaces
        }
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

  /// A copied source checked and copied into a temporary file in the catalog, with its file name in the set.
  struct SourceCopy {
    var traits: RenditionTraits
    var fileName: String
    /// The copy, renamed into the set once every file of the asset is ready.
    var copy: AtomicFileWriter
    var file: SourceFile
    /// A vector's declared color spaces.
    var colorSpaces: [String] = []
    /// A JPEG's header and the name of its color space.
    var jpeg: (header: JPEGHeader, colorSpace: String)?
  }

  /// Each source of a copied asset checked to be what its name says and copied; a source that is missing, too
  /// large, changing or not what it claims gets its error instead, and two copies that would share a file name
  /// get one error for the asset. JPEG renditions also get the size checks of converted images.
  private func sourceCopies(
    _ asset: CatalogPlan.Asset, sources: [String: OpenedSource], hashes: [String: String],
    diagnostics: inout [Diagnostic]
  ) -> [SourceCopy] {
    var copies: [SourceCopy] = []
    for (traits, file) in asset.sources.sorted(by: { $0.key < $1.key }) {
      if let copy = sourceCopy(
        asset, traits: traits, file: file, source: sources[file.relativePath], hashed: hashes[file.relativePath] != nil,
        diagnostics: &diagnostics)
      {
        copies.append(copy)
      }
    }
    if Set(copies.map { $0.fileName.lowercased() }).count != copies.count {
      diagnostics.append(
        error(asset.qualifiedName, .duplicateRendition, "two renditions would get one file name (fileNames:)"))
    }
    diagnostics += ImageChecks.sizeDiagnostics(
      copies.compactMap { copy in
        copy.jpeg.map { (copy.traits, copy.file.relativePath, $0.header.width, $0.header.height) }
      })
    return copies
  }

  /// One source of a copied asset, checked and copied into a temporary file; nil with its error in `diagnostics`.
  private func sourceCopy(
    _ asset: CatalogPlan.Asset, traits: RenditionTraits, file: SourceFile, source: OpenedSource?, hashed: Bool,
    diagnostics: inout [Diagnostic]
  ) -> SourceCopy? {
    let path = file.relativePath
    guard let format = SourceFormat(fileName: file.fileName), let source, hashed else {
      diagnostics.append(error(path, .unreadable, "the file could not be read"))
      return nil
    }
    let limit = options.inputLimits.maxVectorBytes
    guard source.byteCount <= limit else {
      diagnostics.append(
        error(
          path, format == .jpeg ? .unreadableJPEG : .unreadableVector,
          "is \(source.byteCount) bytes, more than the limit of \(limit) bytes (raise it with --max-vector-mib); "
            + "not read"))
      return nil
    }
    var colorSpaces: [String] = []
    var jpeg: (header: JPEGHeader, colorSpace: String)?
    if format == .jpeg {
      guard let bytes = source.bytes(limit: limit), bytes.count == source.byteCount else {
        diagnostics.append(sourceChangedDiagnostic(path))
        return nil
      }
      guard let checked = checkedJPEG(bytes, path: path, diagnostics: &diagnostics) else { return nil }
      jpeg = checked
    } else {
      do throws(VectorCheck.Failure) {
        colorSpaces = try Self.check(source, format: format, limit: limit)
      } catch {
        diagnostics.append(self.error(path, error.code, error.reason))
        return nil
      }
    }
    let fileName =
      options.catalogRules.fileNames[path] ?? traits.fileName(assetName: asset.name, extension: format.fileExtension)
    guard let copy = temporaryCopy(of: source, named: fileName), source.isUnchanged,
      copy.bytesWritten == source.byteCount
    else {
      diagnostics.append(sourceChangedDiagnostic(path))
      return nil
    }
    return SourceCopy(
      traits: traits, fileName: fileName, copy: copy, file: file, colorSpaces: colorSpaces, jpeg: jpeg)
  }

  /// Checks `source` as `format` (at most `limit` bytes): a PNG by its signature, a PDF a window at a time, an SVG
  /// read whole; the color spaces it declares. (A JPEG is checked by ``checkedJPEG(_:path:diagnostics:)``.)
  private static func check(_ source: OpenedSource, format: SourceFormat, limit: Int) throws(VectorCheck.Failure)
    -> [String]
  {
    switch format {
    case .png:
      let head = source.bytes(limit: FileSignature.headLength) ?? []
      guard head.starts(with: pngSignature) else {
        let what = FileSignature.describe(head).map { "is \($0), not PNG" }
        throw VectorCheck.Failure(code: .unreadablePNG, reason: what ?? "has no PNG signature, so it is not a PNG")
      }
      return []
    case .pdf:
      return try VectorCheck.checkPDF(
        ByteWindows(count: source.byteCount) { source.bytes(from: $0.lowerBound, limit: $0.count) })
    case .svg, .symbol:
      return try VectorCheck.check(source.bytes(limit: limit) ?? [], format: format)
    case .jpeg:
      return []
    }
  }

  /// `source` copied a megabyte at a time into a temporary file in the catalog, which is renamed into the set
  /// once every file of the asset is ready; nil when reading or writing fails.
  private func temporaryCopy(of source: OpenedSource, named fileName: String) -> AtomicFileWriter? {
    let name = fileName.split(separator: "/").last.map(String.init) ?? fileName
    guard let writer = try? AtomicFileWriter(for: catalogPath + "/" + name) else { return nil }
    var offset = 0
    while offset < source.byteCount {
      guard let chunk = source.bytes(from: offset, limit: 1 << 20), !chunk.isEmpty,
        (try? writer.write(chunk)) != nil
      else { return nil }
      offset += chunk.count
    }
    return writer
  }
}
