/// Converted pixels and the color tag to encode them with.
package struct Rendition: Sendable {
  package var pixels: PixelBuffer
  package var colorTag: PNGEncoder.ColorTag
}

/// A source's sRGB rendition and its clipping check, computed in one pass.
package struct CheckResult: Sendable {
  /// The 8-bit sRGB rendition.
  package var rendition: Rendition
  /// The measures, the verdict, and each pixel's classification (for the clipping map).
  package var analysis: ClippingAnalyzer.Result
  /// Time spent converting (with the out-of-gamut mask) and analysing, for benchmarks.
  package var conversionTime: Duration
  package var analysisTime: Duration
}
