#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Operations on paths: folders, removal, renaming, canonical paths. Nothing here follows a symbolic link it
/// does not have to; callers check what a path is (``FileStatus``) before they act on it.
enum FileSystem {
  /// Creates the folder `path` (not its parents).
  static func makeFolder(_ path: String, permissions: UInt16 = 0o755) throws(Errno) {
    guard mkdir(path, mode_t(permissions)) == 0 else { throw Errno.current }
  }

  /// Removes the file (or link) at `path`; false when it could not be removed.
  @discardableResult
  static func removeFile(_ path: String) -> Bool {
    unlink(path) == 0
  }

  /// Removes the folder `path` if it is empty; false when it could not be removed.
  @discardableResult
  static func removeFolder(_ path: String) -> Bool {
    rmdir(path) == 0
  }

  /// Renames `source` to `destination`, atomically replacing what is there.
  static func rename(_ source: String, to destination: String) throws(Errno) {
    guard systemRename(source, destination) == 0 else { throw Errno.current }
  }

  /// The canonical absolute path, every link resolved (`realpath`).
  static func realPath(_ path: String) throws(Errno) -> String {
    guard let resolved = realpath(path, nil) else { throw Errno.current }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in the folder `path`, without `.` and `..`, in the file system's order. A name that is not UTF-8
  /// has its bad bytes replaced (U+FFFD), so it no longer names the file.
  static func listFolder(_ path: String) throws(Errno) -> [String] {
    guard let directory = opendir(path) else { throw Errno.current }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

  /// The names in the folder `path` as ``listFolder(_:)`` gives them, each with its status (of a symbolic link
  /// itself), taken relative to the open folder so that the system walks one name instead of the whole path; nil
  /// for a name that vanished since it was listed, or whose bad bytes were replaced.
  static func listFolderWithStatus(_ path: String) throws(Errno) -> [(name: String, status: FileStatus?)] {
    guard let directory = opendir(path) else { throw Errno.current }
    defer { closedir(directory) }
    let folder = FileDescriptor(rawValue: dirfd(directory))
    var entries: [(name: String, status: FileStatus?)] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { entries.append((name, try? FileStatus(name, in: folder))) }
    }
    return entries
  }
}

private func systemRename(_ source: String, _ destination: String) -> Int32 { rename(source, destination) }
