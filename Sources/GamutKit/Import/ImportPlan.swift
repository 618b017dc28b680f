/// What an import makes of a catalog: the entries expressed as sources, the entries and files kept verbatim (with
/// their reasons), and the configuration gathered from the root and group folders.
struct ImportPlan: Sendable {
  var translated: [TranslatedEntry] = []
  /// Catalog paths (entry folders or single files) copied into the kept area, with why.
  var kept: [(path: String, reason: String)] = []
  /// From the root's and group folders' `Contents.json`.
  var base = ImportConfiguration()

  /// Reads every entry of `tree` under `catalogPath` and decides how each is imported.
  init(tree: CatalogTree, catalogPath: String) {
    base = Self.folderConfiguration(tree: tree, catalogPath: catalogPath)
    // The kept area must not be a group of the catalog.
    if tree.groups.contains(["kept"]) { base.kept = "kept.gamut" }
    var claimed: Set<String> = []
    for entry in tree.entries {
      do throws(KeepReason) {
        let result = try Self.translate(entry, catalogPath: catalogPath)
        // gamut folds names (case, Unicode): two entries one name apart would be one asset.
        let key = (entry.group + [entry.name]).joined(separator: "/").lowercased()
        guard claimed.insert(key).inserted else { throw KeepReason("another entry has this name (gamut folds case)") }
        translated.append(result)
      } catch {
        kept.append((entry.path, error.description))
      }
    }
    for file in tree.looseFiles {
      kept.append((file, "a file outside any set (gamut writes none)"))
    }
  }

  /// Moves the entry at `path` from the translated ones to the kept ones.
  mutating func keep(_ path: String, reason: String) {
    translated.removeAll { $0.path == path }
    kept.append((path, reason))
  }

  /// The configuration of every translated entry, over the base.
  var configuration: ImportConfiguration {
    var configuration = base
    for entry in translated { configuration.merge(entry.configuration) }
    return configuration
  }

  private static func translate(_ entry: CatalogTree.Entry, catalogPath: String) throws(KeepReason) -> TranslatedEntry {
    guard !entry.hasFolders else { throw KeepReason("holds folders") }
    guard let document = ContentsDocument(path: catalogPath + "/" + entry.path + "/Contents.json") else {
      throw KeepReason("no readable Contents.json")
    }
    switch entry.kind {
    case "imageset", "symbolset":
      guard entry.name != "AppIcon" else { throw KeepReason("an image set named AppIcon (gamut makes an app icon)") }
      return try ImageSetImport.translate(entry, document: document)
    case "colorset": return try ColorSetImport.translate(entry, document: document)
    case "appiconset": return try AppIconImport.translate(entry, document: document)
    default: throw KeepReason("kind .\(entry.kind): gamut does not write it")
    }
  }

  /// `namespaces`, group `compressionType` and the root's properties. Anything else in these files makes them
  /// differ after the rebuild, and the check keeps them.
  private static func folderConfiguration(tree: CatalogTree, catalogPath: String) -> ImportConfiguration {
    var configuration = ImportConfiguration()
    for group in tree.groups {
      let path = group.joined(separator: "/")
      let properties = ContentsDocument(path: catalogPath + "/" + path + "/Contents.json")?.properties ?? [:]
      if properties["provides-namespace"] as? Bool == true { configuration.namespaces.append(path) }
      if let type = properties["compression-type"] as? String, AssetProperties.CompressionType(rawValue: type) != nil {
        configuration.compressionTypes[path] = type
      }
    }
    let root = ContentsDocument(path: catalogPath + "/Contents.json")?.properties ?? [:]
    if let type = root["compression-type"] as? String,
      AssetProperties.CompressionType(rawValue: type) != nil
    {
      configuration.catalogCompression = type
    }
    switch root["generate-swift-asset-symbol-extensions"] as? String {
    case "enabled": configuration.generateSymbolExtensions = true
    case "disabled": configuration.generateSymbolExtensions = false
    default: break
    }
    return configuration
  }
}
