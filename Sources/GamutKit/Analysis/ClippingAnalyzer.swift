/// Measures where a gamut-reducing conversion (typically Display P3 artwork to sRGB) visibly damages the artwork:
/// how far colors move, where gradients flatten into plateaus, and where neighbouring colors merge.
///
/// It reads `TransformResult`s: the rendition's codes, the source pixels (whose colors it computes in CIELAB D50
/// only where needed) and the transform's out-of-gamut mask, for a whole image (`analyze`) or strip by strip
/// (`Stream`), with the same result. The work is O(pixels) comparisons plus CIEDE2000 evaluations bounded by
/// budgets (`Options.deltaEBudget`, `Options.pairBudget`) and by the number of runs with an out-of-gamut pixel
/// (plateaus), and, for the exact largest shift, a CIELAB pair and a bound per out-of-gamut color not seen recently
/// (`LargestShiftFinder`). See `ClippingReport` for the definitions of the measures.
package struct ClippingAnalyzer: Sendable {
  /// Detection settings.
  package struct Options: Sendable, Equatable, Codable {
    /// Pixels with alpha at or below this (0...1) are ignored (default 0.02, about 5 in 8-bit terms).
    package var alphaThreshold: Double
    /// The shortest run that can be a plateau, in pixels (default 4).
    package var minimumRunLength: Int
    /// The CIEDE2000 difference at which two colors count as distinguishable (default 1).
    package var distinctionDeltaE: Double
    /// Horizontal and vertical pixel distances of the pairs for lost distinctions (default 1, 2, 4, 8).
    package var pairDistances: [Int]
    /// About how many pairs with an out-of-gamut pixel are measured before anchors are thinned to a power-of-two
    /// lattice (default 32,768).
    package var pairBudget: Int
    /// The most out-of-gamut pixels that get a CIEDE2000 evaluation; beyond it they are sampled with a
    /// power-of-two stride (default 65,536).
    package var deltaEBudget: Int

    /// Creates options; every parameter defaults to the value documented on its property.
    package init(
      alphaThreshold: Double = 0.02, minimumRunLength: Int = 4, distinctionDeltaE: Double = 1,
      pairDistances: [Int] = [1, 2, 4, 8], pairBudget: Int = 32_768, deltaEBudget: Int = 65_536
    ) {
      self.alphaThreshold = alphaThreshold
      self.minimumRunLength = minimumRunLength
      self.distinctionDeltaE = distinctionDeltaE
      self.pairDistances = pairDistances
      self.pairBudget = pairBudget
      self.deltaEBudget = deltaEBudget
    }
  }

  /// The report and the per-pixel findings behind it.
  package struct Result: Sendable, Equatable {
    /// The measures and verdict.
    package var report: ClippingReport
    /// What was found at each pixel, for `ClippingMap`; nil unless the analysis was asked to record it.
    package var classification: PixelClassification?
  }

  /// Detection settings.
  package var options: Options
  /// Verdict limits.
  package var thresholds: ClippingThresholds

  /// Creates an analyzer.
  package init(options: Options = Options(), thresholds: ClippingThresholds = ClippingThresholds()) {
    self.options = options
    self.thresholds = thresholds
  }

  /// Analyses a whole conversion made with `MatrixTransform.applyMeasuring(to:)`, recording the classification:
  /// a `Stream` fed one strip.
  func analyze(_ result: TransformResult) -> Result {
    let stream = Stream(
      analyzer: self, width: result.image.width, height: result.image.height, recordsClassification: true)
    stream.add(result)
    return stream.finish()
  }
}
