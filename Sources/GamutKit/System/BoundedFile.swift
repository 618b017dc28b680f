/// Reads a whole file that must be a regular file no larger than a limit: the size is taken from the open file
/// (`fstat`) before anything is read, and the read stops one byte past the limit, so neither a 2 GB (even sparse)
/// file nor one that grows while it is read is ever held in memory. A FIFO, socket or device is refused without
/// being read (it could block forever), and so is a folder.
enum BoundedFile {
  /// The bytes of the file at `path` (a link followed unless `followingLinks` is false, when it is refused);
  /// `what` names the file in errors (`the color file`), `raisedBy` the options that raise the limit, if any.
  static func read(
    _ path: String, limit: Int, what: String, followingLinks: Bool = true,
    raisedBy: String? = "--max-text-kib or --max-vector-mib"
  ) throws(FileError) -> [UInt8] {
    let operation = "read " + what
    let file: FileDescriptor
    do throws(Errno) {
      file = try FileDescriptor.open(
        path, .readOnly, options: followingLinks ? [.nonBlocking] : [.nonBlocking, .noFollow])
    } catch {
      throw FileError(path: path, operation: operation, errno: error)
    }
    defer { try? file.close() }
    let status: FileStatus
    do throws(Errno) {
      status = try FileStatus(descriptor: file)
    } catch {
      throw FileError(path: path, operation: operation, errno: error)
    }
    guard status.kind == .regular else {
      throw FileError(
        path: path, operation: operation,
        reason: status.kind == .folder ? "it is a folder" : "it is not a regular file (a FIFO, socket or device)")
    }
    guard status.size <= limit else {
      throw FileError(
        path: path, operation: operation,
        reason: "it is \(status.size) bytes, more than the limit of \(limit) bytes"
          + (raisedBy.map { " (raise it with \($0) for trusted files)" } ?? ""))
    }
    var bytes = [UInt8](repeating: 0, count: status.size + 1)
    var count = 0
    while count < bytes.count {
      let result = bytes.withUnsafeMutableBytes { raw in
        Result { () throws(Errno) in
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[count...]), atOffset: count)
        }
      }
      let read: Int
      switch result {
      case .success(let value): read = value
      case .failure(let error): throw FileError(path: path, operation: operation, errno: error)
      }
      if read == 0 { break }
      count += read
    }
    // More than fstat said: the file grew while it was read, and what was read may be cut anywhere.
    guard count <= status.size else {
      throw FileError(path: path, operation: operation, reason: "it grew while it was being read")
    }
    bytes.removeSubrange(count...)
    return bytes
  }
}
