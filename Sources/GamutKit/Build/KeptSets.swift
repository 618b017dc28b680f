/// The kept area of a source folder (`kept:` in `gamut.yml`): catalog entries that `gamut import` could not
/// express as sources, stored as they were in the original catalog and copied into the built catalog byte for byte.
///
/// The area mirrors the catalog: `kept/Icons/Legacy.iconset/...` becomes `Icons/Legacy.iconset/...`. A group
/// folder's or the root's `Contents.json` there replaces the one the build writes. Every regular file is copied,
/// hidden and temporary names included (a `.dataset` may name `.data.json`; what import kept must come back whole),
/// except gamut's own temporary files; files are copied in blocks, so their size costs no memory; symbolic links
/// are not followed, and nothing is written outside the catalog.
enum KeptSets {
  /// The deepest folder nesting copied; a deeper tree is an error, not a stack overflow.
  static let maxDepth = 32

  /// Copies every file under `folder` into the same place under `catalogPath` (a file whose bytes did not change is
  /// left as it is) and returns the paths copied, relative to the catalog.
  static func copy(from folder: String, into catalogPath: String) throws(FileError) -> [String] {
    guard (try? FileStatus(path: folder))?.kind == .folder else { return [] }
    var copied: [String] = []
    try copyFolder("", from: folder, into: catalogPath, depth: 0, copied: &copied)
    return copied
  }

  /// gamut's own records at a catalog's root (state, lock, journal), which a kept area never replaces.
  static func isBuildRecord(_ name: String) -> Bool {
    [BuildState.fileName, BuildLock.fileName, BuildJournal.fileName].contains(name)
  }

  private static func copyFolder(
    _ relative: String, from root: String, into catalogPath: String, depth: Int, copied: inout [String]
  ) throws(FileError) {
    let folder = relative.isEmpty ? root : root + "/" + relative
    guard depth < maxDepth else {
      throw FileError(path: folder, operation: "copy the kept area", reason: "folders nest deeper than \(maxDepth)")
    }
    let names: [String]
    do {
      names = try FileSystem.listFolder(folder)
    } catch {
      throw FileError(path: folder, operation: "read the kept folder", errno: error)
    }
    try CatalogFiles.makeFolders(relative, in: catalogPath)
    for name in names.sorted() where !AtomicFile.isTemporaryName(name) && !(depth == 0 && isBuildRecord(name)) {
      let path = relative.isEmpty ? name : relative + "/" + name
      switch (try? FileStatus(path: root + "/" + path))?.kind {
      case .folder:
        try copyFolder(path, from: root, into: catalogPath, depth: depth + 1, copied: &copied)
      case .regular:
        try StreamedFile.copy(root + "/" + path, to: catalogPath + "/" + path)
        copied.append(path)
      default:
        continue
      }
    }
  }
}
