/// The SHA-256 of a file's bytes as lower-case hex: the identity of a source's content in the manifest and in
/// incremental builds, and (bounded for large files, ``key(ofFile:)``) of a finding's file in a lint baseline.
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

  /// The largest file ``key(ofFile:)`` hashes whole: the largest image lint reads (``LintImage``), whose hash it
  /// already has.
  static let maximumWholeBytes = 256 << 20
  /// How much of each end of a larger file ``key(ofFile:)`` hashes.
  static let sampledBytes = 1 << 20

  /// A file's identity for a lint baseline, bounded in cost: the hex SHA-256 of a file up to
  /// ``maximumWholeBytes`` (as ``ofFile(_:)`` gives it), and for a larger one `sampled-SIZE-` and the hex SHA-256
  /// of its first and last ``sampledBytes`` (a 2 GB file costs 2 MiB of hashing, not 6-11 s). Nil when the file is
  /// missing, not a regular file, a link, or unreadable.
  static func key(ofFile path: String) -> String? {
    guard let file = try? FileDescriptor.open(path, .readOnly, options: [.noFollow, .nonBlocking]) else { return nil }
    defer { try? file.close() }
    guard let status = try? FileStatus(descriptor: file), status.kind == .regular else { return nil }
    guard status.size > maximumWholeBytes else { return ofFile(path) }
    var hasher = SHA256Hasher()
    var buffer = [UInt8](repeating: 0, count: sampledBytes)
    for offset in [0, status.size - sampledBytes] {
      var filled = 0
      while filled < sampledBytes {
        let count = try? buffer.withUnsafeMutableBytes { (raw) throws(Errno) in
          try file.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[filled...]), atOffset: offset + filled)
        }
        guard let count, count > 0 else { return nil }
        filled += count
      }
      buffer.withUnsafeBytes { hasher.update($0) }
    }
    return "sampled-\(status.size)-" + hex(hasher.finalize())
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
