/// An exclusive lock on an output catalog, so that two builds never write one catalog at once.
///
/// It is an advisory `flock` on `.gamut.lock` inside the catalog folder; the kernel releases it when the process
/// ends, however it ends, so a killed build never leaves a stale lock. The file is empty between builds: a build
/// gives it a byte while it runs and removes it when it finishes (``finish()``), so the next one knows whether
/// the last one was stopped half-way.
final class BuildLock {
  private let descriptor: FileDescriptor
  /// Whether the last build that held the lock stopped before it finished (killed, or failed with an error).
  let lastBuildUnfinished: Bool

  /// The lock file's name inside the catalog folder.
  static let fileName = ".gamut.lock"

  /// Takes the lock on `catalogPath`. When another build holds it, calls `onWait` once and then waits for it if
  /// `wait` is true, or throws if not.
  init(catalogPath: String, wait: Bool, onWait: () -> Void) throws(FileError) {
    let path = catalogPath + "/" + Self.fileName
    let file: FileDescriptor
    do {
      file = try FileDescriptor.open(path, .readWrite, options: [.create, .noFollow])
    } catch {
      throw FileError(path: path, operation: "open the build lock", errno: error)
    }
    let taken: Bool
    do {
      taken = try file.tryLock()
    } catch {
      try? file.close()
      throw FileError(path: path, operation: "take the build lock", errno: error)
    }
    if !taken {
      onWait()
      guard wait else {
        try? file.close()
        throw FileError(path: catalogPath, operation: "build", reason: "another gamut build is writing this catalog")
      }
      do {
        try file.lock()
      } catch {
        try? file.close()
        throw FileError(path: path, operation: "wait for the build lock", errno: error)
      }
    }
    descriptor = file
    lastBuildUnfinished = ((try? FileStatus(descriptor: file).size) ?? 0) > 0
    let mark = [UInt8(ascii: "1")].withUnsafeBytes { bytes in Result { () throws(Errno) in try file.writeAll(bytes) } }
    do throws(Errno) {
      try mark.get()
    } catch {
      throw FileError(path: path, operation: "mark the build as started", errno: error)
    }
  }

  /// Marks the build as finished: the lock file is empty again.
  func finish() {
    try? descriptor.truncate(to: 0)
  }

  deinit {
    descriptor.unlock()
    try? descriptor.close()
  }
}
