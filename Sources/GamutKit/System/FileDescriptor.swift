#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// An open file of the C library. Opened close-on-exec; its owner closes it (the descriptor is a plain value,
/// as in swift-system). Reads and writes are retried when a signal interrupts them.
struct FileDescriptor: Equatable, Sendable {
  let rawValue: Int32

  enum AccessMode: Sendable {
    case readOnly, writeOnly, readWrite
  }

  struct Options: OptionSet, Sendable {
    let rawValue: Int32

    /// Create the file if it does not exist (with the permissions given to `open`).
    static let create = Options(rawValue: O_CREAT)
    /// Every write goes to the end of the file.
    static let append = Options(rawValue: O_APPEND)
    /// Fail rather than open a symbolic link.
    static let noFollow = Options(rawValue: O_NOFOLLOW)
    /// Do not block in `open` (a FIFO without a writer, a device).
    static let nonBlocking = Options(rawValue: O_NONBLOCK)
    /// Fail unless the path is a folder (opened to look up names relative to it).
    static let folder = Options(rawValue: O_DIRECTORY)
  }

  /// Opens the file at `path`.
  static func open(
    _ path: String, _ access: AccessMode, options: Options = [], permissions: UInt16 = 0o644
  ) throws(Errno) -> FileDescriptor {
    let mode: Int32 =
      switch access {
      case .readOnly: O_RDONLY
      case .writeOnly: O_WRONLY
      case .readWrite: O_RDWR
      }
    let fd = systemOpen(path, mode | options.rawValue | O_CLOEXEC, mode_t(permissions))
    guard fd >= 0 else { throw Errno.current }
    return FileDescriptor(rawValue: fd)
  }

  /// Creates and opens a new file whose name is `prefix` followed by six random characters (`mkstemp`), and
  /// returns it with its path.
  static func makeUniqueFile(prefix: String) throws(Errno) -> (FileDescriptor, path: String) {
    var template = Array((prefix + "XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw Errno.current }
    let path = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    return (FileDescriptor(rawValue: fd), path)
  }

  /// Closes the descriptor.
  func close() throws(Errno) {
    guard systemClose(rawValue) == 0 else { throw Errno.current }
  }

  /// Reads into `buffer` from the current offset: the number of bytes read, 0 at the end of the file.
  func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
    while true {
      let count = systemRead(rawValue, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Reads into `buffer` from `offset`, leaving the descriptor's own offset alone (`pread`).
  func read(into buffer: UnsafeMutableRawBufferPointer, atOffset offset: Int) throws(Errno) -> Int {
    while true {
      let count = pread(rawValue, buffer.baseAddress, buffer.count, off_t(offset))
      if count >= 0 { return count }
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Writes all of `bytes`.
  func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
    var offset = 0
    while offset < bytes.count {
      let written = systemWrite(rawValue, bytes.baseAddress! + offset, bytes.count - offset)
      if written < 0 {
        let error = Errno.current
        if error == .interrupted { continue }
        throw error
      }
      offset += written
    }
  }

  /// Cuts the file to `size` bytes, or extends it with zeros (`ftruncate`).
  func truncate(to size: Int) throws(Errno) {
    guard ftruncate(rawValue, off_t(size)) == 0 else { throw Errno.current }
  }

  /// Sets the file's permission bits (`fchmod`).
  func setPermissions(_ permissions: UInt16) throws(Errno) {
    guard fchmod(rawValue, mode_t(permissions)) == 0 else { throw Errno.current }
  }

  /// Takes the advisory lock on the file (`flock`) if no one holds it in a way that excludes this one: false when
  /// another holder has it. An exclusive lock excludes every other; a `shared` one only an exclusive one.
  func tryLock(shared: Bool = false) throws(Errno) -> Bool {
    guard flock(rawValue, (shared ? LOCK_SH : LOCK_EX) | LOCK_NB) != 0 else { return true }
    let error = Errno.current
    if error == .wouldBlock { return false }
    throw error
  }

  /// Takes the advisory lock on the file, exclusive or `shared`, waiting for the holders it excludes to release it.
  func lock(shared: Bool = false) throws(Errno) {
    while flock(rawValue, shared ? LOCK_SH : LOCK_EX) != 0 {
      let error = Errno.current
      if error != .interrupted { throw error }
    }
  }

  /// Releases the lock.
  func unlock() {
    flock(rawValue, LOCK_UN)
  }
}

// The C functions under other names, so that the methods above can share theirs.
private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
  read(fd, buffer, count)
}
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
