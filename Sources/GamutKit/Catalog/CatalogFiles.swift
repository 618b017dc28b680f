/// File operations inside the output catalog: they refuse to follow symbolic links, so nothing is ever written
/// outside the catalog, and they leave a file untouched when its bytes would not change.
enum CatalogFiles {
  /// Creates the folders of `relativePath` under `root`, refusing any component that is a symbolic link or a file.
  static func makeFolders(_ relativePath: String, in root: String) throws(FileError) {
    var path = root
    for component in relativePath.split(separator: "/") {
      path += "/" + component
      if let status = try? FileStatus(path: path) {
        guard status.kind == .folder else {
          throw FileError(
            path: path, operation: "use as a catalog folder",
            reason: status.kind == .symbolicLink ? "it is a symbolic link" : "it is not a folder")
        }
        continue
      }
      do {
        try FileSystem.makeFolder(path)
      } catch  where error != .exists {
        throw FileError(path: path, operation: "create the folder", errno: error)
      } catch {}
    }
  }

  /// Whether every component of `relativePath` under `root` is a folder, none a symbolic link, and none empty,
  /// `.` or `..`. The empty path is `root` itself.
  static func isRealFolder(_ relativePath: String, in root: String) -> Bool {
    guard !relativePath.isEmpty else { return true }
    var folder = root
    for component in relativePath.split(separator: "/", omittingEmptySubsequences: false) {
      guard !component.isEmpty, component != ".", component != ".." else { return false }
      folder += "/" + component
      guard (try? FileStatus(path: folder))?.kind == .folder else { return false }
    }
    return true
  }

  /// Writes `bytes` atomically unless the file already holds exactly these bytes. A symbolic link is neither read
  /// nor replaced: ``AtomicFile/write(_:to:temporaryFolder:)`` refuses it.
  static func writeIfChanged(_ bytes: [UInt8], to path: String, temporaryFolder: String? = nil) throws(FileError) {
    if (try? FileStatus(path: path))?.size == bytes.count, read(path) == bytes { return }
    try AtomicFile.write(bytes, to: path, temporaryFolder: temporaryFolder)
  }

  /// The bytes of a regular file, or nil. A symbolic link is not followed, and a FIFO or device is not opened
  /// for reading (it could block forever).
  static func read(_ path: String) -> [UInt8]? {
    guard let file = try? FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking]) else { return nil }
    defer { try? file.close() }
    guard let status = try? FileStatus(descriptor: file), status.kind == .regular else { return nil }
    var bytes: [UInt8] = []
    // As large as the file (and a byte, to see its end in one read), up to 64 KiB: a small file costs a small buffer.
    var buffer = [UInt8](repeating: 0, count: min(1 << 16, status.size + 1))
    while true {
      guard let count = try? buffer.withUnsafeMutableBytes({ (raw) throws(Errno) in try file.read(into: raw) }) else {
        return nil
      }
      guard count > 0 else { return bytes }
      bytes += buffer[0..<count]
    }
  }

  /// Removes a file this tool wrote (relative to the catalog), then its folder and the folders above it while
  /// they are empty (never the catalog itself).
  ///
  /// Nothing is removed when a folder on the way is a symbolic link (or not a folder), or when the path has an
  /// empty, `.` or `..` component: a link put in place of an imageset never leads a removal out of the catalog.
  static func remove(_ relativePath: String, in root: String) {
    let components = relativePath.split(separator: "/", omittingEmptySubsequences: false)
    guard !components.contains(where: { $0.isEmpty || $0 == "." || $0 == ".." }),
      isRealFolder(components.dropLast().joined(separator: "/"), in: root)
    else { return }
    FileSystem.removeFile(root + "/" + relativePath)
    var folders = components.dropLast()
    while !folders.isEmpty {
      guard FileSystem.removeFolder(root + "/" + folders.joined(separator: "/")) else { return }
      folders = folders.dropLast()
    }
  }

  /// Removes the folder `relativePath` under `root` when it is empty (never when a component is a link).
  static func removeFolderIfEmpty(_ relativePath: String, in root: String) {
    guard !relativePath.isEmpty, isRealFolder(relativePath, in: root) else { return }
    FileSystem.removeFolder(root + "/" + relativePath)
  }

  /// Removes temporary files that a killed build left behind, anywhere under the catalog gamut writes: down to the
  /// set folders of the deepest groups a source folder has (``FolderWalker/maximumDepth`` groups, then the set), no
  /// deeper; links are removed or passed over, never followed. Walks with a stack, not recursion.
  static func removeTemporaryFiles(in root: String) {
    var pending = [(path: root, depth: 0)]
    while let (folder, depth) = pending.popLast() {
      for name in (try? FileSystem.listFolder(folder)) ?? [] {
        let path = folder + "/" + name
        guard let status = try? FileStatus(path: path) else { continue }
        if status.kind == .folder {
          if depth <= FolderWalker.maximumDepth { pending.append((path, depth + 1)) }
        } else if AtomicFile.isTemporaryName(name) {
          FileSystem.removeFile(path)
        }
      }
    }
  }

}
