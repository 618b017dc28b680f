import Foundation

/// The folders and files of an existing asset catalog, as `gamut import` walks it: group folders (no extension),
/// entries (folders with an extension: `Name.imageset`, `Name.colorset`, `Name.iconset`...) and any other file.
///
/// Only names are read here; ``ContentsDocument`` reads a `Contents.json`. Hidden names are skipped, symbolic
/// links are not followed, and the walk stops at ``maxDepth`` folders.
struct CatalogTree: Sendable {
  /// A folder with an extension inside the catalog: one catalog entry.
  struct Entry: Sendable, Equatable {
    /// Its path relative to the catalog (`Icons/Add.imageset`).
    var path: String
    /// The group folders it lives in.
    var group: [String]
    /// The name without the extension (`Add`).
    var name: String
    /// The extension (`imageset`, `colorset`, `appiconset`, `symbolset`, `iconset`...).
    var kind: String
    /// The names of its files (not folders), sorted.
    var files: [String]
    /// Whether it holds folders too (no kind gamut writes has any).
    var hasFolders: Bool
  }

  /// The deepest group nesting walked.
  static let maxDepth = 32

  /// Group folders, relative to the catalog, in walking order; the root is not listed.
  var groups: [[String]] = []
  var entries: [Entry] = []
  /// Files that sit in the root or a group folder and are not its `Contents.json`.
  var looseFiles: [String] = []

  /// Walks the catalog at `path`.
  init(catalogPath path: String) throws(FileError) {
    try walk([], root: path, depth: 0)
  }

  private mutating func walk(_ group: [String], root: String, depth: Int) throws(FileError) {
    let folder = ([root] + group).joined(separator: "/")
    guard depth < Self.maxDepth else {
      throw FileError(path: folder, operation: "read the catalog", reason: "folders nest deeper than \(Self.maxDepth)")
    }
    for name in try Self.list(folder) {
      let path = (group + [name]).joined(separator: "/")
      switch (try? FileStatus(path: folder + "/" + name))?.kind {
      case .folder:
        if let dot = name.lastIndex(of: "."), dot != name.startIndex {
          let files = try Self.list(folder + "/" + name)
          let kinds = files.map { (try? FileStatus(path: folder + "/" + name + "/" + $0))?.kind }
          entries.append(
            Entry(
              path: path, group: group, name: String(name[..<dot]), kind: String(name[name.index(after: dot)...]),
              files: zip(files, kinds).filter { $0.1 == .regular }.map(\.0), hasFolders: kinds.contains(.folder)))
        } else {
          groups.append(group + [name])
          try walk(group + [name], root: root, depth: depth + 1)
        }
      case .regular where name != "Contents.json":
        looseFiles.append(path)
      default:
        continue
      }
    }
  }

  /// The visible names in a folder, sorted by their UTF-8 bytes.
  static func list(_ folder: String) throws(FileError) -> [String] {
    do {
      return try FileSystem.listFolder(folder).filter { !$0.hasPrefix(".") }
        .sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
    } catch {
      throw FileError(path: folder, operation: "read the folder", errno: error)
    }
  }
}
