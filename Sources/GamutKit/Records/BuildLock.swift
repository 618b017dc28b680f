/// A lock on a catalog, so that two processes never write one catalog at once and no reader sees one half-written:
/// `gamut build` and `gamut lint --fix` hold it exclusively while they write; `gamut lint` holds it shared while it
/// reads a catalog that has the lock file.
///
/// It is an advisory `flock` on `.gamut.lock` inside the catalog folder; the kernel releases it when the process
/// ends, however it ends, so a killed build never leaves a stale lock. The file is empty between builds: a build
/// gives it a byte while it runs and removes it when it finishes (``finish()``), so the next one knows whether
/// the last one was stopped half-way. A fix removes the file when it is done (``removeFile()``), leaving a catalog
/// kept in Xcode as it found it; a lock taken is therefore checked to still be the file at the path (a waiter may
/// have been given the lock of a file removed meanwhile) and taken again on the new file when it is not.
final class BuildLock {
  private let descriptor: FileDescriptor
  private let path: String
  /// Whether the last build that held the lock stopped before it finished (killed, or failed with an error).
  let lastBuildUnfinished: Bool

  /// The lock file's name inside the catalog folder.
  static let fileName = ".gamut.lock"

  /// Takes the exclusive lock on `catalogPath`, creating the lock file. When another process holds the lock, calls
  /// `onWait` once and then waits for it if `wait` is true, or throws if not.
  init(catalogPath: String, wait: Bool, onWait: () -> Void) throws(FileError) {
    path = catalogPath + "/" + Self.fileName
    descriptor = try Self.take(
      path, shared: false, creating: true, wait: wait, onWait: onWait,
      busy: FileError(path: catalogPath, operation: "build", reason: "another gamut build is writing this catalog"))!
    lastBuildUnfinished = ((try? FileStatus(descriptor: descriptor).size) ?? 0) > 0
    let file = descriptor
    let mark = [UInt8(ascii: "1")].withUnsafeBytes { bytes in Result { () throws(Errno) in try file.writeAll(bytes) } }
    do throws(Errno) {
      try mark.get()
    } catch {
      throw FileError(path: path, operation: "mark the build as started", errno: error)
    }
  }

  private init(descriptor: FileDescriptor, path: String) {
    self.descriptor = descriptor
    self.path = path
    lastBuildUnfinished = false
  }

  /// Takes the shared lock on `catalogPath` for reading it, waiting (after calling `onWait` once) while a build or
  /// a fix holds it; nil when the catalog has no lock file (nothing of gamut's ever wrote it) or the file cannot be
  /// opened for reading. Nothing is written.
  static func shared(catalogPath: String, onWait: () -> Void) throws(FileError) -> BuildLock? {
    let path = catalogPath + "/" + fileName
    guard
      let descriptor = try take(
        path, shared: true, creating: false, wait: true, onWait: onWait,
        busy: FileError(path: path, operation: "read", reason: "locked"))
    else { return nil }
    return BuildLock(descriptor: descriptor, path: path)
  }

  /// Opens and locks the file at `path`, again on the new file as long as the one locked is no longer the one at the
  /// path; nil when `creating` is false and there is no file.
  private static func take(
    _ path: String, shared: Bool, creating: Bool, wait: Bool, onWait: () -> Void,
    busy: @autoclosure () -> FileError
  ) throws(FileError) -> FileDescriptor? {
    var waited = false
    while true {
      let file: FileDescriptor
      do {
        file = try FileDescriptor.open(
          path, creating ? .readWrite : .readOnly,
          options: creating ? [.create, .noFollow] : [.noFollow, .nonBlocking])
      } catch {
        if !creating { return nil }
        throw FileError(path: path, operation: "open the build lock", errno: error)
      }
      var locked = false
      do throws(Errno) {
        locked = try file.tryLock(shared: shared)
        if !locked {
          if !waited { onWait() }
          waited = true
          if wait { try file.lock(shared: shared) }
        }
      } catch {
        try? file.close()
        throw FileError(path: path, operation: "take the build lock", errno: error)
      }
      if !locked && !wait {
        try? file.close()
        throw busy()
      }
      if let held = try? FileStatus(descriptor: file), let named = try? FileStatus(path: path),
        held.inode == named.inode, held.device == named.device
      {
        return file
      }
      file.unlock()
      try? file.close()
    }
  }

  /// Marks the build as finished: the lock file is empty again.
  func finish() {
    try? descriptor.truncate(to: 0)
  }

  /// Removes the lock file while the lock is still held (a fix leaves no file of its own in the catalog); whoever
  /// waits on it takes the lock again on a new file.
  func removeFile() {
    FileSystem.removeFile(path)
  }

  deinit {
    descriptor.unlock()
    try? descriptor.close()
  }
}
