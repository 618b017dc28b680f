import Foundation

/// File work of an import outside any catalog: copying into the staging folder, and removing it.
enum ImportFiles {
  /// The deepest folder nesting copied.
  static let maxDepth = 64

  /// Copies the regular file at `source` to `destination`, creating its folders.
  static func copyFile(_ source: String, to destination: String) throws(FileError) {
    guard let bytes = CatalogFiles.read(source) else {
      throw FileError(path: source, operation: "copy", reason: "not a readable regular file")
    }
    try makeFolders((destination as NSString).deletingLastPathComponent)
    try AtomicFile.write(bytes, to: destination)
  }

  /// Copies a folder's regular files and folders (links and hidden names left out), recursively.
  static func copyFolder(_ source: String, to destination: String, depth: Int = 0) throws(FileError) {
    guard depth < maxDepth else {
      throw FileError(path: source, operation: "copy", reason: "folders nest deeper than \(maxDepth)")
    }
    try makeFolders(destination)
    for name in try ImportFiles.list(source) {
      switch (try? FileStatus(path: source + "/" + name))?.kind {
      case .folder: try copyFolder(source + "/" + name, to: destination + "/" + name, depth: depth + 1)
      case .regular: try copyFile(source + "/" + name, to: destination + "/" + name)
      default: continue
      }
    }
  }

  static func makeFolders(_ path: String) throws(FileError) {
    do {
      try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    } catch {
      throw FileError(path: path, operation: "create the folder", reason: "\(error)")
    }
  }

  /// Removes a folder and everything in it; quietly does nothing when it is absent.
  static func remove(_ path: String) {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Whether `path` is an existing folder with nothing in it, or does not exist.
  static func isAbsentOrEmpty(_ path: String) throws(FileError) -> Bool {
    guard let status = try? FileStatus(path: path) else { return true }
    guard status.kind == .folder else {
      throw FileError(path: path, operation: "import into", reason: "it is not a folder")
    }
    do {
      return try FileSystem.listFolder(path).isEmpty
    } catch {
      throw FileError(path: path, operation: "read the folder", errno: error)
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
