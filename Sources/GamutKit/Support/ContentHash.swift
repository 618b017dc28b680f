import Crypto

/// The SHA-256 of a file's bytes as lower-case hex: the identity of a source's content in the manifest and in
/// incremental builds.
public enum ContentHash {
  /// The hex SHA-256 of `bytes`.
  public static func of(_ bytes: [UInt8]) -> String {
    SHA256.hash(data: bytes).map { byte in
      let hex = String(byte, radix: 16)
      return byte < 16 ? "0" + hex : hex
    }.joined()
  }
}
