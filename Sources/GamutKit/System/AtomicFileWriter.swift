/// A file written piece by piece and put in place atomically: the bytes go to a temporary file in the destination's
/// folder (named with ``AtomicFile/temporaryPrefix``), which ``commit(to:keepingIdenticalFile:)`` renames over the
/// destination and ``discard()`` removes. A writer dropped without a commit removes its temporary file, and one left
/// by a killed process is recognised by ``AtomicFile/isTemporaryName(_:)``.
///
/// A writer is used from one thread at a time.
final class AtomicFileWriter {
  /// The temporary file's path.
  let temporaryPath: String
  /// The destination named at creation, for errors.
  private let destination: String
  private let file: FileDescriptor
  private var buffer: [UInt8] = []
  private var finished = false
  /// Bytes written so far.
  private(set) var bytesWritten = 0

  /// Pieces smaller than this are gathered before they are written.
  private static let bufferCapacity = 1 << 16

  /// Creates the temporary file for a file that will be put at `path`, in the destination's folder, or in
  /// `temporaryFolder` when one is given and lies on the same file system (so that the rename stays atomic).
  ///
  /// The manifest, written beside the catalog, keeps its temporary file inside the catalog: a build then creates
  /// no file outside the catalog besides the manifest itself (what a sandboxed Xcode Run Script phase allows), and
  /// a killed build's leftover is removed with the catalog's other temporary files.
  init(for path: String, temporaryFolder: String? = nil) throws(FileError) {
    let slash = path.lastIndex(of: "/")
    var folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    if let temporaryFolder,
      let destinationFolder = try? FileStatus(path: folder.isEmpty ? "/" : folder, followingLinks: true),
      let temporary = try? FileStatus(path: temporaryFolder, followingLinks: true),
      destinationFolder.device == temporary.device
    {
      folder = temporaryFolder
    }
    do {
      (file, temporaryPath) = try FileDescriptor.makeUniqueFile(
        prefix: "\(folder.isEmpty ? "/" : folder)/\(AtomicFile.temporaryPrefix)\(name).")
    } catch {
      throw FileError(path: path, operation: "create a temporary file", errno: error)
    }
    destination = path
    buffer.reserveCapacity(Self.bufferCapacity)
  }

  deinit {
    if !finished { discard() }
  }

  /// Appends `bytes` to the file.
  func write(_ bytes: UnsafeRawBufferPointer) throws(FileError) {
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
  func write(_ bytes: [UInt8]) throws(FileError) {
    var failure: FileError?
    bytes.withUnsafeBytes { raw in
      do throws(FileError) { try write(raw) } catch { failure = error }
    }
    if let failure { throw failure }
  }

  /// Closes the file and renames it to `path`, replacing what is there; refuses to replace a symbolic link. With
  /// `keepingIdenticalFile`, a file already at `path` with exactly these bytes is left untouched (its modification
  /// time too) and the temporary file is removed.
  func commit(to path: String, keepingIdenticalFile: Bool = true) throws(FileError) {
    precondition(!finished, "commit after commit or discard")
    var failure: FileError?
    do {
      try flush()
    } catch {
      failure = error
    }
    if failure == nil {
      do {
        try file.setPermissions(0o644)
      } catch {
        failure = FileError(path: path, operation: "chmod", errno: error)
      }
    }
    do {
      try file.close()
    } catch  where failure == nil {
      failure = FileError(path: path, operation: "close", errno: error)
    } catch {}
    finished = true
    if failure == nil, let existing = try? FileStatus(path: path) {
      if existing.kind == .symbolicLink {
        failure = FileError(path: path, operation: "write", reason: "it is a symbolic link")
      } else if keepingIdenticalFile, existing.size == bytesWritten, StreamedFile.sameBytes(temporaryPath, path) == true
      {
        FileSystem.removeFile(temporaryPath)
        return
      }
    }
    if failure == nil {
      do {
        try FileSystem.rename(temporaryPath, to: path)
      } catch {
        failure = FileError(path: path, operation: "rename into place", errno: error)
      }
    }
    if let failure {
      FileSystem.removeFile(temporaryPath)
      throw failure
    }
  }

  /// Closes and removes the temporary file.
  func discard() {
    guard !finished else { return }
    finished = true
    try? file.close()
    FileSystem.removeFile(temporaryPath)
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
    do {
      try file.writeAll(bytes)
    } catch {
      throw FileError(path: destination, operation: "write", errno: error)
    }
  }
}
