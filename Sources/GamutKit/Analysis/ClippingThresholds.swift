/// The limits that turn a `ClippingReport`'s measures into a verdict. Shares are fractions (0.01 = 1 %).
///
/// The verdict is graded by what is visible. The defaults rest on the usual reading of color differences (below 1
/// not noticed, 1 to 2 noticed only by an experienced observer side by side, 2 to 3.5 noticed by anyone, above 5 two
/// different colors: the scale colour-science documents for its JND constant; Mahy et al. 1994 measured a JND of
/// 2.3 in CIELAB, CIEDE2000 1 is the usual JND); and on plateaus and lost detail being what designers call
/// "banding" or "mush" once they cover about a percent of the artwork. docs/color-decisions.md gives the figures
/// measured on real and hand-made files that place each threshold.
public struct ClippingThresholds: Sendable, Equatable, Codable {
  /// `ok` whatever else is measured when no visible pixel moved by this CIEDE2000 or more (default 1: no
  /// difference anyone can see).
  public var invisibleDeltaE: Double
  /// `warning` at most when no visible pixel moved by more than this CIEDE2000 (default 2: a shift only an
  /// experienced observer notices, side by side). Plateaus and lost distinctions under such a shift merge colors
  /// that were themselves barely apart (a Display P3 export of blue shapes, max 1.27, is a warning). The largest
  /// shift is exact on every image, sampled or not, so the rule applies whatever the image's size.
  public var errorMinimumDeltaE: Double
  /// `error` when plateau pixels exceed this share of visible pixels (default 0.01: a flattened gradient or
  /// shape large enough to notice at once).
  public var errorPlateauShare: Double
  /// `error` when lost pairs exceed this share of examined pairs (default 0.005: texture or edges merge over a
  /// visible area).
  public var errorLostDistinctionShare: Double
  /// `error` when the share of visible pixels moved by more than CIEDE2000 5 exceeds this (default 0.01:
  /// a percent of the artwork shows a clearly different color).
  public var errorShareAboveDeltaE5: Double
  /// `warning` when plateau pixels exceed this share (default 0.001: a small flat patch, e.g. in a logo).
  public var warningPlateauShare: Double
  /// `warning` when lost pairs exceed this share (default 0.0005).
  public var warningLostDistinctionShare: Double
  /// `warning` when the 99th percentile color shift exceeds this CIEDE2000 (default 2: more than a percent of the
  /// artwork changes visibly side by side).
  public var warningP99DeltaE: Double

  /// Creates thresholds; every parameter defaults to the value documented on its property.
  public init(
    invisibleDeltaE: Double = 1, errorMinimumDeltaE: Double = 2, errorPlateauShare: Double = 0.01,
    errorLostDistinctionShare: Double = 0.005, errorShareAboveDeltaE5: Double = 0.01,
    warningPlateauShare: Double = 0.001, warningLostDistinctionShare: Double = 0.0005, warningP99DeltaE: Double = 2
  ) {
    self.invisibleDeltaE = invisibleDeltaE
    self.errorMinimumDeltaE = errorMinimumDeltaE
    self.errorPlateauShare = errorPlateauShare
    self.errorLostDistinctionShare = errorLostDistinctionShare
    self.errorShareAboveDeltaE5 = errorShareAboveDeltaE5
    self.warningPlateauShare = warningPlateauShare
    self.warningLostDistinctionShare = warningLostDistinctionShare
    self.warningP99DeltaE = warningP99DeltaE
  }

  /// The verdict for a report's measures, with the reasons that decided it.
  public func verdict(for report: ClippingReport) -> (ClippingReport.Verdict, [String]) {
    if report.outOfGamutPixels == 0 {
      return (.ok, ["no visible pixel is out of gamut"])
    }
    if report.colorShift.max < invisibleDeltaE {
      return (.ok, ["every out-of-gamut pixel stays within CIEDE2000 \(invisibleDeltaE)"])
    }
    let plateauShare = report.plateaus.share
    let lostShare = report.lostDistinctions.share
    let above5 = report.colorShift.shareAbove5
    var errors: [String] = []
    if plateauShare > errorPlateauShare {
      errors.append("clipping plateaus cover \(percent(plateauShare)) of visible pixels")
    }
    if lostShare > errorLostDistinctionShare {
      errors.append("\(percent(lostShare)) of neighbouring pixel pairs can no longer be told apart")
    }
    if above5 > errorShareAboveDeltaE5 {
      errors.append("\(percent(above5)) of visible pixels change color by more than CIEDE2000 5")
    }
    if !errors.isEmpty {
      guard report.colorShift.max <= errorMinimumDeltaE else {
        return (.error, errors)
      }
      let cap =
        "no pixel moves by more than CIEDE2000 \(rounded(report.colorShift.max)) (at most "
        + "\(rounded(errorMinimumDeltaE)): barely visible), so a warning"
      return (.warning, errors + [cap])
    }
    var warnings: [String] = []
    if plateauShare > warningPlateauShare {
      warnings.append("clipping plateaus cover \(percent(plateauShare)) of visible pixels")
    }
    if lostShare > warningLostDistinctionShare {
      warnings.append("\(percent(lostShare)) of neighbouring pixel pairs can no longer be told apart")
    }
    if report.colorShift.p99 > warningP99DeltaE {
      warnings.append("the 99th percentile color shift is CIEDE2000 \(rounded(report.colorShift.p99))")
    }
    if !warnings.isEmpty { return (.warning, warnings) }
    return (.ok, ["out-of-gamut colors shift little and no detail is lost"])
  }

  private func percent(_ share: Double) -> String {
    "\(rounded(share * 100)) %"
  }

  private func rounded(_ value: Double) -> String {
    let hundredths = Int((value * 100).rounded())
    let fraction = hundredths % 100
    return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}
