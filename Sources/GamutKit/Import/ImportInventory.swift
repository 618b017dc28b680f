/// A catalog as `gamut import` goes through it, from ``CatalogReader``'s tree: every entry folder (a set, or a
/// folder of a kind gamut does not check), every group, and the loose files beside them.
struct ImportInventory: Sendable {
  /// A folder with an extension inside the catalog: one catalog entry.
  struct Entry: Sendable {
    /// Its path relative to the catalog (`Icons/Add.imageset`).
    var path: String
    /// The group folders it lives in.
    var group: [String]
    /// The name without the extension (`Add`).
    var name: String
    /// The extension (`imageset`, `colorset`, `iconset`...).
    var kind: String
    /// The set as read; nil for a kind gamut does not read.
    var set: CatalogSet?
    /// The catalog's path, to read the entry's files.
    var catalogPath = ""

    /// The names of its files other than `Contents.json`.
    var files: [String] { self.set?.files ?? [] }

    /// Whether the entry holds a file of exactly this name (compared as bytes: NFC and NFD names differ on disk).
    func hasFile(_ name: String) -> Bool { files.contains { $0.utf8.elementsEqual(name.utf8) } }
  }

  var tree: CatalogTree
  var entries: [Entry] = []
  /// Files in the root or a group folder other than its `Contents.json`, relative to the catalog.
  var looseFiles: [String] = []
  /// What cannot be carried (refused) and what is no part of the catalog (left out).
  var survey = ImportSurvey()

  init(_ tree: CatalogTree) {
    self.tree = tree
    for placed in tree.sets {
      let set = placed.set
      entries.append(
        Entry(
          path: set.relativePath, group: placed.groups.map(\.name), name: set.name, kind: set.kind.rawValue, set: set,
          catalogPath: tree.path))
    }
    for folder in tree.uncheckedFolders {
      let parts = folder.relativePath.split(separator: "/").map(String.init)
      let name = folder.name.dropLast(folder.kind.count + 1)
      entries.append(
        Entry(
          path: folder.relativePath, group: Array(parts.dropLast()), name: String(name), kind: folder.kind,
          catalogPath: tree.path))
    }
    entries.sort { Array($0.path.utf8).lexicographicallyPrecedes($1.path.utf8) }
    for group in [tree.root] + tree.groups {
      looseFiles += group.files.map { group.relativePath.isEmpty ? $0 : group.relativePath + "/" + $0 }
    }
    survey = ImportSurvey(tree, entries: entries)
    let refused = survey.refused.map(\.path)
    looseFiles.removeAll { file in refused.contains { $0.utf8.elementsEqual(file.utf8) } }
  }

  /// The refusals inside the entry at `path` (or of the entry itself).
  func refusals(inside path: String) -> [ImportSurvey.Item] {
    survey.refused.filter { $0.path.utf8.elementsEqual(path.utf8) || $0.path.utf8.starts(with: (path + "/").utf8) }
  }

  /// The files of the set at `path` that no entry names, relative to the set folder.
  func leftOut(inside path: String) -> [String] {
    survey.leftOut.compactMap { item in
      guard item.path.utf8.starts(with: (path + "/").utf8) else { return nil }
      return String(decoding: item.path.utf8.dropFirst(path.utf8.count + 1), as: UTF8.self)
    }
  }

  /// The group folders' paths relative to the catalog, the root left out.
  var groupPaths: [String] { tree.groups.map(\.relativePath) }
}

extension CatalogSet {
  /// Whether `info` is the one Xcode writes, `{ "author" : "xcode", "version" : 1 }`.
  var hasXcodeInfo: Bool {
    guard let info = document?["info"]?.members, info.count == 2 else { return false }
    return document?["info"]?["author"]?.string == "xcode" && document?["info"]?["version"]?.value == .number("1")
  }

  /// The keys of the top-level object.
  var topLevelKeys: [String] { document?.members?.map(\.key) ?? [] }
}
