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
