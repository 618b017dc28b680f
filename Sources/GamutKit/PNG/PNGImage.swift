/// A decoded PNG: what the file stored, its color chunks, and its pixels expanded to 8 or 16 bits.
public struct PNGImage: Sendable, Equatable {
  public var header: PNGHeader
  public var colorChunks: ColorChunks
  public var pixels: PixelBuffer

  public init(header: PNGHeader, colorChunks: ColorChunks, pixels: PixelBuffer) {
    self.header = header
    self.colorChunks = colorChunks
    self.pixels = pixels
  }
}
