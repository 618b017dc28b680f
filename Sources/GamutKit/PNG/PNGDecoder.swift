/// Decodes PNG files with libpng: every color type, bit depth and interlacing, under ``PNGLimits``.
///
/// Pixels are expanded to ``PixelBuffer`` layouts without changing their values' meaning: palettes become RGB,
/// a tRNS chunk becomes an alpha channel, 1/2/4-bit gray is scaled to 8 bits (a 1-bit 1 becomes 255), 16-bit
/// samples stay 16-bit. No gamma correction is applied. The color chunks (cICP, iCCP, sRGB, gAMA, cHRM) are read
/// as stored, without libpng's consistency checks; all other ancillary chunks are skipped unread.
///
/// A malformed cICP, sRGB, gAMA or cHRM chunk is ignored, as the PNG specification asks, and noted in
/// ``PNGImage/warnings``. So is an iCCP chunk that cannot be read (bad CRC, bad name, unknown compression method,
/// data that does not inflate), as libpng, ImageMagick and browsers do: ``ColorChunks/unreadableProfile`` says why,
/// and `ColorSpaceDecision` reports the fallback to the next chunk as a warning. An iCCP larger than
/// ``PNGLimits/maxProfileBytes`` or the chunk limit fails the decode: that limit is the user's to raise.
public struct PNGDecoder: Sendable {
  public var limits: PNGLimits

  public init(limits: PNGLimits = .default) {
    self.limits = limits
  }

  /// Decodes a PNG held in memory.
  public func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
    try Self.decode(PNGRowReader(bytes: bytes, limits: limits))
  }

  /// Decodes the PNG file at `path`, streaming it from disk; errors carry the path.
  public func decode(contentsOf path: String) throws(PNGError) -> PNGImage {
    try Self.decode(PNGRowReader(contentsOf: path, limits: limits))
  }

  private static func decode(_ reader: PNGRowReader) throws(PNGError) -> PNGImage {
    let pixels = try reader.readRows(reader.header.height)
    try reader.finish()
    return PNGImage(header: reader.header, colorChunks: reader.colorChunks, pixels: pixels, warnings: reader.warnings)
  }
}
