#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// What the file system records about a file (`stat`): what it is, its size, when its content last changed and
/// its inode, the facts that tell whether a file changed.
struct FileStatus: Equatable, Sendable {
  enum Kind: Sendable {
    case regular, folder, symbolicLink, other
  }

  var kind: Kind
  var size: Int
  /// The modification time in nanoseconds since 1970.
  var modificationTime: Int64
  var inode: UInt64
  /// The file system the file is on (`st_dev`): a rename works only within one.
  var device: UInt64
  /// When the file's content or status last changed (`st_ctime`), in nanoseconds since 1970: unlike the
  /// modification time, only the system sets it, always to the present.
  var statusChangeTime: Int64

  /// The status of the file at `path`: of a symbolic link itself (`lstat`), or of what it leads to when
  /// `followingLinks` (`stat`).
  init(path: String, followingLinks: Bool = false) throws(Errno) {
    var info = stat()
    let result = followingLinks ? stat(path, &info) : lstat(path, &info)
    guard result == 0 else { throw Errno.current }
    self.init(info)
  }

  /// The status of `relativePath` below the open folder `folder`, of a symbolic link itself (`fstatat` without
  /// following): the system walks the relative path from the folder instead of the whole path from the root.
  init(_ relativePath: String, in folder: FileDescriptor) throws(Errno) {
    var info = stat()
    guard fstatat(folder.rawValue, relativePath, &info, AT_SYMLINK_NOFOLLOW) == 0 else { throw Errno.current }
    self.init(info)
  }

  /// The status of an open file (`fstat`).
  init(descriptor: FileDescriptor) throws(Errno) {
    var info = stat()
    guard fstat(descriptor.rawValue, &info) == 0 else { throw Errno.current }
    self.init(info)
  }

  private init(_ info: stat) {
    switch info.st_mode & S_IFMT {
    case S_IFREG: kind = .regular
    case S_IFDIR: kind = .folder
    case S_IFLNK: kind = .symbolicLink
    default: kind = .other
    }
    size = Int(info.st_size)
    #if canImport(Darwin)
      modificationTime = Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
      statusChangeTime = Int64(info.st_ctimespec.tv_sec) * 1_000_000_000 + Int64(info.st_ctimespec.tv_nsec)
    #else
      modificationTime = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
      statusChangeTime = Int64(info.st_ctim.tv_sec) * 1_000_000_000 + Int64(info.st_ctim.tv_nsec)
    #endif
    inode = UInt64(info.st_ino)
    device = UInt64(info.st_dev)
  }
}
