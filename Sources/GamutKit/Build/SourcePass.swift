/// One reading of a source file, a strip of rows at a time: each strip is converted to the renditions asked for,
/// measured for clipping on the check pass, and encoded into temporary files as the strips go, so that memory
/// holds a few strips of an image, never the image.
struct SourcePass {
  /// What the pass makes.
  struct Request {
    /// Measure clipping on the sRGB conversion (the first pass over every source).
    var check = false
    /// Write the sRGB rendition.
    var sRGB = false
    /// Write the Display P3 rendition.
    var displayP3 = false
    /// Count near-white pixels of the sRGB conversion (dark renditions).
    var whiteArea = false
  }

  /// What the pass found and wrote.
  struct Output {
    var header: PNGHeader
    var colorChunks: ColorChunks
    /// The clipping measures, on the check pass.
    var report: ClippingReport?
    var whiteArea = ImageChecks.WhiteArea()
    /// The renditions written, finished, in temporary files to be renamed into the imageset.
    var sRGB: RenditionWriter?
    var displayP3: RenditionWriter?
  }

  /// A source that changed (size or modification time) while the pass read it.
  struct SourceChanged: Error {}

  var converter: ColorConverter
  var options: BuildOptions
  /// Where the temporary rendition files go: the imageset folder, where they are renamed into place.
  var folder: String

  /// Reads `source` once and makes what `request` asks for. A rendition whose pixels are the source's, in the
  /// source's layout and bit depth, carries the source's compressed image data instead of deflating its rows
  /// again (``RenditionWriter/copyableImageData(route:reader:compressionLevel:)``), unless decoding the source raised a warning: then the pass runs again and
  /// encodes every rendition.
  func run(_ source: OpenedSource, request: Request) throws -> Output {
    if let output = try run(source, request: request, copying: true) { return output }
    // A pass that copies nothing always returns.
    return try run(source, request: request, copying: false)!
  }

  /// The pass; nil when `copying` and a rendition would copy the image data of a source whose decoding warned.
  private func run(_ source: OpenedSource, request: Request, copying: Bool) throws -> Output? {
    let reader = try source.rowReader(limits: options.limits)
    let header = reader.header
    var output = Output(header: header, colorChunks: reader.colorChunks)
    let needsSRGB = request.check || request.sRGB || request.whiteArea
    let toSRGB = needsSRGB ? try converter.route(for: reader.colorChunks, layout: reader.layout, to: .sRGB) : nil
    let toP3 =
      request.displayP3 ? try converter.route(for: reader.colorChunks, layout: reader.layout, to: .displayP3) : nil
    let analysis =
      request.check
      ? ClippingAnalyzer.Stream(
        analyzer: ClippingAnalyzer(thresholds: options.thresholds), width: header.width, height: header.height)
      : nil
    let sRGBWriter = try toSRGB.flatMap { request.sRGB ? try writer(.sRGB, $0, reader, copying: copying) : nil }
    let p3Writer = try toP3.map { try writer(.displayP3, $0, reader, copying: copying) }
    let copies = sRGBWriter?.copiedImageData != nil || p3Writer?.copiedImageData != nil
    // The writers that take rows.
    let sRGBRows = sRGBWriter?.copiedImageData == nil ? sRGBWriter : nil
    let p3Rows = p3Writer?.copiedImageData == nil ? p3Writer : nil
    try reader.forEachStrip { rows, firstRow in
      if let toSRGB, analysis != nil || request.whiteArea {
        let measured = toSRGB.convertMeasuring(rows, firstRow: firstRow)
        analysis?.add(measured)
        try sRGBRows?.append(measured.image)
        if request.whiteArea { output.whiteArea.add(measured.image) }
      } else if let toSRGB {
        // Nothing to measure (a second pass, a fix): the plain conversion, the same pixels without the mask.
        try sRGBRows?.append(toSRGB.convert(rows, firstRow: firstRow))
      }
      if let toP3 { try p3Rows?.append(toP3.convert(rows, firstRow: firstRow)) }
    }
    if copies && !reader.warnings.isEmpty { return nil }
    output.report = analysis?.finish().report
    try sRGBWriter?.finish()
    try p3Writer?.finish()
    // After the copies, which read the file again.
    guard source.isUnchanged else { throw SourceChanged() }
    output.sRGB = sRGBWriter
    output.displayP3 = p3Writer
    return output
  }

  /// A writer of the `target` rendition (converted by `route`) of the image `reader` reads, into a new temporary
  /// file; when `copying`, one that carries the source's image data if it can
  /// (``RenditionWriter/copyableImageData(route:reader:compressionLevel:)``).
  private func writer(_ target: ConversionTarget, _ route: ConversionRoute, _ reader: PNGRowReader, copying: Bool)
    throws -> RenditionWriter
  {
    let level = options.compressionLevel
    return try RenditionWriter(
      for: folder + "/" + target.rawValue + ".png", width: reader.header.width, height: reader.header.height,
      sourceLayout: reader.layout, target: target, compressionLevel: level,
      copying: copying ? RenditionWriter.copyableImageData(route: route, reader: reader, compressionLevel: level) : nil)
  }
}
