/// A rendition encoded as its rows arrive: a ``PNGStreamWriter`` into an ``AtomicFileWriter``, so that the file
/// appears whole, under its final name, only when ``file`` is committed.
final class RenditionWriter {
  /// The temporary file; commit it once ``finish()`` returned.
  let file: AtomicFileWriter
  /// The target the rows are in.
  let target: ConversionTarget
  private let png: PNGStreamWriter

  /// Starts a `width` x `height` rendition in `target` for a source whose rows have `sourceLayout` (gray becomes
  /// RGB, alpha is kept), in a temporary file beside `path`.
  init(
    for path: String, width: Int, height: Int, sourceLayout: PixelBuffer.Layout, target: ConversionTarget,
    compressionLevel: Int
  ) throws {
    file = try AtomicFileWriter(for: path)
    self.target = target
    png = try PNGStreamWriter(
      width: width, height: height, layout: sourceLayout.hasAlpha ? .rgba : .rgb, bitDepth: target.bitDepth,
      colorTag: target.colorTag, compressionLevel: compressionLevel, sink: file)
  }

  /// Encodes the next converted rows.
  func append(_ rows: PixelBuffer) throws {
    try png.append(rows)
  }

  /// Ends the PNG after its last row.
  func finish() throws {
    try png.finish()
  }
}
