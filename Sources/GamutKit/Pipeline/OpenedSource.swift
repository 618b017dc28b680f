import Crypto

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A source file opened once for a build. Its content hash and every decoding pass read the same file through one
/// descriptor, so a file replaced by another (an editor's atomic save) during the build is not mixed in, and a
/// change made in place, which moves its size or modification time, is noticed by ``isUnchanged``.
final class OpenedSource {
  /// The source's path relative to the source folder.
  let relativePath: String
  private let descriptor: Int32
  private let size: Int
  private let modified: timespec

  /// Opens the source at `relativePath` under `root`, whose canonical path is `realRoot`, or returns nil. The path
  /// is resolved again now and opened only when it still leads to a regular file inside the source folder, so
  /// neither a link nor a folder swapped for a link since the scan leads the read outside; a FIFO or device is
  /// never read (it could block forever).
  init?(_ relativePath: String, root: String, realRoot: String) {
    guard let real = SourceScanner.realPath(root + "/" + relativePath), real.hasPrefix(realRoot + "/") else {
      return nil
    }
    let fd = open(real, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
      close(fd)
      return nil
    }
    self.relativePath = relativePath
    descriptor = fd
    size = Int(info.st_size)
    modified = Self.modificationTime(info)
  }

  deinit {
    close(descriptor)
  }

  /// The SHA-256 of the file's bytes as lower-case hex (``ContentHash``), read in blocks; nil when reading fails.
  func contentHash() -> String? {
    var hasher = SHA256()
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    var offset = 0
    while true {
      let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress!, $0.count, off_t(offset)) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return ContentHash.hex(hasher.finalize()) }
      buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      offset += count
    }
  }

  /// The file's bytes from `offset`, at most `limit` of them; nil when reading fails.
  func bytes(from offset: Int = 0, limit: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: min(limit, 1 << 18))
    while bytes.count < limit {
      let wanted = min(buffer.count, limit - bytes.count)
      let count = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress!, wanted, off_t(offset + bytes.count))
      }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }

  /// The size in bytes when opened.
  var byteCount: Int { size }

  /// A reader of the file's rows from its first byte.
  func rowReader(limits: PNGLimits) throws(PNGError) -> PNGRowReader {
    try PNGRowReader(fileDescriptor: descriptor, path: relativePath, limits: limits)
  }

  /// Whether the file still has the size and modification time it had when it was opened.
  var isUnchanged: Bool {
    var info = stat()
    guard fstat(descriptor, &info) == 0 else { return false }
    let now = Self.modificationTime(info)
    return Int(info.st_size) == size && now.tv_sec == modified.tv_sec && now.tv_nsec == modified.tv_nsec
  }

  private static func modificationTime(_ info: stat) -> timespec {
    #if canImport(Darwin)
      info.st_mtimespec
    #else
      info.st_mtim
    #endif
  }
}
