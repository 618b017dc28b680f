/// A decoded PNG: what the file stored, its color chunks, and its pixels expanded to 8 or 16 bits.
public struct PNGImage: Sendable, Equatable {
  public var header: PNGHeader
  public var colorChunks: ColorChunks
  public var pixels: PixelBuffer
  /// libpng's warnings and the decoder's notes about chunks it ignored (for example `cICP: invalid length 3,
  /// chunk ignored`), for reports.
  public var warnings: [String]

  public init(header: PNGHeader, colorChunks: ColorChunks, pixels: PixelBuffer, warnings: [String] = []) {
    self.header = header
    self.colorChunks = colorChunks
    self.pixels = pixels
    self.warnings = warnings
  }
}
