/// An image set (`Name.imageset`) or symbol set (`Name.symbolset`) expressed as gamut sources: each rendition file
/// copied under gamut's name for its slot (`Name~dark@2x.png`), its properties as configuration.
enum ImageSetImport {
  /// The members of an image entry gamut writes.
  static let entryKeys: Set<String> = ["filename", "idiom", "scale", "appearances", "display-gamut"]

  static func translate(
    _ entry: CatalogTree.Entry, document: ContentsDocument
  ) throws(KeepReason) -> TranslatedEntry {
    let qualified = try ImportNames.qualifiedName(entry)
    guard let object = document.object else { throw KeepReason("Contents.json is not a JSON object") }
    guard document.hasXcodeInfo else { throw KeepReason("info is not Xcode's (author xcode, version 1)") }
    if entry.kind == "symbolset" { return try symbolSet(entry, object: object, qualified: qualified) }
    if let extra = object.keys.first(where: { !["images", "info", "properties"].contains($0) }) {
      throw KeepReason("top-level key '\(extra)'")
    }
    guard let images = object["images"] as? [[String: Any]] else { throw KeepReason("no images list") }
    var result = TranslatedEntry(path: entry.path)
    result.configuration = try properties(document.properties, qualified: qualified)
    let folder = entry.group.joined(separator: "/")
    var formats: Set<SourceFormat> = []
    var scaled = false
    var single = false
    for image in images {
      if let extra = image.keys.first(where: { !entryKeys.contains($0) }) {
        throw KeepReason("image entry key '\(extra)' (\(image[extra].map { "\($0)" } ?? ""))")
      }
      guard let fileName = image["filename"] as? String else { continue }
      guard entry.files.contains(fileName) else { throw KeepReason("names a file that is absent: \(fileName)") }
      guard let format = SourceFormat(fileName: fileName), format != .symbol else {
        throw KeepReason("a rendition gamut does not take: \(fileName)")
      }
      formats.insert(format)
      let traits = try ImportTraits.traits(of: image)
      if traits.isSingleScale { single = true } else { scaled = true }
      let sourceName = traits.fileName(assetName: entry.name, extension: format.fileExtension)
      let sourcePath = folder.isEmpty ? sourceName : folder + "/" + sourceName
      guard !result.copies.contains(where: { $0.to == sourcePath }) else { throw KeepReason("two entries in one slot") }
      result.copies.append(.init(from: entry.path + "/" + fileName, to: sourcePath))
      if fileName != sourceName { result.configuration.fileNames[sourcePath] = fileName }
    }
    guard !result.copies.isEmpty else { throw KeepReason("no rendition file (gamut writes no empty set)") }
    let vector = !formats.contains(.png)
    guard vector || formats == [.png] else { throw KeepReason("PNG and vector renditions in one set") }
    if !vector && single {
      guard !scaled else { throw KeepReason("single-scale and scaled PNGs in one set") }
      result.configuration.singleScale.append(qualified)
    }
    if !vector && result.configuration.preservesVectors.contains(qualified) {
      throw KeepReason("preserves-vector-representation on a PNG set")
    }
    result.note = vector ? "vectors copied" : "PNGs copied unchanged"
    return result
  }

  /// A symbol set: one universal `.svg`, copied as `Name.symbols.svg`.
  private static func symbolSet(
    _ entry: CatalogTree.Entry, object: [String: Any], qualified: String
  ) throws(KeepReason) -> TranslatedEntry {
    guard Set(object.keys) == ["info", "symbols"], let symbols = object["symbols"] as? [[String: Any]],
      symbols.count == 1, symbols[0].count == 2, symbols[0]["idiom"] as? String == "universal",
      let fileName = symbols[0]["filename"] as? String
    else { throw KeepReason("a symbol set other than one universal file") }
    guard entry.files.contains(fileName) else { throw KeepReason("names a file that is absent: \(fileName)") }
    guard fileName.lowercased().hasSuffix(".svg") else { throw KeepReason("a symbol file that is not SVG") }
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
    _ properties: [String: Any], qualified: String
  ) throws(KeepReason) -> ImportConfiguration {
    var configuration = ImportConfiguration()
    var intent: String?
    for (key, value) in properties.sorted(by: { $0.key < $1.key }) {
      switch (key, value) {
      case ("template-rendering-intent", let text as String) where text == "template" || text == "original":
        intent = text
      case ("preserves-vector-representation", let flag as Bool) where flag:
        configuration.preservesVectors.append(qualified)
      case ("compression-type", let text as String)
      where AssetProperties.CompressionType(rawValue: text) != nil:
        configuration.compressionTypes[qualified] = text
      default:
        throw KeepReason("property '\(key)' : \(value)")
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
