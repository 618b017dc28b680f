/// The kept area of a source folder (`kept:` in `gamut.yml`): catalog entries that `gamut import` could not
/// express as sources, stored as they were in the original catalog and copied into the built catalog byte for byte.
///
/// The area mirrors the catalog: `kept/Icons/Legacy.iconset/...` becomes `Icons/Legacy.iconset/...`. A group
/// folder's or the root's `Contents.json` there replaces the one the build writes. Hidden and temporary names are
/// skipped, symbolic links are taken only to files inside the area, and nothing is written outside the catalog.
enum KeptSets {
  /// The largest file copied.
  static let maxFileBytes = 256 << 20

  /// Copies every file under `folder` into the same place under `catalogPath` (a file whose bytes did not change is
  /// left as it is) and returns the paths copied, relative to the catalog. The area is walked by ``FolderWalker``
  /// as a part of the source folder; a folder nested deeper than it lists is an error, not a stack overflow.
  static func copy(from folder: String, into catalogPath: String) throws(FileError) -> [String] {
    guard (try? FileStatus(path: folder))?.kind == .folder else { return [] }
    var copied: [String] = []
    let walker = FolderWalker(root: folder, tree: .sourceFolder)
    let walk = try walker.walk { entry throws(FileError) in
      switch entry.kind {
      case .folder:
        try CatalogFiles.makeFolders(entry.relativePath, in: catalogPath)
        return true
      case .file:
        try copyFile(entry, into: catalogPath)
        copied.append(entry.relativePath)
      case .refused(let finding) where finding.code == .folderTooDeep:
        throw FileError(
          path: walker.path(of: entry.relativePath), operation: "copy the kept area",
          reason: "folders nest deeper than \(walker.depthLimit)")
      case .refused, .special, .undecodableName:
        break
      }
      return false
    }
    if let failure = walk.failures.first {
      throw FileError(path: failure.path, operation: "read the kept folder", reason: failure.reason)
    }
    return copied
  }

  private static func copyFile(_ entry: FolderWalker.Entry, into catalogPath: String) throws(FileError) {
    guard let status = entry.status, status.size <= maxFileBytes,
      let bytes = try? BoundedFile.read(
        entry.openPath, limit: maxFileBytes, what: "the kept file", followingLinks: false)
    else {
      throw FileError(
        path: entry.openPath, operation: "copy the kept file", reason: "unreadable or too large")
    }
    try CatalogFiles.writeIfChanged(bytes, to: catalogPath + "/" + entry.relativePath)
  }
}
