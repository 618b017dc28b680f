/// `gamut convert`'s job: one PNG file to one of gamut's renditions in another file, a strip of rows at a time,
/// so that memory holds a few strips, never the image. The output appears whole or not at all.
public struct FileConversion: Sendable {
  /// What was written.
  public struct Summary: Sendable {
    public var width: Int
    public var height: Int
    /// The source's color space name, for example `Display P3`.
    public var sourceSpace: String
    /// The size of the written file.
    public var bytes: Int
    /// One sentence per color chunk passed over because it could not be used (a profile gamut refuses, a
    /// malformed chunk...): the chunk, why, and the color space used instead. Empty when nothing was passed over.
    public var warnings: [String]
  }

  public var converter: ColorConverter
  /// The deflate level, 0 to 9.
  public var compressionLevel: Int
  public var limits: PNGLimits

  /// Creates a conversion with these settings.
  public init(converter: ColorConverter, compressionLevel: Int = CompressionLevel.default, limits: PNGLimits = .default)
  {
    self.converter = converter
    self.compressionLevel = compressionLevel
    self.limits = limits
  }

  /// Converts the PNG at `input` to `target` and writes it to `output`. Throws ``PNGError`` (with the input's
  /// path), ``ConversionError`` or ``FileError``.
  ///
  /// When the output's pixels are the input's (`RenditionWriter.copyableImageData(route:reader:compressionLevel:)`),
  /// the input is decoded whole, to know it is sound, and its compressed image data is copied instead of the rows
  /// being deflated again.
  public func run(input: String, output: String, target: ConversionTarget) throws -> Summary {
    if let summary = try run(input: input, output: output, target: target, copying: true) { return summary }
    // A run that copies nothing always returns.
    return try run(input: input, output: output, target: target, copying: false)!
  }

  /// The conversion; nil when `copying` and the input, whose image data would be copied, warned when decoded.
  private func run(input: String, output: String, target: ConversionTarget, copying: Bool) throws -> Summary? {
    let reader = try PNGRowReader(contentsOf: input, limits: limits)
    let route = try converter.route(for: reader.colorChunks, layout: reader.layout, to: target)
    let copied =
      copying
      ? RenditionWriter.copyableImageData(route: route, reader: reader, compressionLevel: compressionLevel) : nil
    let writer = try RenditionWriter(
      for: output, width: reader.header.width, height: reader.header.height, sourceLayout: reader.layout,
      target: target, compressionLevel: compressionLevel, copying: copied)
    if copied == nil {
      try reader.forEachStrip { rows, firstRow in try writer.append(route.convert(rows, firstRow: firstRow)) }
    } else {
      try reader.readToEnd()
      guard reader.warnings.isEmpty else { return nil }
    }
    try writer.finish()
    try writer.file.commit(to: output, keepingIdenticalFile: false)
    let decision = ColorSpaceDecision.of(reader.colorChunks)
    return Summary(
      width: reader.header.width, height: reader.header.height, sourceSpace: decision.name,
      bytes: writer.file.bytesWritten, warnings: decision.fallbackWarnings)
  }
}
