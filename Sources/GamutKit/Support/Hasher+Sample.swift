extension Hasher {
  /// Hashes the size, the first 128 bytes and the last 64 bytes of `bytes`: what ``ICCProfile`` hashes of a
  /// profile (its header holds the size, version, class, date and, from version 4, the MD5 identity), and what the
  /// caches keyed by profile bytes hash. Equal byte arrays still hash equally.
  mutating func combineSample(of bytes: [UInt8]) {
    combine(bytes.count)
    bytes.withUnsafeBytes { raw in
      combine(bytes: UnsafeRawBufferPointer(rebasing: raw.prefix(128)))
      combine(bytes: UnsafeRawBufferPointer(rebasing: raw.suffix(64)))
    }
  }
}
