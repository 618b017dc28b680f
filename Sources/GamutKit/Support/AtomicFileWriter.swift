#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// A file written piece by piece and put in place atomically: the bytes go to a temporary file in the destination's
/// folder (named with ``AtomicFile/temporaryPrefix``), which ``commit(to:keepingIdenticalFile:)`` renames over the
/// destination and ``discard()`` removes. A writer dropped without a commit removes its temporary file, and one left
/// by a killed process is recognised by ``AtomicFile/isTemporaryName(_:)``.
///
/// A writer is used from one thread at a time.
public final class AtomicFileWriter: PNGByteSink {
  /// The temporary file's path.
  public let temporaryPath: String
  /// The destination named at creation, for errors.
  private let destination: String
  private var descriptor: Int32
  private var buffer: [UInt8] = []
  private var finished = false
  /// Bytes written so far.
  public private(set) var bytesWritten = 0

  /// Pieces smaller than this are gathered before they are written.
  private static let bufferCapacity = 1 << 16

  /// Creates the temporary file for a file that will be put at `path`, in the destination's folder, or in
  /// `temporaryFolder` when one is given and lies on the same file system (so that the rename stays atomic).
  ///
  /// The manifest, written beside the catalog, keeps its temporary file inside the catalog: a build then creates
  /// no file outside the catalog besides the manifest itself (what a sandboxed Xcode Run Script phase allows), and
  /// a killed build's leftover is removed with the catalog's other temporary files.
  public init(for path: String, temporaryFolder: String? = nil) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    var folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    if let temporaryFolder {
      var destinationInfo = stat()
      var temporaryInfo = stat()
      if stat(folder.isEmpty ? "/" : folder, &destinationInfo) == 0, stat(temporaryFolder, &temporaryInfo) == 0,
        destinationInfo.st_dev == temporaryInfo.st_dev
      {
        folder = temporaryFolder
      }
    }
    var template = Array("\(folder.isEmpty ? "/" : folder)/\(AtomicFile.temporaryPrefix)\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw FileError(path: path, operation: "create a temporary file", errno: errno) }
    descriptor = fd
    destination = path
    temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    buffer.reserveCapacity(Self.bufferCapacity)
  }

  deinit {
    if !finished { discard() }
  }

  /// Appends `bytes` to the file.
  public func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
    precondition(!finished, "write after commit or discard")
    bytesWritten += bytes.count
    if buffer.count + bytes.count <= Self.bufferCapacity {
      buffer.append(contentsOf: bytes)
      return
    }
    try flush()
    if bytes.count < Self.bufferCapacity {
      buffer.append(contentsOf: bytes)
    } else {
      try writeAll(bytes)
    }
  }

  /// Appends `bytes` to the file.
  public func write(_ bytes: [UInt8]) throws(FileError) {
    var failure: FileError?
    bytes.withUnsafeBytes { raw in
      do throws(FileError) { try write(raw) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Closes the file and renames it to `path`, replacing what is there; refuses to replace a symbolic link. With
  /// `keepingIdenticalFile`, a file already at `path` with exactly these bytes is left untouched (its modification
  /// time too) and the temporary file is removed.
  public func commit(to path: String, keepingIdenticalFile: Bool = true) throws(FileError) {
    precondition(!finished, "commit after commit or discard")
    var failure: FileError?
    do {
      try flush()
    } catch {
      failure = error
    }
    if failure == nil, fchmod(descriptor, 0o644) != 0 {
      failure = FileError(path: path, operation: "chmod", errno: errno)
    }
    if close(descriptor) != 0, failure == nil { failure = FileError(path: path, operation: "close", errno: errno) }
    descriptor = -1
    finished = true
    var info = stat()
    if failure == nil, lstat(path, &info) == 0 {
      if (info.st_mode & S_IFMT) == S_IFLNK {
        failure = FileError(path: path, operation: "write", reason: "it is a symbolic link")
      } else if keepingIdenticalFile, Int(info.st_size) == bytesWritten, Self.sameBytes(temporaryPath, path) {
        unlink(temporaryPath)
        return
      }
    }
    if failure == nil, rename(temporaryPath, path) != 0 {
      failure = FileError(path: path, operation: "rename into place", errno: errno)
    }
    if let failure {
      unlink(temporaryPath)
      throw failure
    }
  }

  /// Closes and removes the temporary file.
  public func discard() {
    guard !finished else { return }
    finished = true
    close(descriptor)
    descriptor = -1
    unlink(temporaryPath)
  }

  private func flush() throws(FileError) {
    guard !buffer.isEmpty else { return }
    var failure: FileError?
    buffer.withUnsafeBytes { raw in
      do throws(FileError) { try writeAll(raw) } catch { failure = error }
    }
    buffer.removeAll(keepingCapacity: true)
    if let failure { throw failure }
  }

  private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw FileError(path: destination, operation: "write", errno: errno)
      }
      offset += written
    }
  }

  /// Whether two regular files hold the same bytes (read in blocks; a link or an unreadable file differs).
  private static func sameBytes(_ first: String, _ second: String) -> Bool {
    let a = open(first, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    let b = open(second, O_RDONLY | O_CLOEXEC | O_NOFOLLOW)
    defer {
      if a >= 0 { close(a) }
      if b >= 0 { close(b) }
    }
    guard a >= 0, b >= 0 else { return false }
    let size = 1 << 16
    var left = [UInt8](repeating: 0, count: size)
    var right = [UInt8](repeating: 0, count: size)
    while true {
      let count = left.withUnsafeMutableBytes { readFully(a, $0) }
      let other = right.withUnsafeMutableBytes { readFully(b, $0) }
      guard count == other, count >= 0 else { return false }
      if count == 0 { return true }
      guard left[0..<count] == right[0..<count] else { return false }
    }
  }

  /// Reads until `buffer` is full or the file ends; the byte count, or -1 on an error.
  private static func readFully(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    var filled = 0
    while filled < buffer.count {
      let count = read(fd, buffer.baseAddress! + filled, buffer.count - filled)
      if count < 0 && errno == EINTR { continue }
      if count < 0 { return -1 }
      if count == 0 { break }
      filled += count
    }
    return filled
  }
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, pointer, count)
}
