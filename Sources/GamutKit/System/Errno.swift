#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// An error number from the C library (`errno`), with the system's text for it.
package struct Errno: Error, Equatable, Sendable, CustomStringConvertible {
  var rawValue: Int32

  init(rawValue: Int32) {
    self.rawValue = rawValue
  }

  /// The calling thread's `errno`, read right after the call that failed.
  static var current: Errno { Errno(rawValue: errno) }

  static let interrupted = Errno(rawValue: EINTR)
  static let wouldBlock = Errno(rawValue: EWOULDBLOCK)
  static let tryAgain = Errno(rawValue: EAGAIN)
  static let exists = Errno(rawValue: EEXIST)
  static let noSuchFile = Errno(rawValue: ENOENT)
  static let notAFolder = Errno(rawValue: ENOTDIR)
  static let noSpace = Errno(rawValue: ENOSPC)
  static let io = Errno(rawValue: EIO)
  /// The operation is not supported here (by the system or the file system).
  static let notSupported = Errno(rawValue: ENOTSUP)

  /// ``notSupported`` for the errors a system or file system without an operation gives (`ENOSYS`, `EINVAL`,
  /// `ENOTSUP`), else itself.
  var unsupportedAsSuch: Errno {
    [ENOSYS, EINVAL, ENOTSUP, EOPNOTSUPP].contains(rawValue) ? .notSupported : self
  }

  /// The system's text, for example `No such file or directory`.
  package var description: String { String(cString: strerror(rawValue)) }
}

extension FileError {
  /// The error of `operation` on `path`, with the system's text for `errno` as the reason.
  init(path: String, operation: String, errno: Errno) {
    self.init(path: path, operation: operation, reason: errno.description)
  }
}
