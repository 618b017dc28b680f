#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// An exclusive lock on an output catalog, so that two builds never write one catalog at once.
///
/// It is an advisory `flock` on `.gamut.lock` inside the catalog folder; the kernel releases it when the process
/// ends, however it ends, so a killed build never leaves a stale lock.
public final class BuildLock {
  private let descriptor: Int32

  /// The lock file's name inside the catalog folder.
  public static let fileName = ".gamut.lock"

  /// Takes the lock on `catalogPath`. When another build holds it, calls `onWait` once and then waits for it if
  /// `wait` is true, or throws if not.
  public init(catalogPath: String, wait: Bool, onWait: () -> Void) throws(FileError) {
    let path = catalogPath + "/" + Self.fileName
    let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
    guard fd >= 0 else { throw FileError(path: path, operation: "open the build lock", errno: errno) }
    if flock(fd, LOCK_EX | LOCK_NB) != 0 {
      guard errno == EWOULDBLOCK else {
        let failure = FileError(path: path, operation: "take the build lock", errno: errno)
        close(fd)
        throw failure
      }
      onWait()
      guard wait else {
        close(fd)
        throw FileError(path: catalogPath, operation: "build", reason: "another gamut build is writing this catalog")
      }
      while flock(fd, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let failure = FileError(path: path, operation: "wait for the build lock", errno: errno)
          close(fd)
          throw failure
        }
      }
    }
    descriptor = fd
  }

  deinit {
    flock(descriptor, LOCK_UN)
    close(descriptor)
  }
}
