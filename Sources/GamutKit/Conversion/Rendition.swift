/// Converted pixels and the color tag to encode them with.
public struct Rendition: Sendable {
  public var pixels: PixelBuffer
  public var colorTag: PNGEncoder.ColorTag
}

/// A source's sRGB rendition and its clipping check, computed in one pass.
public struct CheckResult: Sendable {
  /// The 8-bit sRGB rendition.
  public var rendition: Rendition
  /// The measures, the verdict, and each pixel's classification (for the clipping map).
  public var analysis: ClippingAnalyzer.Result
  /// Time spent converting (with the out-of-gamut mask) and analysing, for benchmarks.
  public var conversionTime: Duration
  public var analysisTime: Duration
}
