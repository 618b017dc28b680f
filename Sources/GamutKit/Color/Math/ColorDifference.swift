import Foundation

/// Color-difference formulas.
enum ColorDifference {
  /// The CIEDE2000 color difference (CIE 142-2001) with parametric factors kL = kC = kH = 1, implemented as
  /// Sharma, Wu & Dalal (2005) describe it, including their conventions for hue at zero chroma and for the mean hue
  /// when the hues are 180 degrees apart.
  static func ciede2000(_ lab1: CIELab, _ lab2: CIELab) -> Double {
    let pow25To7 = 6_103_515_625.0  // 25^7
    let c1 = (lab1.a * lab1.a + lab1.b * lab1.b).squareRoot()
    let c2 = (lab2.a * lab2.a + lab2.b * lab2.b).squareRoot()
    let meanC = (c1 + c2) / 2
    let meanC7 = seventhPower(meanC)
    let g = 0.5 * (1 - (meanC7 / (meanC7 + pow25To7)).squareRoot())
    let a1 = (1 + g) * lab1.a
    let a2 = (1 + g) * lab2.a
    let c1p = (a1 * a1 + lab1.b * lab1.b).squareRoot()
    let c2p = (a2 * a2 + lab2.b * lab2.b).squareRoot()
    let h1p = hueDegrees(b: lab1.b, a: a1)
    let h2p = hueDegrees(b: lab2.b, a: a2)

    let deltaL = lab2.l - lab1.l
    let deltaC = c2p - c1p
    let chromaProduct = c1p * c2p
    var deltaH = 0.0
    if chromaProduct != 0 {
      deltaH = h2p - h1p
      if deltaH > 180 {
        deltaH -= 360
      } else if deltaH < -180 {
        deltaH += 360
      }
    }
    let deltaBigH = 2 * chromaProduct.squareRoot() * sin(radians(deltaH / 2))

    let meanL = (lab1.l + lab2.l) / 2
    let meanCp = (c1p + c2p) / 2
    var meanH = h1p + h2p
    if chromaProduct != 0 {
      if abs(h1p - h2p) <= 180 {
        meanH /= 2
      } else if meanH < 360 {
        meanH = (meanH + 360) / 2
      } else {
        meanH = (meanH - 360) / 2
      }
    }
    let t =
      1 - 0.17 * cos(radians(meanH - 30)) + 0.24 * cos(radians(2 * meanH))
      + 0.32 * cos(radians(3 * meanH + 6)) - 0.20 * cos(radians(4 * meanH - 63))
    let hueOffset = (meanH - 275) / 25
    let deltaTheta = 30 * exp(-hueOffset * hueOffset)
    let meanCp7 = seventhPower(meanCp)
    let rc = 2 * (meanCp7 / (meanCp7 + pow25To7)).squareRoot()
    let lOffset = (meanL - 50) * (meanL - 50)
    let sl = 1 + 0.015 * lOffset / (20 + lOffset).squareRoot()
    let sc = 1 + 0.045 * meanCp
    let sh = 1 + 0.015 * meanCp * t
    let rt = -sin(radians(2 * deltaTheta)) * rc
    let termL = deltaL / sl
    let termC = deltaC / sc
    let termH = deltaBigH / sh
    return (termL * termL + termC * termC + termH * termH + rt * termC * termH).squareRoot()
  }

  /// CIEDE2000 between a color and the gray of its own lightness (a* = b* = 0), without trigonometry: with one color
  /// achromatic the lightness and hue terms vanish and the rotation term with them, leaving the chroma term,
  /// C′ / (1 + 0.045 × C′ / 2), where C′ is the color's chroma after the a* adjustment. Equal to
  /// ``ciede2000(_:_:)`` of the pair up to rounding.
  static func ciede2000FromGray(_ lab: CIELab) -> Double {
    let pow25To7 = 6_103_515_625.0  // 25^7
    let meanC7 = seventhPower((lab.a * lab.a + lab.b * lab.b).squareRoot() / 2)
    let g = 0.5 * (1 - (meanC7 / (meanC7 + pow25To7)).squareRoot())
    let a = (1 + g) * lab.a
    let chroma = (a * a + lab.b * lab.b).squareRoot()
    return chroma / (1 + 0.045 * chroma / 2)
  }

  /// A bound that CIEDE2000 never exceeds, from the CIELAB differences alone (no trigonometry), so that callers can
  /// skip the full formula for pairs that cannot reach a threshold.
  ///
  /// In CIEDE2000 the weights SL, SC and SH are at least 1, the rotation term RT is at most 2 in size (so
  /// `RT·x·y <= x² + y²`), ΔL' is ΔL, and ΔC'² + ΔH'² is the squared distance in the a'b' plane, where a' stretches
  /// a by at most 1.5. Hence ΔE00² <= ΔL² + 2 (2.25 Δa² + Δb²).
  static func ciede2000UpperBound(_ lab1: CIELab, _ lab2: CIELab) -> Double {
    let dl = lab1.l - lab2.l
    let da = lab1.a - lab2.a
    let db = lab1.b - lab2.b
    return (dl * dl + 4.5 * da * da + 2 * db * db).squareRoot()
  }

  /// Euclidean distance in OKLab (deltaEOK, as CSS Color 4 uses it).
  static func deltaEOK(_ lab1: OKLab, _ lab2: OKLab) -> Double {
    let dl = lab1.l - lab2.l
    let da = lab1.a - lab2.a
    let db = lab1.b - lab2.b
    return (dl * dl + da * da + db * db).squareRoot()
  }

  /// `x` to the 7th power by three multiplications (`pow` costs several times more on this hot path).
  @inline(__always)
  static func seventhPower(_ x: Double) -> Double {
    let square = x * x
    return square * square * square * x
  }

  /// Hue angle in degrees, 0..<360; 0 when both coordinates are 0.
  private static func hueDegrees(b: Double, a: Double) -> Double {
    if a == 0 && b == 0 { return 0 }
    let h = atan2(b, a) * 180 / .pi
    return h < 0 ? h + 360 : h
  }

  private static func radians(_ degrees: Double) -> Double {
    degrees * .pi / 180
  }
}
