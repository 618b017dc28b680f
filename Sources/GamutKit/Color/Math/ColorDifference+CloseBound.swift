extension ColorDifference {
  /// An upper bound of CIEDE2000 that is close to it (within the rotation term's share), without trigonometry, so
  /// that callers looking for the largest difference of many pairs skip the full formula for nearly all of them.
  ///
  /// With x, y, z the weighted differences ΔL'/SL, ΔC'/SC, ΔH'/SH, ΔE00² = x² + y² + z² + RT·y·z. This computes x and
  /// y as the formula does. ΔH'² = 4 C1' C2' sin²(Δh'/2) equals (Δa')² + (Δb)² − (ΔC')², the squared distance in the
  /// a'b' plane less the chroma part (the law of cosines), so z needs no angle either. SH = 1 + 0.015 C̄' T needs T
  /// at the mean hue h̄': the mean hue is the direction of the bisector of the two hue directions (of the shorter
  /// arc, as the formula's ±360 rule picks), whose cosine and sine give T through the multiple-angle formulas; where
  /// that direction is ill-conditioned (a chroma under 1, or hues more than about 150° apart), T is bounded by its
  /// minimum over all hues, 0.36206 (at 290°). RT = −sin(2Δθ)·RC is never positive, so RT·y·z is at most 0 when y and z have the
  /// same sign (z has the sign of the cross product of the two a'b' vectors); otherwise it is at most
  /// |RT|·|y|·|z| with |RT| <= RC·min(sin 60°, 2Δθ): Δθ = 30° exp(−((h̄' − 275°)/25°)²) is bounded through the
  /// circular distance from h̄' to 275°, which is at least the chord between their directions, and
  /// exp(−q) <= 1 / (1 + q + q²/2 + q³/6).
  ///
  /// Each part is Lipschitz where it is used (the fallback regions cover the ill-conditioned directions), so a
  /// bound computed from colors within 10^-9 of the true ones, plus a margin of 10^-3, still bounds the true
  /// difference (see `LargestShiftFinder`).
  static func ciede2000CloseUpperBound(_ lab1: CIELab, _ lab2: CIELab) -> Double {
    let pow25To7 = 6_103_515_625.0
    let meanC =
      ((lab1.a * lab1.a + lab1.b * lab1.b).squareRoot() + (lab2.a * lab2.a + lab2.b * lab2.b).squareRoot()) / 2
    let meanC7 = seventhPower(meanC)
    let stretch = 1.5 - 0.5 * (meanC7 / (meanC7 + pow25To7)).squareRoot()
    let (a1, a2) = (stretch * lab1.a, stretch * lab2.a)
    let c1 = (a1 * a1 + lab1.b * lab1.b).squareRoot()
    let c2 = (a2 * a2 + lab2.b * lab2.b).squareRoot()
    let deltaC = c2 - c1
    let (da, db) = (a2 - a1, lab2.b - lab1.b)
    let deltaH2 = max(da * da + db * db - deltaC * deltaC, 0)
    let meanL = (lab1.l + lab2.l) / 2
    let lOffset = (meanL - 50) * (meanL - 50)
    let sl = 1 + 0.015 * lOffset / (20 + lOffset).squareRoot()
    let meanCp = (c1 + c2) / 2
    let x = (lab2.l - lab1.l) / sl
    let y = deltaC / (1 + 0.045 * meanCp)
    let hue = meanHue(a1, lab1.b, c1, a2, lab2.b, c2)
    let sh = 1 + 0.015 * meanCp * hue.t
    let z2 = deltaH2 / (sh * sh)
    var cross = 0.0
    // Where the hues are well apart from opposite, z's sign is that of ΔH', the sign of the hue turn from color 1 to
    // color 2 (the cross product of their a'b' vectors); elsewhere the sign is not relied on.
    let turn = a1 * lab2.b - lab1.b * a2
    if !hue.isDefined || (deltaC < 0 && turn > 0) || (deltaC > 0 && turn < 0) {
      let meanCp7 = seventhPower(meanCp)
      let rc = 2 * (meanCp7 / (meanCp7 + pow25To7)).squareRoot()
      cross = rc * hue.rotation * abs(y) * z2.squareRoot()
    }
    return (x * x + y * y + z2 + cross).squareRoot()
  }

  /// T at the mean hue of two a'b' vectors (of lengths `c1` and `c2`) and a bound of sin(2Δθ) there, or T's minimum
  /// over all hues and sin 60° where the mean hue is ill-conditioned (`isDefined` false).
  @inline(__always)
  private static func meanHue(
    _ a1: Double, _ b1: Double, _ c1: Double, _ a2: Double, _ b2: Double, _ c2: Double
  ) -> (t: Double, rotation: Double, isDefined: Bool) {
    let fallback = (t: 0.362, rotation: 0.8661, isDefined: false)
    guard c1 >= 1 && c2 >= 1 else { return fallback }
    let (x, y) = (a1 / c1 + a2 / c2, b1 / c1 + b2 / c2)
    let length2 = x * x + y * y
    // |u1 + u2| = 2 cos(Δh/2): at least 0.5 when the hues are less than about 151° apart.
    guard length2 >= 0.25 else { return fallback }
    let length = length2.squareRoot()
    let (c, s) = (x / length, y / length)
    let (c2h, s2h) = (c * c - s * s, 2 * c * s)
    let (c3h, s3h) = (c * c2h - s * s2h, s * c2h + c * s2h)
    let (c4h, s4h) = (c2h * c2h - s2h * s2h, 2 * s2h * c2h)
    // cos(h - 30°), cos(2h), cos(3h + 6°), cos(4h - 63°).
    let t =
      1 - 0.17 * (c * 0.866_025_403_784_438_6 + s * 0.5) + 0.24 * c2h
      + 0.32 * (c3h * 0.994_521_895_368_273_3 - s3h * 0.104_528_463_267_653_47)
      - 0.20 * (c4h * 0.453_990_499_739_546_8 + s4h * 0.891_006_524_188_367_9)
    // The chord to 275° (cos 275° = 0.0872, sin 275° = -0.9962) is at most the angle between them, in radians.
    let cosine = c * 0.087_155_742_747_658_17 - s * 0.996_194_698_091_745_5
    let chordDegrees = max(2 - 2 * cosine, 0).squareRoot() * (180 / Double.pi)
    let q = (chordDegrees / 25) * (chordDegrees / 25)
    let deltaTheta = 30 / (1 + q * (1 + q * (0.5 + q / 6)))
    // Rounding of T (a few units of 10^-16) is covered by the 10^-9 taken off.
    return (
      t: max(t - 1e-9, 0.362), rotation: min(0.8661, 2 * deltaTheta * (Double.pi / 180) * 1.000_001), isDefined: true
    )
  }
}
