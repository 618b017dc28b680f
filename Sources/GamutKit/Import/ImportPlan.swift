/// What an import makes of a catalog: the entries expressed as sources, the entries and files kept verbatim (with
/// their reasons), and the configuration gathered from the root and group folders.
struct ImportPlan: Sendable {
  var translated: [TranslatedEntry] = []
  /// Catalog paths (entry folders or single files) copied into the kept area, with why.
  var kept: [(path: String, reason: KeepReason)] = []
  /// From the root's and group folders' `Contents.json`.
  var base = ImportConfiguration()

  /// Decides how each entry of the catalog is imported.
  init(_ inventory: ImportInventory) {
    base = Self.folderConfiguration(inventory.tree)
    // The kept area must not be a group of the catalog.
    if inventory.groupPaths.contains("kept") { base.kept = "kept.gamut" }
    var claimed: Set<String> = []
    for entry in inventory.entries where inventory.refusals(inside: entry.path).isEmpty {
      do throws(KeepReason) {
        let result = try Self.translate(entry, findings: inventory.tree.findings)
        // gamut folds names (case, Unicode: Swift compares strings by canonical equivalence): two entries one name
        // apart would be one asset.
        let key = (entry.group + [entry.name]).joined(separator: "/").lowercased()
        guard claimed.insert(key).inserted else {
          throw KeepReason(.name, "another entry has this name once case and Unicode normalisation are folded")
        }
        translated.append(result)
      } catch {
        kept.append((entry.path, error))
      }
    }
    for file in inventory.looseFiles {
      kept.append((file, KeepReason(.looseFile, "gamut writes no file outside an entry")))
    }
  }

  /// Moves the entry at `path` from the translated ones to the kept ones.
  mutating func keep(_ path: String, reason: KeepReason) {
    translated.removeAll { $0.path.utf8.elementsEqual(path.utf8) }
    kept.append((path, reason))
  }

  /// The configuration of every translated entry, over the base.
  var configuration: ImportConfiguration {
    var configuration = base
    for entry in translated { configuration.merge(entry.configuration) }
    return configuration
  }

  private static func translate(
    _ entry: ImportInventory.Entry, findings: [Diagnostic]
  ) throws(KeepReason) -> TranslatedEntry {
    guard let set = entry.set else { throw KeepReason(.entryKind, "." + entry.kind) }
    guard set.folders.isEmpty else { throw KeepReason(.layout, "a set that holds folders") }
    guard set.document != nil else {
      let finding = findings.first { $0.path.contains(entry.path + "/") }
      throw KeepReason(.unreadable, finding.map { QuotedValue.shortened($0.message) } ?? "Contents.json")
    }
    switch set.kind {
    case .imageSet, .symbolSet:
      guard entry.name != "AppIcon" else {
        throw KeepReason(.name, "an image set named AppIcon (gamut makes an app icon of that name)")
      }
      return try ImageSetImport.translate(entry, set: set)
    case .colorSet: return try ColorSetImport.translate(entry, set: set)
    case .appIconSet: return try AppIconImport.translate(entry, set: set)
    }
  }

  /// `namespaces`, group `compressionType` and the root's properties. Anything else in these files makes them
  /// differ after the rebuild, and the check keeps them.
  private static func folderConfiguration(_ tree: CatalogTree) -> ImportConfiguration {
    var configuration = ImportConfiguration()
    func compression(_ group: CatalogGroup) -> String? {
      let type = group.properties.first { $0.key == "compression-type" }?.value.string
      return type.flatMap(AssetProperties.CompressionType.init(rawValue:))?.rawValue
    }
    for group in tree.groups {
      if group.providesNamespace { configuration.namespaces.append(group.relativePath) }
      if let type = compression(group) { configuration.compressionTypes[group.relativePath] = type }
    }
    configuration.catalogCompression = compression(tree.root)
    switch tree.root.properties.first(where: { $0.key == "generate-swift-asset-symbol-extensions" })?.value.string {
    case "enabled": configuration.generateSymbolExtensions = true
    case "disabled": configuration.generateSymbolExtensions = false
    default: break
    }
    return configuration
  }
}
