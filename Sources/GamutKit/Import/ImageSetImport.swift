/// An image set (`Name.imageset`) or symbol set (`Name.symbolset`) expressed as gamut sources: each rendition file
/// copied under gamut's name for its slot (`Name~dark@2x.png`), its properties as configuration.
enum ImageSetImport {
  /// The members of an image entry gamut writes.
  static let entryKeys: Set<String> = ["filename", "idiom", "scale", "appearances", "display-gamut"]

  static func translate(_ entry: ImportInventory.Entry, set: CatalogSet) throws(KeepReason) -> TranslatedEntry {
    let qualified = try ImportNames.qualifiedName(entry)
    guard set.hasXcodeInfo else { throw KeepReason(.key, "info other than Xcode's (author xcode, version 1)") }
    if set.kind == .symbolSet { return try symbolSet(entry, set: set) }
    if let extra = set.topLevelKeys.first(where: { !["images", "info", "properties"].contains($0) }) {
      throw KeepReason(.key, "top-level key " + QuotedValue.quote(extra))
    }
    guard set.document?["images"]?.elements != nil else { throw KeepReason(.key, "no images list") }
    var result = TranslatedEntry(path: entry.path)
    result.configuration = try properties(set.properties, qualified: qualified)
    let folder = entry.group.joined(separator: "/")
    var formats: Set<SourceFormat> = []
    var scaled = false
    var single = false
    for image in set.entries {
      let traits = try ImportTraits.traits(of: image, allowedKeys: entryKeys)
      guard let fileName = image.filename else { continue }
      guard entry.hasFile(fileName) else { throw KeepReason(.absentFile, QuotedValue.quote(fileName)) }
      guard let format = SourceFormat(fileName: fileName), format != .symbol else {
        throw KeepReason(.rendition, QuotedValue.quote(fileName))
      }
      try checkSignature(entry, fileName: fileName, format: format)
      formats.insert(format)
      if traits.isSingleScale { single = true } else { scaled = true }
      let sourceName = traits.fileName(assetName: entry.name, extension: format.fileExtension)
      let sourcePath = folder.isEmpty ? sourceName : folder + "/" + sourceName
      guard !result.copies.contains(where: { $0.to == sourcePath }) else {
        throw KeepReason(.layout, "two entries in one slot")
      }
      result.copies.append(.init(from: entry.path + "/" + fileName, to: sourcePath))
      if fileName != sourceName { result.configuration.fileNames[sourcePath] = fileName }
    }
    guard !result.copies.isEmpty else { throw KeepReason(.layout, "no rendition file (gamut writes no empty set)") }
    let vector = formats.contains { $0.isVector }
    guard !vector || formats.allSatisfy(\.isVector) else {
      throw KeepReason(.layout, "raster and vector renditions in one set")
    }
    if !vector && single {
      guard !scaled else { throw KeepReason(.layout, "single-scale and scaled raster images in one set") }
      result.configuration.singleScale.append(qualified)
    }
    if !vector && result.configuration.preservesVectors.contains(qualified) {
      throw KeepReason(.key, "preserves-vector-representation on a raster set")
    }
    result.note =
      switch (vector, formats.contains(.png), formats.contains(.jpeg)) {
      case (true, _, _): "vectors copied"
      case (false, true, true): "PNGs and JPEGs copied unchanged"
      case (false, false, true): "JPEGs copied unchanged"
      default: "PNGs copied unchanged"
      }
    return result
  }

  /// Keeps a `.png` or `.jpg` rendition that is another kind of file (a WebP named `.png`): the build copies only
  /// what its name says.
  static func checkSignature(
    _ entry: ImportInventory.Entry, fileName: String, format: SourceFormat
  ) throws(KeepReason) {
    let expected: [UInt8]
    switch format {
    case .png: expected = AssetBuilder.pngSignature
    case .jpeg: expected = [0xFF, 0xD8, 0xFF]
    default: return
    }
    let path = entry.catalogPath + "/" + entry.path + "/" + fileName
    guard let head = StreamedFile.head(path, count: FileSignature.headLength), !head.starts(with: expected) else {
      return
    }
    let what = FileSignature.describe(head).map { "is " + $0 } ?? "has no \(format == .png ? "PNG" : "JPEG") signature"
    throw KeepReason(.rendition, QuotedValue.quote(fileName) + " " + what + ", not what its name says")
  }

  /// A symbol set: one universal `.svg`, copied as `Name.symbols.svg`.
  private static func symbolSet(_ entry: ImportInventory.Entry, set: CatalogSet) throws(KeepReason) -> TranslatedEntry {
    _ = try ImportNames.qualifiedName(entry)
    guard Set(set.topLevelKeys) == ["info", "symbols"], set.entries.count == 1, set.entries[0].members.count == 2,
      set.entries[0].idiom == "universal", let fileName = set.entries[0].filename
    else { throw KeepReason(.layout, "a symbol set other than one universal file") }
    guard entry.hasFile(fileName) else { throw KeepReason(.absentFile, QuotedValue.quote(fileName)) }
    guard fileName.lowercased().hasSuffix(".svg") else { throw KeepReason(.rendition, "a symbol file that is not SVG") }
    let folder = entry.group.joined(separator: "/")
    let sourceName = entry.name + ".symbols.svg"
    let sourcePath = folder.isEmpty ? sourceName : folder + "/" + sourceName
    var result = TranslatedEntry(path: entry.path, copies: [.init(from: entry.path + "/" + fileName, to: sourcePath)])
    if fileName != entry.name + ".svg" { result.configuration.fileNames[sourcePath] = fileName }
    result.note = "symbol copied"
    return result
  }

  /// The set's `properties` as configuration for the asset `qualified`.
  private static func properties(
    _ properties: [JSONNode.Member], qualified: String
  ) throws(KeepReason) -> ImportConfiguration {
    var configuration = ImportConfiguration()
    var intent: String?
    for member in properties {
      switch (member.key, member.value.value) {
      case ("template-rendering-intent", .string(let text)) where text == "template" || text == "original":
        intent = text
      case ("preserves-vector-representation", .bool(true)):
        configuration.preservesVectors.append(qualified)
      case ("compression-type", .string(let text)) where AssetProperties.CompressionType(rawValue: text) != nil:
        configuration.compressionTypes[qualified] = text
      default:
        throw KeepReason(
          .key,
          "property " + QuotedValue.quote(member.key) + " ("
            + QuotedValue.shortened(member.value.string ?? member.value.kindName) + ")")
      }
    }
    switch intent {
    case "original": configuration.original.append(qualified)
    case "template": configuration.templates.append(qualified)
    default: break
    }
    return configuration
  }
}
