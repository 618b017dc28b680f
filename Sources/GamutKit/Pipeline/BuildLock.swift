/// An exclusive lock on an output catalog, so that two builds never write one catalog at once.
///
/// It is an advisory `flock` on `.gamut.lock` inside the catalog folder; the kernel releases it when the process
/// ends, however it ends, so a killed build never leaves a stale lock.
final class BuildLock {
  private let descriptor: FileDescriptor

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
  }

  deinit {
    descriptor.unlock()
    try? descriptor.close()
  }
}
