import Crypto

/// The SHA-256 of a file's bytes as lower-case hex: the identity of a source's content in the manifest and in
/// incremental builds.
enum ContentHash {
  /// The hex SHA-256 of `bytes`.
  static func of(_ bytes: [UInt8]) -> String {
    hex(SHA256.hash(data: bytes))
  }

  /// A finished SHA-256 as lower-case hex.
  static func hex(_ digest: SHA256.Digest) -> String {
    digest.map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
