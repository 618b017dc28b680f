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

  /// Writes `bytes` atomically unless the file already holds exactly these bytes. Refuses to replace a symbolic
  /// link.
  static func writeIfChanged(_ bytes: [UInt8], to path: String) throws(FileError) {
    var info = stat()
    if lstat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFLNK {
        throw FileError(path: path, operation: "write", reason: "it is a symbolic link")
      }
      if Int(info.st_size) == bytes.count, read(path) == bytes { return }
    }
    try AtomicFile.write(bytes, to: path)
  }

  /// The bytes of a regular file, or nil.
  static func read(_ path: String) -> [UInt8]? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
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
  static func remove(_ relativePath: String, in root: String) {
    unlink(root + "/" + relativePath)
    var components = relativePath.split(separator: "/").dropLast()
    while !components.isEmpty {
      guard rmdir(root + "/" + components.joined(separator: "/")) == 0 else { return }
      components = components.dropLast()
    }
  }

  /// Removes temporary files that a killed build left behind, anywhere under the catalog.
  static func removeTemporaryFiles(in root: String) {
    guard let names = SourceScanner.listFolder(root) else { return }
    for name in names {
      let path = root + "/" + name
      var info = stat()
      guard lstat(path, &info) == 0 else { continue }
      if (info.st_mode & S_IFMT) == S_IFDIR {
        removeTemporaryFiles(in: path)
      } else if AtomicFile.isTemporaryName(name) {
        unlink(path)
      }
    }
  }
}

private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
  read(fd, buffer, count)
}
