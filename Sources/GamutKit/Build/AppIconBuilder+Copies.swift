extension AppIconBuilder {
  /// One image of a copied icon: its slot, its name in the set, its bytes and where they come from.
  private struct CopiedImage {
    var slot: AppIconSlot
    var fileName: String
    var bytes: [UInt8]
    var file: SourceFile
    var hash: String
    var bitDepth: Int
  }

  /// Builds an app icon that `unchanged:` names: every image is taken as it is, byte for byte, from the source of its
  /// own slot, under its canonical name or the one `fileNames:` gives it; two images may share one file when their
  /// bytes are equal. The set's blocks are the platforms its sources serve (`appIcon: platforms` does not apply):
  /// iOS for the artwork of each appearance, macOS for hand-tuned sizes (all ten needed), watchOS for
  /// `Name~watchos.png`. Nothing is converted or resampled, so a missing size is an error rather than made; each
  /// source is checked to be a PNG of its slot's size (its pixels are not judged: `gamut lint` does that).
  func buildCopies(
    _ icon: CatalogPlan.AppIcon, sources: [String: OpenedSource], hashes: [String: String], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics: [Diagnostic] = []
    let appearances = Set(
      icon.sources.keys.compactMap { role -> AppIconSlot.Appearance? in
        if case .artwork(let appearance) = role { appearance } else { nil }
      })
    var platforms: Set<AppIconSlot.Platform> = []
    for role in icon.sources.keys { platforms.insert(role.slot.platform) }
    var images: [CopiedImage] = []
    for slot in AppIconSlot.slots(platforms: platforms, iOSAppearances: appearances.union([.any])) {
      let role = Self.role(of: slot)
      guard let file = icon.sources[role] else {
        diagnostics.append(
          error(
            icon.qualifiedName, .appIconMissingArtwork,
            "an unchanged app icon is copied, not resampled: add '\(role.slot.fileName(iconName: icon.name))' "
              + "(\(slot.pixels)x\(slot.pixels))"))
        continue
      }
      if let image = copiedImage(slot, file: file, icon: icon, sources: sources, hashes: hashes, &diagnostics) {
        images.append(image)
      }
    }
    var byName: [String: [UInt8]] = [:]
    for image in images
    where byName.updateValue(image.bytes, forKey: image.fileName).map({ $0 != image.bytes }) ?? false {
      diagnostics.append(
        error(
          image.file.relativePath, .duplicateRendition,
          "another image of the icon gets the file name \(QuotedValue.quote(image.fileName)) with other bytes"))
    }
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      return failedRecord(icon.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    return writeCopies(icon, images: images, diagnostics: diagnostics, fingerprint: fingerprint, previous: previous)
  }

  /// The source role whose file a copied icon takes for `slot`.
  private static func role(of slot: AppIconSlot) -> AppIconSourceName.Role {
    switch slot.platform {
    case .ios: .artwork(slot.appearance)
    case .macos: .macSize(points: slot.points, scale: slot.scale)
    case .watchos: .watchArtwork
    }
  }

  /// A source read whole and checked: a PNG (by its signature) whose header gives the slot's size; nil, with the
  /// error in `diagnostics`, otherwise.
  private func copiedImage(
    _ slot: AppIconSlot, file: SourceFile, icon: CatalogPlan.AppIcon, sources: [String: OpenedSource],
    hashes: [String: String], _ diagnostics: inout [Diagnostic]
  ) -> CopiedImage? {
    let path = file.relativePath
    guard let source = sources[path], let hash = hashes[path] else {
      diagnostics.append(error(path, .unreadable, "the file could not be read"))
      return nil
    }
    let limit = options.inputLimits.maxVectorBytes
    guard source.byteCount <= limit, let bytes = source.bytes(limit: limit), source.isUnchanged,
      bytes.count == source.byteCount
    else {
      diagnostics.append(sourceChangedDiagnostic(path))
      return nil
    }
    guard bytes.count >= 33, bytes.starts(with: AssetBuilder.pngSignature), bytes[12..<16].elementsEqual("IHDR".utf8)
    else {
      let what = FileSignature.describe(Array(bytes.prefix(FileSignature.headLength))).map { "is \($0), not PNG" }
      diagnostics.append(error(path, .unreadablePNG, what ?? "has no PNG header, so it is not a PNG"))
      return nil
    }
    let number = { (at: Int) in bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
    let (width, height) = (number(16), number(20))
    guard width == slot.pixels, height == slot.pixels else {
      diagnostics.append(
        error(path, .appIconSize, "is \(width)x\(height) pixels; this image must be \(slot.pixels)x\(slot.pixels)"))
      return nil
    }
    let fileName = options.catalogRules.fileNames[path] ?? slot.fileName(iconName: icon.name)
    return CopiedImage(
      slot: slot, fileName: fileName, bytes: bytes, file: file, hash: hash, bitDepth: Int(bytes[24]))
  }

  /// Writes the copied images (each file once) and `Contents.json`, and returns the record.
  private func writeCopies(
    _ icon: CatalogPlan.AppIcon, images: [CopiedImage], diagnostics: [Diagnostic], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics = diagnostics
    let folder = catalogPath + "/" + icon.folderPath
    let written = writingFiles(of: icon.qualifiedName, diagnostics: &diagnostics) {
      () throws -> [AssetRecord.Rendition] in
      try CatalogFiles.makeFolders(icon.folderPath, in: catalogPath)
      var renditions: [AssetRecord.Rendition] = []
      for image in images {
        try CatalogFiles.writeIfChanged(image.bytes, to: folder + "/" + image.fileName)
        renditions.append(
          AssetRecord.Rendition(
            idiom: image.slot.platform == .macos ? "mac" : "universal", scale: "\(image.slot.scale)x",
            appearance: image.slot.appearance.rawValue, contrast: "normal", gamut: "any",
            file: icon.folderPath + "/" + image.fileName, bitDepth: image.bitDepth, source: image.file.relativePath,
            sourceHash: image.hash, bytes: image.bytes.count, platform: image.slot.platform.rawValue,
            size: "\(image.slot.points)x\(image.slot.points)", generated: false))
      }
      let contents = ContentsFile.appIconSet(images: images.map { ($0.slot, $0.fileName) })
      try CatalogFiles.writeIfChanged(Array(contents.utf8), to: folder + "/Contents.json")
      return renditions
    }
    guard let renditions = written else {
      return failedRecord(icon.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    return builtRecord(
      icon.builtFolder, renditions: renditions, pairs: [], clipping: [], diagnostics: diagnostics,
      fingerprint: fingerprint, previous: previous)
  }
}
