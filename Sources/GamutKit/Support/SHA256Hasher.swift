#if canImport(CryptoKit)
  internal import CryptoKit
#endif

/// Streaming SHA-256 (FIPS 180-4): CryptoKit on Apple platforms, OpenSSL's libcrypto (its EVP digest API, loaded
/// when first needed: ``Libcrypto``) on Linux.
///
/// Both are the platform's own audited implementations; gamut needs only this one digest, so it does not build a
/// crypto library of its own. `Tests/GamutKitTests/Support/SHA256HasherTests.swift` checks it against NIST's
/// vectors and `sha256sum`.
struct SHA256Hasher: ~Copyable {
  #if canImport(CryptoKit)
    private var hasher = CryptoKit.SHA256()
  #else
    private let context: OpaquePointer
  #endif

  init() {
    #if !canImport(CryptoKit)
      // EVP_MD_CTX_new fails only when memory is exhausted, and EVP_DigestInit_ex with the built-in SHA-256 only
      // then too: nothing to recover from.
      let crypto = Libcrypto.shared
      guard let context = crypto.newContext(), crypto.initialize(context, crypto.sha256(), nil) == 1 else {
        fatalError("SHA256Hasher: libcrypto could not set up a SHA-256 context (out of memory)")
      }
      self.context = context
    #endif
  }

  deinit {
    #if !canImport(CryptoKit)
      Libcrypto.shared.freeContext(context)
    #endif
  }

  /// Adds `bytes` to the digest.
  mutating func update(_ bytes: UnsafeRawBufferPointer) {
    guard bytes.count > 0 else { return }
    #if canImport(CryptoKit)
      hasher.update(bufferPointer: bytes)
    #else
      guard Libcrypto.shared.update(context, bytes.baseAddress, bytes.count) == 1 else {
        fatalError("SHA256Hasher: EVP_DigestUpdate failed")
      }
    #endif
  }

  /// The 32-byte digest of everything added.
  consuming func finalize() -> [UInt8] {
    #if canImport(CryptoKit)
      return Array(hasher.finalize())
    #else
      var digest = [UInt8](repeating: 0, count: 32)
      var length: UInt32 = 0
      guard Libcrypto.shared.finalize(context, &digest, &length) == 1, length == 32 else {
        fatalError("SHA256Hasher: EVP_DigestFinal_ex failed")
      }
      return digest
    #endif
  }

  /// The digest of `bytes`.
  static func digest(_ bytes: [UInt8]) -> [UInt8] {
    var hasher = SHA256Hasher()
    bytes.withUnsafeBytes { hasher.update($0) }
    return hasher.finalize()
  }
}
