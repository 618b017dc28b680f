/// What converting artwork to a smaller gamut does to it: measured on the converted rendition against the source
/// colors by `ClippingAnalyzer`. Shares are fractions (0...1) of visible pixels or of examined pairs.
public struct ClippingReport: Sendable, Equatable, Codable {
  /// The overall judgement, from `ClippingThresholds`.
  public enum Verdict: String, Sendable, Codable, CaseIterable, Comparable {
    /// Clipping is absent or invisible.
    case ok
    /// Clipping is visible somewhere; an sRGB rendition is worth a look.
    case warning
    /// The sRGB rendition loses detail or shifts colors substantially.
    case error

    public static func < (lhs: Verdict, rhs: Verdict) -> Bool {
      allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
  }

  /// How far colors moved: CIEDE2000 between each visible pixel's source color and its rendition.
  ///
  /// In-gamut pixels count as 0 (their difference is only the output rounding). `max` is exact on every image. The
  /// other measures are sampled on large images: the out-of-gamut pixels are numbered from 0 in scan order, those
  /// whose number is a multiple of `sampleStride` are measured, and each sample stands for `sampleStride` pixels.
  public struct ColorShift: Sendable, Equatable, Codable {
    /// The largest difference of any visible pixel (exact, never sampled).
    public var max: Double
    /// The 99th percentile over visible pixels (0.01 resolution).
    public var p99: Double
    /// The mean over out-of-gamut pixels.
    public var meanOutOfGamut: Double
    /// Share of visible pixels whose difference exceeds 1.
    public var shareAbove1: Double
    /// Share of visible pixels whose difference exceeds 2.
    public var shareAbove2: Double
    /// Share of visible pixels whose difference exceeds 5.
    public var shareAbove5: Double
    /// The smallest power of two that leaves at most `ClippingAnalyzer.Options.deltaEBudget` samples; 1 when
    /// every out-of-gamut pixel was measured.
    public var sampleStride: Int
  }

  /// Runs along rows and columns where the rendition holds one color while the source keeps changing.
  ///
  /// A plateau is a maximal run of at least `minimumRunLength` visible pixels with identical output codes, at
  /// least one of them out of gamut, whose end pixels differ in the source by at least the distinction threshold
  /// (CIEDE2000 1): a change the unclipped rendition would show, flattened by clipping. Runs made only of in-gamut
  /// pixels are rounding, never plateaus.
  public struct Plateaus: Sendable, Equatable, Codable {
    /// Number of plateau runs (rows and columns together).
    public var count: Int
    /// Pixels in at least one plateau.
    public var pixels: Int
    /// `pixels` as a share of visible pixels.
    public var share: Double
    /// The longest plateau, in pixels.
    public var longestRun: Int
    /// The largest source difference (CIEDE2000 between a plateau's ends) squashed into one output color.
    public var largestSourceDeltaE: Double
  }

  /// Neighbouring pixels that could be told apart in the source but not in the rendition.
  ///
  /// Pairs are a pixel and the pixel 1, 2, 4 or 8 (`ClippingAnalyzer.Options.pairDistances`) to its right or
  /// below, both visible. A pair is eligible when at least one is out of gamut and the source colors differ by at
  /// least the distinction threshold (CIEDE2000 1); it is lost when the rendition colors differ by less.
  /// Anchor pixels are those whose x and y are both multiples of `latticeStride` (1: every pixel).
  public struct LostDistinctions: Sendable, Equatable, Codable {
    /// Visible pairs looked at; none when no source color can lie outside the destination gamut (the source is
    /// in the destination space, or in a space inside it such as sRGB under a profile whose numbers are rounded:
    /// `TransformResult/staysInGamut`), since then no pair can lose a distinction.
    public var examinedPairs: Int
    /// Pairs with an out-of-gamut pixel and a visible source difference.
    public var eligiblePairs: Int
    /// Eligible pairs whose difference the rendition no longer shows.
    public var lostPairs: Int
    /// `lostPairs / examinedPairs`: how much of the image's local detail was lost.
    public var share: Double
    /// `lostPairs / eligiblePairs`.
    public var shareOfEligible: Double
    /// Mean over eligible pairs of rendition difference / source difference, each ratio capped at 1; 1 when no
    /// pair is eligible. 1 means clipping kept every local contrast, 0 that it flattened them all.
    public var contrastRetention: Double
    /// The anchor lattice spacing: the smallest power of two whose square times
    /// `ClippingAnalyzer.Options.pairBudget` reaches 4 pairs per distance for each out-of-gamut pixel; above 1
    /// when many pixels are out of gamut.
    public var latticeStride: Int
  }

  /// The judgement.
  public var verdict: Verdict
  /// Which thresholds decided the verdict, in words.
  public var reasons: [String]
  /// Image width.
  public var width: Int
  /// Image height.
  public var height: Int
  /// Pixels whose alpha exceeds the analysis threshold.
  public var visiblePixels: Int
  /// Visible pixels outside the destination gamut.
  public var outOfGamutPixels: Int
  /// `outOfGamutPixels / visiblePixels` (0 without visible pixels).
  public var outOfGamutShare: Double
  /// Color shift statistics.
  public var colorShift: ColorShift
  /// Plateau statistics.
  public var plateaus: Plateaus
  /// Lost-distinction statistics.
  public var lostDistinctions: LostDistinctions
}
