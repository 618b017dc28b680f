#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Copies and compares regular files in blocks, so a file of any size (a 2 GB movie in a kept catalog entry) costs
/// two 64 KiB buffers, never its own size in memory. Links are never followed and a FIFO, socket or device is
/// never read (it could block forever): such a file is refused with a reason.
enum StreamedFile {
  /// The block size of every read.
  static let blockSize = 1 << 16

  /// Copies the regular file at `source` to `destination` through the atomic writer (a temporary file renamed into
  /// place); a destination that already holds exactly these bytes is left untouched.
  static func copy(_ source: String, to destination: String) throws(FileError) {
    let input = try openRegular(source, operation: "copy")
    defer { try? input.close() }
    let writer = try AtomicFileWriter(for: destination)
    var buffer = [UInt8](repeating: 0, count: blockSize)
    while true {
      let count = buffer.withUnsafeMutableBytes { readFully(input, $0) }
      guard count >= 0 else {
        writer.discard()
        throw FileError(path: source, operation: "copy", reason: "it could not be read")
      }
      if count == 0 { break }
      var failure: FileError?
      buffer.withUnsafeBytes { raw in
        do throws(FileError) {
          try writer.write(UnsafeRawBufferPointer(rebasing: raw[0..<count]))
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
    }
    try writer.commit(to: destination)
  }

  /// Whether two regular files hold the same bytes; nil when either is not a readable regular file (a link, a
  /// FIFO, a folder, missing).
  static func sameBytes(_ first: String, _ second: String) -> Bool? {
    guard let left = try? openRegular(first, operation: "compare") else { return nil }
    defer { try? left.close() }
    guard let right = try? openRegular(second, operation: "compare") else { return nil }
    defer { try? right.close() }
    guard let leftSize = try? FileStatus(descriptor: left).size, let rightSize = try? FileStatus(descriptor: right).size
    else { return nil }
    if leftSize != rightSize { return false }
    var leftBuffer = [UInt8](repeating: 0, count: blockSize)
    var rightBuffer = [UInt8](repeating: 0, count: blockSize)
    while true {
      let count = leftBuffer.withUnsafeMutableBytes { readFully(left, $0) }
      let other = rightBuffer.withUnsafeMutableBytes { readFully(right, $0) }
      guard count >= 0, other >= 0 else { return nil }
      guard count == other else { return false }
      if count == 0 { return true }
      let same = leftBuffer.withUnsafeBytes { left in
        rightBuffer.withUnsafeBytes { right in memcmp(left.baseAddress!, right.baseAddress!, count) == 0 }
      }
      guard same else { return false }
    }
  }

  /// The first `count` bytes of the regular file at `path` (fewer when it is shorter); nil when it is not a readable
  /// regular file.
  static func head(_ path: String, count: Int) -> [UInt8]? {
    guard let file = try? openRegular(path, operation: "read") else { return nil }
    defer { try? file.close() }
    var buffer = [UInt8](repeating: 0, count: count)
    let read = buffer.withUnsafeMutableBytes { readFully(file, $0) }
    return read < 0 ? nil : Array(buffer[0..<read])
  }

  /// Opens `path` for reading without following a link or blocking, and checks that it is a regular file.
  private static func openRegular(_ path: String, operation: String) throws(FileError) -> FileDescriptor {
    if (try? FileStatus(path: path))?.kind == .symbolicLink {
      throw FileError(path: path, operation: operation, reason: "it is a symbolic link (never followed)")
    }
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking])
    } catch {
      throw FileError(path: path, operation: operation, errno: error)
    }
    guard let status = try? FileStatus(descriptor: file), status.kind == .regular else {
      try? file.close()
      throw FileError(path: path, operation: operation, reason: "it is not a regular file (a FIFO, socket or device)")
    }
    return file
  }

  /// Reads until `buffer` is full or the file ends: the byte count, or -1 on an error.
  private static func readFully(_ file: FileDescriptor, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    var filled = 0
    while filled < buffer.count {
      guard let count = try? file.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])) else {
        return -1
      }
      if count == 0 { break }
      filled += count
    }
    return filled
  }
}
