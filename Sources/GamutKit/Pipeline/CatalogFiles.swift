#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// File operations inside the output catalog: they refuse to follow symbolic links, so nothing is ever written
/// outside the catalog, and they leave a file untouched when its bytes would not change.
enum CatalogFiles {
  /// Creates the folders of `relativePath` under `root`, refusing any component that is a symbolic link or a file.
  static func makeFolders(_ relativePath: String, in root: String) throws(FileError) {
    var path = root
    for component in relativePath.split(separator: "/") {
      path += "/" + component
      var info = stat()
      if lstat(path, &info) == 0 {
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
          throw FileError(
            path: path, operation: "use as a catalog folder",
            reason: (info.st_mode & S_IFMT) == S_IFLNK ? "it is a symbolic link" : "it is not a folder")
        }
        continue
      }
      guard mkdir(path, 0o755) == 0 || errno == EEXIST else {
        throw FileError(path: path, operation: "create the folder", errno: errno)
      }
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
      var info = stat()
      guard lstat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return false }
    }
    return true
  }

  /// Writes `bytes` atomically unless the file already holds exactly these bytes. A symbolic link is neither read
  /// nor replaced: ``AtomicFile/write(_:to:)`` refuses it.
  static func writeIfChanged(_ bytes: [UInt8], to path: String) throws(FileError) {
    var info = stat()
    if lstat(path, &info) == 0, Int(info.st_size) == bytes.count, read(path) == bytes { return }
    try AtomicFile.write(bytes, to: path)
  }

  /// The bytes of a regular file, or nil. A symbolic link is not followed, and a FIFO or device is not opened
  /// for reading (it could block forever).
  static func read(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return count == 0 ? bytes : nil }
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
    unlink(root + "/" + relativePath)
    var folders = components.dropLast()
    while !folders.isEmpty {
      guard rmdir(root + "/" + folders.joined(separator: "/")) == 0 else { return }
      folders = folders.dropLast()
    }
  }

  /// Removes the folder `relativePath` under `root` when it is empty (never when a component is a link).
  static func removeFolderIfEmpty(_ relativePath: String, in root: String) {
    guard !relativePath.isEmpty, isRealFolder(relativePath, in: root) else { return }
    rmdir(root + "/" + relativePath)
  }

  /// Removes temporary files that a killed build left behind, anywhere under the catalog. The entry types come from
  /// the folder listing (`d_type`), so a catalog of many files costs no `lstat` per file; a file system that does
  /// not give them is asked with `lstat`.
  static func removeTemporaryFiles(in root: String) {
    guard let directory = opendir(root) else { return }
    var folders: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      guard name != "." && name != ".." else { continue }
      var type = Int32(entry.pointee.d_type)
      if type == Int32(DT_UNKNOWN) {
        var info = stat()
        guard lstat(root + "/" + name, &info) == 0 else { continue }
        type = (info.st_mode & S_IFMT) == S_IFDIR ? Int32(DT_DIR) : Int32(DT_REG)
      }
      if type == Int32(DT_DIR) {
        folders.append(name)
      } else if AtomicFile.isTemporaryName(name) {
        unlink(root + "/" + name)
      }
    }
    closedir(directory)
    for name in folders { removeTemporaryFiles(in: root + "/" + name) }
  }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
