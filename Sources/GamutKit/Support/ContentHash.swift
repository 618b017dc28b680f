/// The SHA-256 of a file's bytes as lower-case hex: the identity of a source's content in the manifest and in
/// incremental builds.
enum ContentHash {
  /// The hex SHA-256 of `bytes`.
  static func of(_ bytes: [UInt8]) -> String {
    hex(SHA256Hasher.digest(bytes))
  }

  /// The hex SHA-256 of the regular file at `path`, read in blocks; nil when it is missing, a link, or unreadable.
  static func ofFile(_ path: String) -> String? {
    guard let file = try? FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking]) else { return nil }
    defer { try? file.close() }
    guard let status = try? FileStatus(descriptor: file), status.kind == .regular else { return nil }
    var hasher = SHA256Hasher()
    var buffer = [UInt8](repeating: 0, count: 1 << 18)
    while true {
      guard let count = try? buffer.withUnsafeMutableBytes({ (raw) throws(Errno) in try file.read(into: raw) })
      else { return nil }
      if count == 0 { return hex(hasher.finalize()) }
      buffer.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }
  }

  /// A finished SHA-256 as lower-case hex.
  static func hex(_ digest: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(digest.count * 2)
    for byte in digest {
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
