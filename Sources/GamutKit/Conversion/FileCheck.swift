/// `gamut check`'s job for one file: its sRGB conversion measured for clipping, a strip of rows at a time, so that
/// memory holds a few strips of the image. The clipping map needs the whole rendition and every pixel's findings,
/// so only a check that makes one holds them.
public struct FileCheck: Sendable {
  /// What the check found.
  public struct Outcome: Sendable {
    public var width: Int
    public var height: Int
    /// The source's color space name, for example `Display P3`.
    public var colorSpace: String
    /// One sentence per color chunk passed over because it could not be used (a profile gamut refuses, a
    /// malformed chunk...): the chunk, why, and the color space used instead. Empty when nothing was passed over.
    public var colorSpaceWarnings: [String]
    public var report: ClippingReport
    /// The clipping map (`ClippingMap`), when asked for.
    public var map: PixelBuffer?
    /// Time spent reading and decoding, converting, and analysing.
    public var decodeTime: Duration
    public var conversionTime: Duration
    public var analysisTime: Duration
  }

  public var converter: ColorConverter
  public var thresholds: ClippingThresholds
  public var limits: PNGLimits

  /// Creates a check with these settings.
  public init(converter: ColorConverter, thresholds: ClippingThresholds, limits: PNGLimits = .default) {
    self.converter = converter
    self.thresholds = thresholds
    self.limits = limits
  }

  /// Checks the PNG at `path`, with its clipping map when `makingMap`. Throws ``PNGError`` (with the path) or
  /// ``ConversionError``.
  public func run(path: String, makingMap: Bool = false) throws -> Outcome {
    let clock = ContinuousClock()
    let start = clock.now
    let reader = try PNGRowReader(contentsOf: path, limits: limits)
    let (width, height) = (reader.header.width, reader.header.height)
    let route = try converter.route(for: reader.colorChunks, layout: reader.layout, to: .sRGB)
    let analysis = ClippingAnalyzer.Stream(
      analyzer: ClippingAnalyzer(thresholds: thresholds), width: width, height: height,
      recordsClassification: makingMap)
    var rendition: [PixelBuffer] = []
    var conversionTime = Duration.zero
    var analysisTime = Duration.zero
    try reader.forEachStrip { rows, firstRow in
      let converting = clock.now
      let measured = route.convertMeasuring(rows, firstRow: firstRow)
      let analysing = clock.now
      analysis.add(measured)
      analysisTime += clock.now - analysing
      conversionTime += analysing - converting
      if makingMap { rendition.append(measured.image) }
    }
    let finishing = clock.now
    let result = analysis.finish()
    analysisTime += clock.now - finishing
    let map = result.classification.map { ClippingMap.render(rendition: .stacked(rendition), classification: $0) }
    let decision = ColorSpaceDecision.of(reader.colorChunks)
    return Outcome(
      width: width, height: height, colorSpace: decision.name, colorSpaceWarnings: decision.fallbackWarnings,
      report: result.report, map: map, decodeTime: clock.now - start - conversionTime - analysisTime,
      conversionTime: conversionTime, analysisTime: analysisTime)
  }
}
