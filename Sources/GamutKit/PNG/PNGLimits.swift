/// Bounds on what ``PNGDecoder`` accepts from an untrusted file, so that a hostile PNG fails fast instead of
/// exhausting memory or time.
///
/// Every limit can be raised for trusted input. The decoded pixels take `width * height * channels` bytes
/// (twice that for 16-bit images); ``maxPixels`` bounds that allocation before it happens.
public struct PNGLimits: Sendable, Equatable {
  /// Largest image width accepted (libpng's `png_set_user_limits`).
  public var maxWidth: Int
  /// Largest image height accepted (libpng's `png_set_user_limits`).
  public var maxHeight: Int
  /// Largest `width * height` accepted, checked before pixel memory is allocated.
  public var maxPixels: Int
  /// Largest chunk libpng will hold in memory (`png_set_chunk_malloc_max`). A larger chunk the decoder does not
  /// need (text, metadata) is skipped with a warning; a larger iCCP chunk fails the decode.
  public var maxChunkBytes: Int
  /// Largest decompressed ICC profile (iCCP); a profile that inflates past it fails the decode.
  public var maxProfileBytes: Int
  /// Budget for libpng's and zlib's own allocations (the pixel buffer is bounded by ``maxPixels`` instead).
  public var maxMemoryBytes: Int

  public init(
    maxWidth: Int = 65_535, maxHeight: Int = 65_535, maxPixels: Int = 1 << 28, maxChunkBytes: Int = 32 << 20,
    maxProfileBytes: Int = 16 << 20, maxMemoryBytes: Int = 128 << 20
  ) {
    self.maxWidth = maxWidth
    self.maxHeight = maxHeight
    self.maxPixels = maxPixels
    self.maxChunkBytes = maxChunkBytes
    self.maxProfileBytes = maxProfileBytes
    self.maxMemoryBytes = maxMemoryBytes
  }

  /// 65535 x 65535 at most, 2^28 pixels (for example 16384 x 16384; up to 2 GiB of 16-bit RGBA samples),
  /// 32 MiB per chunk, 16 MiB per ICC profile, 128 MiB for libpng and zlib.
  public static let `default` = PNGLimits()
}
