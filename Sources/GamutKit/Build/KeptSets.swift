/// The kept area of a source folder (`kept:` in `gamut.yml`): catalog entries that `gamut import` could not
/// express as sources, stored as they were in the original catalog and copied into the built catalog byte for byte.
///
/// The area mirrors the catalog: `kept/Icons/Legacy.iconset/...` becomes `Icons/Legacy.iconset/...`. A group
/// folder's or the root's `Contents.json` there replaces the one the build writes. The area is walked by
/// ``FolderWalker`` as a tree copied verbatim: every regular file is copied, hidden and temporary names included (a
/// `.dataset` may name `.data.json`; what import kept must come back whole), except gamut's own temporary files;
/// files are copied in blocks, so their size costs no memory; no link is followed out of the area, a folder nested
/// deeper than the walker lists is an error, and nothing is written outside the catalog.
enum KeptSets {
  /// Copies every file under `folder` into the same place under `catalogPath` (a file whose bytes did not change is
  /// left as it is) and returns the paths copied, relative to the catalog.
  static func copy(from folder: String, into catalogPath: String) throws(FileError) -> [String] {
    guard (try? FileStatus(path: folder))?.kind == .folder else { return [] }
    var copied: [String] = []
    let walker = FolderWalker(root: folder, tree: .verbatim)
    let walk = try walker.walk { entry throws(FileError) in
      guard entry.relativePath.contains("/") || !isBuildRecord(entry.name) else { return false }
      switch entry.kind {
      case .folder:
        try CatalogFiles.makeFolders(entry.relativePath, in: catalogPath)
        return true
      case .file:
        try StreamedFile.copy(entry.openPath, to: catalogPath + "/" + entry.relativePath)
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

  /// gamut's own records at a catalog's root (state, lock, journal), which a kept area never replaces.
  static func isBuildRecord(_ name: String) -> Bool {
    [BuildState.fileName, BuildLock.fileName, BuildJournal.fileName].contains(name)
  }
}
