/// Whether the files of a previous build's records are still in the catalog, checked with the fewest path walks: a
/// rerun that changed nothing checks every file of every asset (20,000 assets are some 80,000 checks).
///
/// Each file is looked up relative to the catalog folder, opened once (`fstatat`), instead of from the root; the
/// group folders of the plan are checked once (real folders, not links), so that each asset checks only its own
/// folder and files. A record whose folder lies in no checked group (a group that went away) is checked along its
/// whole path, as ``CatalogFiles/isRealFolder(_:in:)`` does.
struct CatalogOutputCheck: Sendable {
  let catalogPath: String
  /// The catalog folder, open; nil when it could not be opened (every check then walks the whole path).
  private let folder: FileDescriptor?
  /// Group folders (relative to the catalog) that are real folders, each component of them.
  private let realGroups: Set<String>

  /// A check of the catalog at `catalogPath`, whose plan has the group folders `groups` (paths of names).
  init(catalogPath: String, groups: [[String]]) {
    self.catalogPath = catalogPath
    folder = try? FileDescriptor.open(catalogPath, .readOnly, options: [.folder])
    var realGroups: Set<String> = []
    for group in groups {
      let path = group.joined(separator: "/")
      if CatalogFiles.isRealFolder(path, in: catalogPath) { realGroups.insert(path) }
    }
    self.realGroups = realGroups
  }

  /// Closes the catalog folder.
  func close() {
    try? folder?.close()
  }

  /// Whether every file of a record is still in the catalog, as a regular file (not a link) with the size it was
  /// written with.
  func outputsPresent(_ record: StoredRecord.Essentials) -> Bool {
    if record.status == .failed && record.renditions.isEmpty { return true }
    guard isRealFolder(record.imageSet),
      record.status == .failed || regularFileSize(record.imageSet + "/Contents.json") != nil
    else { return false }
    return record.renditions.allSatisfy { regularFileSize($0.file) == $0.bytes }
  }

  /// Whether `relativePath` is a real folder of the catalog, every component of it.
  private func isRealFolder(_ relativePath: String) -> Bool {
    guard let folder else { return CatalogFiles.isRealFolder(relativePath, in: catalogPath) }
    let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/"))
    let group = slash.map { String(Substring(relativePath.utf8[..<$0])) } ?? ""
    let name = slash.map { String(Substring(relativePath.utf8[relativePath.utf8.index(after: $0)...])) } ?? relativePath
    guard group.isEmpty || realGroups.contains(group) else {
      return CatalogFiles.isRealFolder(relativePath, in: catalogPath)
    }
    guard !name.isEmpty, name != ".", name != ".." else { return false }
    return (try? FileStatus(relativePath, in: folder))?.kind == .folder
  }

  /// The size of the regular file at `relativePath` in the catalog, or nil when it is missing, a link or anything
  /// else.
  private func regularFileSize(_ relativePath: String) -> Int? {
    let status =
      if let folder { try? FileStatus(relativePath, in: folder) } else {
        try? FileStatus(path: catalogPath + "/" + relativePath)
      }
    guard let status, status.kind == .regular else { return nil }
    return status.size
  }
}
