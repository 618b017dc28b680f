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

  /// Swaps two paths in one step, so that a reader sees each of them either before or after, never missing
  /// (`renameat2` with `RENAME_EXCHANGE` on Linux, `renamex_np` with `RENAME_SWAP` on Darwin). Both must exist on
  /// one file system. Throws ``Errno/notSupported`` where the system or the file system cannot (the caller then
  /// renames in two steps and recovers a kill between them).
  static func exchange(_ first: String, _ second: String) throws(Errno) {
    #if canImport(Darwin)
      guard renamex_np(first, second, UInt32(RENAME_SWAP)) == 0 else { throw Errno.current.unsupportedAsSuch }
    #else
      guard let exchange = Self.renameat2 else { throw Errno.notSupported }
      // RENAME_EXCHANGE is 1 << 1 (linux/fs.h); Glibc's module does not export the constant or the function.
      guard exchange(AT_FDCWD, first, AT_FDCWD, second, 1 << 1) == 0 else { throw Errno.current.unsupportedAsSuch }
    #endif
  }

  #if !canImport(Darwin)
    private typealias RenameAt2 =
      @convention(c) (
        Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32
      ) -> Int32

    /// glibc's `renameat2` (2.28 and later), looked up once: Swift's Glibc module does not declare it.
    private static let renameat2: RenameAt2? = {
      guard let symbol = dlsym(dlopen(nil, RTLD_NOW), "renameat2") else { return nil }
      return unsafeBitCast(symbol, to: RenameAt2.self)
    }()
  #endif

  /// Makes `link` a second name of the file at `existing` (`link`; a hard link, same inode, same bytes and times).
  static func hardLink(_ existing: String, as link: String) throws(Errno) {
    guard systemLink(existing, link) == 0 else { throw Errno.current }
  }

  /// Removes the folder at `path` and everything in it, without following a link (a link is removed, not what it
  /// leads to). The walk keeps its own stack; it goes no deeper than `depthLimit` folders. False when something
  /// could not be removed.
  @discardableResult
  static func removeTree(_ path: String, depthLimit: Int = 64) -> Bool {
    guard (try? FileStatus(path: path))?.kind == .folder else { return removeFile(path) }
    // Folders to empty, innermost last, each with whether its entries were already removed.
    var pending: [(path: String, depth: Int, emptied: Bool)] = [(path, 0, false)]
    var complete = true
    while let (folder, depth, emptied) = pending.popLast() {
      if emptied || depth >= depthLimit {
        if !removeFolder(folder) { complete = false }
        continue
      }
      pending.append((folder, depth, true))
      for name in (try? listFolder(folder)) ?? [] {
        let child = folder + "/" + name
        if (try? FileStatus(path: child))?.kind == .folder {
          pending.append((child, depth + 1, false))
        } else if !removeFile(child) {
          complete = false
        }
      }
    }
    return complete
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
private func systemLink(_ existing: String, _ new: String) -> Int32 { link(existing, new) }
