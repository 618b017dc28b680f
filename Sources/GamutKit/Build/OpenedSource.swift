/// A source file opened once for a build. Its content hash and every decoding pass read the same file through one
/// descriptor, so a file replaced by another (an editor's atomic save) during the build is not mixed in, and a
/// change made in place, which moves its size or modification time, is noticed by ``isUnchanged``.
final class OpenedSource {
  /// The source's path relative to the source folder.
  let relativePath: String
  private let file: FileDescriptor
  private let size: Int
  private let modified: Int64

  /// Opens the source at `relativePath` under `root`, whose canonical path is `realRoot`, or returns nil. The path
  /// is resolved again now and opened only when it still leads to a regular file inside the source folder, so
  /// neither a link nor a folder swapped for a link since the scan leads the read outside; a FIFO or device is
  /// never read (it could block forever).
  init?(_ relativePath: String, root: String, realRoot: String) {
    guard let real = try? FileSystem.realPath(root + "/" + relativePath), real.hasPrefix(realRoot + "/"),
      let file = try? FileDescriptor.open(real, .readOnly, options: [.noFollow, .nonBlocking])
    else { return nil }
    guard let status = try? FileStatus(descriptor: file), status.kind == .regular else {
      try? file.close()
      return nil
    }
    self.relativePath = relativePath
    self.file = file
    size = status.size
    modified = status.modificationTime
  }

  deinit {
    try? file.close()
  }

  /// The SHA-256 of the file's bytes as lower-case hex (``ContentHash``), read in blocks; nil when reading fails.
  func contentHash() -> String? {
    var hasher = SHA256Hasher()
    // As large as the file, up to 256 KiB, and not cleared: every byte hashed was read first.
    let capacity = max(1, min(1 << 18, size))
    var buffer = [UInt8](unsafeUninitializedCapacity: capacity) { _, count in count = capacity }
    var offset = 0
    while true {
      guard
        let count = try? buffer.withUnsafeMutableBytes({ (raw) throws(Errno) in
          try file.read(into: raw, atOffset: offset)
        })
      else { return nil }
      if count == 0 { return ContentHash.hex(hasher.finalize()) }
      buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
      offset += count
    }
  }

  /// The file's bytes from `offset`, at most `limit` of them; nil when reading fails.
  func bytes(from offset: Int = 0, limit: Int) -> [UInt8]? {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: min(limit, 1 << 18))
    while bytes.count < limit {
      let wanted = min(buffer.count, limit - bytes.count)
      guard
        let count = try? buffer.withUnsafeMutableBytes({ (raw) throws(Errno) in
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<wanted]), atOffset: offset + bytes.count)
        })
      else { return nil }
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return bytes
  }

  /// The size in bytes when opened.
  var byteCount: Int { size }

  /// A reader of the file's rows from its first byte.
  func rowReader(limits: PNGLimits) throws(PNGError) -> PNGRowReader {
    try PNGRowReader(fileDescriptor: file.rawValue, path: relativePath, limits: limits)
  }

  /// Whether the file still has the size and modification time it had when it was opened.
  var isUnchanged: Bool {
    guard let status = try? FileStatus(descriptor: file) else { return false }
    return status.size == size && status.modificationTime == modified
  }
}
