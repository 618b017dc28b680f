import Foundation

/// `--backup DIR`: the original bytes of every file a fix replaces or removes, copied under `DIR` at its asset path
/// (`DIR/Assets.xcassets/Icons/Star.imageset/star@2x.png`) before its set is replaced, so that copying them back
/// undoes the fix. A file already there with the same bytes is left (a second run backs up nothing new); one with
/// other bytes is never overwritten: the fix is refused before it writes anything (``conflicts(_:)``).
struct FixBackup: Sendable {
  /// The backup folder.
  let root: String

  /// One file to keep: where it is, and its path from the catalog folder's name down.
  struct Item: Sendable {
    var path: String
    var assetPath: String
  }

  /// The backup's path of `item`.
  func destination(_ item: Item) -> String {
    root + "/" + item.assetPath
  }

  /// The items whose place in the backup holds something else than their bytes, which the fix would have to
  /// overwrite.
  func conflicts(_ items: [Item]) -> [String] {
    items.compactMap { item in
      let target = destination(item)
      guard (try? FileStatus(path: target)) != nil else { return nil }
      return StreamedFile.sameBytes(item.path, target) == true ? nil : target
    }
  }

  /// Copies each item into the backup (through a temporary file renamed into place), creating its folders (the
  /// backup folder too, with the folders above it).
  func save(_ items: [Item]) throws(FileError) -> Int {
    var saved = 0
    if !items.isEmpty, (try? FileStatus(path: root, followingLinks: true))?.kind != .folder {
      do {
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
      } catch {
        throw FileError(path: root, operation: "create the backup folder", reason: "\(error.localizedDescription)")
      }
    }
    for item in items {
      let target = destination(item)
      if StreamedFile.sameBytes(item.path, target) == true { continue }
      try CatalogFiles.makeFolders(SetFolder.parent(of: item.assetPath), in: root)
      try StreamedFile.copy(item.path, to: target)
      saved += 1
    }
    return saved
  }
}
