/// The one rule for files `gamut import` cannot carry into the rebuilt catalog, or that are no part of it
/// (docs/import.md, "Odd files"). Every name in the catalog is one of:
///
/// - **carried**: a regular file whose name is UTF-8, hidden and temporary names included, is translated or kept
///   and then compared;
/// - **left out**: not part of what Xcode compiles, so leaving it out keeps the catalog equivalent, and the table
///   lists it: a hidden name in the root or a group (`.DS_Store`), and in a set with a readable `Contents.json` a
///   file no entry names (Xcode's "unassigned child");
/// - **refused**: something that must be carried and cannot be: a symbolic link (never followed), a FIFO, socket or
///   device (never opened), a name that is not UTF-8 (it cannot be opened by name), groups nested deeper than the
///   catalog reader goes. Its row is `differs`, and an import with a `differs` row writes nothing.
struct ImportSurvey: Sendable {
  /// A path inside the catalog and why it is refused or left out.
  struct Item: Sendable, Equatable {
    var path: String
    var reason: String
  }

  var refused: [Item] = []
  var leftOut: [Item] = []

  /// What a name in a folder is, read without following links.
  enum Kind: Equatable {
    case regular, folder, link, special
    /// The name is not UTF-8: listing replaced its bad bytes, so nothing can open it.
    case unnamable
  }

  init() {}

  /// Surveys the catalog `tree` read.
  init(_ tree: CatalogTree, entries: [ImportInventory.Entry]) {
    for group in [tree.root] + tree.groups {
      surveyGroup(group, catalog: tree.path)
    }
    for entry in entries {
      let named = entry.set?.document == nil ? nil : Set((entry.set?.entries ?? []).compactMap(\.filename))
      surveyEntry(entry.path, named: named, catalog: tree.path)
    }
  }

  /// The names of a group folder that the reader did not take as an entry, a group, a file or its `Contents.json`.
  private mutating func surveyGroup(_ group: CatalogGroup, catalog: String) {
    let folder = group.relativePath.isEmpty ? catalog : catalog + "/" + group.relativePath
    var known: Set<[UInt8]> = []
    for item in group.items {
      switch item {
      case .group(let child): known.insert(Array(Self.lastName(child.relativePath).utf8))
      case .set(let set): known.insert(Array(Self.lastName(set.relativePath).utf8))
      case .unchecked(let folder): known.insert(Array(folder.name.utf8))
      }
    }
    for (name, kind) in Self.list(folder) where !known.contains(Array(name.utf8)) {
      let path = group.relativePath.isEmpty ? name : group.relativePath + "/" + name
      if kind == .regular && name == "Contents.json" { continue }
      if kind == .regular && group.files.contains(where: { $0.utf8.elementsEqual(name.utf8) }) { continue }
      switch kind {
      case _ where name.hasPrefix(".") && kind != .unnamable:
        leftOut.append(Item(path: path, reason: "a hidden name, which Xcode does not compile"))
      case .folder:
        refused.append(
          Item(path: path, reason: "groups nested deeper than gamut reads (\(CatalogReader.Limits().maximumDepth))"))
      default:
        refused.append(Item(path: path, reason: Self.refusal(kind)))
      }
    }
  }

  /// The files of an entry folder, recursively. `named`: the files its `Contents.json` names, for a set that has a
  /// readable one (the others are left out); nil for an entry carried whole (a kind gamut does not read).
  private mutating func surveyEntry(_ relative: String, named: Set<String>?, catalog: String) {
    var pending = [relative]
    while let folder = pending.popLast() {
      for (name, kind) in Self.list(catalog + "/" + folder) {
        let path = folder + "/" + name
        if name == "Contents.json" && folder == relative {
          if kind != .regular { refused.append(Item(path: path, reason: Self.refusal(kind))) }
          continue
        }
        if let named, folder == relative {
          if named.contains(where: { $0.utf8.elementsEqual(name.utf8) }) {
            if kind != .regular { refused.append(Item(path: path, reason: Self.refusal(kind))) }
          } else {
            leftOut.append(Item(path: path, reason: "named by no entry of the set (Xcode does not compile it)"))
          }
          continue
        }
        switch kind {
        case .regular: continue
        case .folder where path.split(separator: "/").count < FolderWalker.maximumDepth: pending.append(path)
        case .folder:
          refused.append(
            Item(path: path, reason: "folders nested deeper than the build copies (\(FolderWalker.maximumDepth))"))
        default: refused.append(Item(path: path, reason: Self.refusal(kind)))
        }
      }
    }
  }

  /// Why a name of this kind cannot be carried.
  private static func refusal(_ kind: Kind) -> String {
    switch kind {
    case .link: "a symbolic link, which gamut never follows: put the file itself in its place"
    case .special: "a FIFO, socket or device, which gamut never opens"
    case .unnamable: "a name that is not UTF-8, which gamut cannot open: rename it"
    case .regular, .folder: "cannot be copied"
    }
  }

  /// Every name in `folder` with its kind, sorted by bytes, as ``FolderWalker`` lists a tree read verbatim (every
  /// name but gamut's own temporary files; a link is a link, wherever it leads); empty when it cannot be listed.
  static func list(_ folder: String) -> [(name: String, kind: Kind)] {
    FolderWalker(root: folder, tree: .verbatim).list("", depth: 0).entries.map { entry in
      if entry.isLink { return (entry.name, .link) }
      switch entry.kind {
      case .file: return (entry.name, .regular)
      case .folder: return (entry.name, .folder)
      case .special: return (entry.name, .special)
      case .undecodableName: return (entry.name, .unnamable)
      case .refused: return (entry.name, .link)
      }
    }
  }

  private static func lastName(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The paths left out, as a set of their bytes, to skip when copying and comparing.
  var leftOutPaths: Set<[UInt8]> { Set(leftOut.map { Array($0.path.utf8) }) }
}
