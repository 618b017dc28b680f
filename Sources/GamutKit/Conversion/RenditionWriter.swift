/// A rendition encoded as its rows arrive: a ``PNGStreamWriter`` into an ``AtomicFileWriter``, so that the file
/// appears whole, under its final name, only when ``file`` is committed. A rendition whose pixels are the source's
/// carries the source's compressed image data instead (``copiedImageData``), and takes no rows.
final class RenditionWriter {
  /// The temporary file; commit it once ``finish()`` returned.
  let file: AtomicFileWriter
  /// The target the rows are in.
  let target: ConversionTarget
  /// The source's image data that ``finish()`` copies, when the rendition's pixels are the source's.
  let copiedImageData: PNGImageData?
  private let png: PNGStreamWriter

  /// Starts a `width` x `height` rendition in `target` for a source whose rows have `sourceLayout` (gray becomes
  /// RGB, alpha is kept), in a temporary file beside `path`; with `copying`, one that carries that image data.
  init(
    for path: String, width: Int, height: Int, sourceLayout: PixelBuffer.Layout, target: ConversionTarget,
    compressionLevel: Int, copying: PNGImageData? = nil
  ) throws {
    file = try AtomicFileWriter(for: path)
    self.target = target
    copiedImageData = copying
    png = try PNGStreamWriter(
      width: width, height: height, layout: sourceLayout.hasAlpha ? .rgba : .rgb, bitDepth: target.bitDepth,
      colorTag: target.colorTag, compressionLevel: compressionLevel, sink: file)
  }

  /// The image data a rendition of the image `reader` reads, converted by `route`, carries instead of its rows:
  /// the source's own, when the rendition has the source's pixels in the layout and bit depth the file stores (RGB
  /// or RGBA, not interlaced, no tRNS chunk) and `compressionLevel` is the default or lower; nil otherwise.
  ///
  /// Such a rendition keeps the compression the source came with, as a copy of the file would (Xcode keeps the
  /// files put into a catalog as they are): on the real catalogs of the test data the sources' image data is a
  /// quarter smaller than a deflate at level 6, on the bench's plainly deflated exports up to half larger. Levels
  /// 7 to 9 ask for the smallest files gamut can make, so every rendition is deflated again. The caller decodes the
  /// whole source all the same, and encodes the rows instead when the decoding warned (bytes after the image
  /// data's stream, say), which the copy would carry along.
  static func copyableImageData(route: ConversionRoute, reader: PNGRowReader, compressionLevel: Int)
    -> PNGImageData?
  {
    let header = reader.header
    guard route.keepsCodes(ofBitDepth: header.bitDepth), header.colorType == .rgb || header.colorType == .rgba,
      !header.interlaced, !header.hasTransparencyChunk, compressionLevel <= CompressionLevel.default
    else { return nil }
    return reader.sourceImageData
  }

  /// Encodes the next converted rows (never called on a rendition that copies the source's image data).
  func append(_ rows: PixelBuffer) throws {
    try png.append(rows)
  }

  /// Ends the PNG after its last row, or writes the copied image data and ends it.
  func finish() throws {
    if let copiedImageData {
      try png.finish(copying: copiedImageData)
    } else {
      try png.finish()
    }
  }
}
