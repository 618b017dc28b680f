/// The SHA-256 of a file's bytes as lower-case hex: the identity of a source's content in the manifest and in
/// incremental builds.
enum ContentHash {
  /// The hex SHA-256 of `bytes`.
  static func of(_ bytes: [UInt8]) -> String {
    hex(SHA256Hasher.digest(bytes))
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
