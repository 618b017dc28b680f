#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Writes whole files so that a reader sees either the old file or the new one, never a partial one.
///
/// The bytes go to a temporary file in the destination's folder (named with ``temporaryPrefix``), which is then
/// renamed over the destination. A process killed mid-write leaves at most a temporary file, which
/// ``isTemporaryName(_:)`` recognises so that later runs can remove it. Files are not flushed to disk one by one
/// (an fsync per file made builds of many small assets wait on the disk most of the time): a power loss may leave
/// a written file short, which the next build sees (its size differs from the recorded one) and rebuilds.
public enum AtomicFile {
  /// The prefix of every temporary file this type creates.
  public static let temporaryPrefix = ".gamut-tmp-"

  /// Whether a file name is one of this type's temporary files.
  public static func isTemporaryName(_ name: String) -> Bool {
    name.hasPrefix(temporaryPrefix)
  }

  /// Writes `bytes` to `path` atomically, replacing any existing file.
  public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    var template = Array("\(folder.isEmpty ? "/" : folder)/\(temporaryPrefix)\(name).XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { throw FileError(path: path, operation: "create a temporary file", errno: errno) }
    let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: FileError?
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = systemWrite(fd, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          failure = FileError(path: path, operation: "write", errno: errno)
          return
        }
        offset += written
      }
    }
    if failure == nil, fchmod(fd, 0o644) != 0 { failure = FileError(path: path, operation: "chmod", errno: errno) }
    if close(fd) != 0, failure == nil { failure = FileError(path: path, operation: "close", errno: errno) }
    if failure == nil, rename(temporaryPath, path) != 0 {
      failure = FileError(path: path, operation: "rename into place", errno: errno)
    }
    if let failure {
      unlink(temporaryPath)
      throw failure
    }
  }
}

private func systemWrite(_ fd: Int32, _ pointer: UnsafeRawPointer, _ count: Int) -> Int {
  write(fd, pointer, count)
}
