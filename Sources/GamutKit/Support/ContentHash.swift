import Crypto

#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// The SHA-256 of a file's bytes as lower-case hex: the identity of a source's content in the manifest and in
/// incremental builds.
public enum ContentHash {
  /// The hex SHA-256 of `bytes`.
  public static func of(_ bytes: [UInt8]) -> String {
    hex(SHA256.hash(data: bytes))
  }

  /// The hex SHA-256 of the regular file at `path`, read in blocks; nil when it is missing, a link, or unreadable.
  static func ofFile(_ path: String) -> String? {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
    guard fd >= 0 else { return nil }
    defer { close(fd) }
    var info = stat()
    guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
    var hasher = SHA256()
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress!, $0.count) }
      if count < 0 && errno == EINTR { continue }
      guard count >= 0 else { return nil }
      if count == 0 { return hex(hasher.finalize()) }
      buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
  }

  /// A finished SHA-256 as lower-case hex.
  static func hex(_ digest: SHA256.Digest) -> String {
    digest.map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
