import GamutKit

/// What `gamut check` reports about one file, in the shape of its `--json` output (documented in
/// docs/clipping-check.md).
struct CheckRecord: Sendable, Codable, Equatable {
  struct DeltaE: Sendable, Codable, Equatable {
    var max: Double
    var p99: Double
    var fractionAbove1: Double
    var fractionAbove2: Double
    var fractionAbove5: Double
  }

  struct Plateaus: Sendable, Codable, Equatable {
    var count: Int
    /// The longest plateau in pixels.
    var longest: Int
    /// Share of visible pixels inside a plateau.
    var fraction: Double
    /// The largest source difference (CIEDE2000) squashed into one output color.
    var largestSourceDeltaE: Double
  }

  struct LostDistinctions: Sendable, Codable, Equatable {
    /// Share of examined neighbour pairs that the source tells apart and the sRGB rendition does not.
    var fraction: Double
    /// Mean kept share of local contrast over eligible pairs (1: all kept, and 1 when none is eligible).
    var contrastRetention: Double
    /// Pairs touching an out-of-gamut pixel whose source colors differ visibly (CIEDE2000 1 or more): the pairs
    /// the two figures above are about. None on a smooth gradient, where neighbours 1 to 8 pixels apart differ
    /// by less; there the plateau measure sees what clipping flattens.
    var eligiblePairs: Int
  }

  var path: String
  var verdict: ClippingReport.Verdict?
  /// The source's color space, for example `Display P3`.
  var colorSpace: String?
  /// The color chunks passed over because they could not be used, with what was used instead; absent when none
  /// was.
  var colorSpaceWarnings: [String]?
  /// Share of visible pixels outside sRGB.
  var outOfGamutFraction: Double?
  /// Share of visible pixels whose color changes visibly (CIEDE2000 above 1), to read beside
  /// `outOfGamutFraction`: P3 artwork is often a hair outside sRGB nearly everywhere.
  var visiblyChangedFraction: Double?
  var deltaE2000: DeltaE?
  var plateaus: Plateaus?
  var lostDistinctions: LostDistinctions?
  /// Why the verdict is what it is.
  var reasons: [String]?
  /// The clipping map written for this file, when `--map` was given.
  var map: String?
  /// Why the file could not be checked; the measures are then absent.
  var error: String?

  /// A record for a file that could not be checked.
  init(path: String, error: String) {
    self.path = path
    self.error = error
  }

  /// The record of a finished check.
  init(
    path: String, colorSpace: String, colorSpaceWarnings: [String] = [], report: ClippingReport, map: String? = nil
  ) {
    self.path = path
    verdict = report.verdict
    self.colorSpace = colorSpace
    self.colorSpaceWarnings = colorSpaceWarnings.isEmpty ? nil : colorSpaceWarnings
    outOfGamutFraction = report.outOfGamutShare
    visiblyChangedFraction = report.colorShift.shareAbove1
    let shift = report.colorShift
    deltaE2000 = DeltaE(
      max: shift.max, p99: shift.p99, fractionAbove1: shift.shareAbove1, fractionAbove2: shift.shareAbove2,
      fractionAbove5: shift.shareAbove5)
    plateaus = Plateaus(
      count: report.plateaus.count, longest: report.plateaus.longestRun, fraction: report.plateaus.share,
      largestSourceDeltaE: report.plateaus.largestSourceDeltaE)
    lostDistinctions = LostDistinctions(
      fraction: report.lostDistinctions.share, contrastRetention: report.lostDistinctions.contrastRetention,
      eligiblePairs: report.lostDistinctions.eligiblePairs)
    reasons = report.reasons
    self.map = map
  }
}
