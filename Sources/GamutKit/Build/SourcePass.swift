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

  /// Reads `source` once and makes what `request` asks for.
  func run(_ source: OpenedSource, request: Request) throws -> Output {
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
    let sRGBWriter = request.sRGB ? try writer(.sRGB, reader) : nil
    let p3Writer = request.displayP3 ? try writer(.displayP3, reader) : nil
    try reader.forEachStrip { rows, firstRow in
      if let toSRGB, analysis != nil || request.whiteArea {
        let measured = toSRGB.convertMeasuring(rows, firstRow: firstRow)
        analysis?.add(measured)
        try sRGBWriter?.append(measured.image)
        if request.whiteArea { output.whiteArea.add(measured.image) }
      } else if let toSRGB {
        // Nothing to measure (a second pass, a fix): the plain conversion, the same pixels without the mask.
        try sRGBWriter?.append(toSRGB.convert(rows, firstRow: firstRow))
      }
      if let toP3 { try p3Writer?.append(toP3.convert(rows, firstRow: firstRow)) }
    }
    guard source.isUnchanged else { throw SourceChanged() }
    output.report = analysis?.finish().report
    try sRGBWriter?.finish()
    try p3Writer?.finish()
    output.sRGB = sRGBWriter
    output.displayP3 = p3Writer
    return output
  }

  /// A writer of the `target` rendition of the image `reader` reads, into a new temporary file.
  private func writer(_ target: ConversionTarget, _ reader: PNGRowReader) throws -> RenditionWriter {
    try RenditionWriter(
      for: folder + "/" + target.rawValue + ".png", width: reader.header.width, height: reader.header.height,
      sourceLayout: reader.layout, target: target, compressionLevel: options.compressionLevel)
  }
}
