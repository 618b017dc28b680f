/// Encodes a ``PixelBuffer`` as a PNG, deterministically: the same pixels and settings give the same bytes on
/// every run and with any number of cores (fixed zlib settings, each row's filter chosen by libpng's heuristic,
/// no tIME or text).
///
/// libpng writes the signature, the header and the color chunk. The image data is filtered and deflated in bands
/// of about 1 MiB of rows on all cores (`gamut_idat.h`): each band is deflated on its own with the previous 32 KiB
/// as its dictionary and ends on a byte boundary, so the bands make one zlib stream (a band's flush and fresh
/// Huffman tables cost some hundred bytes), and each band is one IDAT chunk. Band boundaries depend only on the
/// image's size and layout. An image of one band is deflated whole by libdeflate at `compressionLevel` (about half
/// zlib's time); a larger one by zlib with its run-length strategy at levels 1 to 6, which is several times faster
/// on large artwork, and with the filtered strategy at 7 to 9. The bytes can still differ between zlib or libdeflate
/// versions, which choose matches differently.
///
/// ``encode(_:colorTag:)`` writes a whole image into memory through a `PNGStreamWriter`, which takes rows a few at
/// a time and writes the file as it goes, with the same bytes.
public struct PNGEncoder: Sendable {
  /// The color chunk written before the image data.
  public enum ColorTag: Sendable, Equatable {
    /// No color chunk: readers assume sRGB.
    case none
    /// An sRGB chunk with a rendering intent (0 perceptual, 1 relative colorimetric, 2 saturation, 3 absolute).
    case sRGB(intent: Int)
    /// An iCCP chunk: a profile name (1 to 79 Latin-1 characters) and the profile's bytes, embedded as given.
    case iccProfile(name: String, bytes: [UInt8])
  }

  /// The deflate level, 0 (stored) to 9 (smallest; see above for the compressor each level uses).
  public var compressionLevel: Int

  /// Creates an encoder that deflates at `compressionLevel`.
  public init(compressionLevel: Int = CompressionLevel.default) {
    self.compressionLevel = compressionLevel
  }

  /// Encodes `pixels` (8 or 16 bits, any layout) without interlacing.
  public func encode(_ pixels: PixelBuffer, colorTag: ColorTag) throws(PNGError) -> [UInt8] {
    let sink = PNGMemorySink()
    do {
      let writer = try PNGStreamWriter(
        width: pixels.width, height: pixels.height, layout: pixels.layout, bitDepth: pixels.bitDepth,
        colorTag: colorTag, compressionLevel: compressionLevel, sink: sink)
      try writer.append(pixels)
      try writer.finish()
    } catch let error as PNGError {
      throw error
    } catch {
      preconditionFailure("PNGMemorySink does not throw, yet the writer threw \(error)")
    }
    return sink.bytes
  }
}
