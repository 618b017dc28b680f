/// The CSS Color Module Level 4 gamut-mapping algorithm (section 13.2, "binary search gamut mapping with local
/// MINDE"), for linear RGB colors of one destination space.
///
/// An out-of-gamut color keeps its OKLCh lightness and hue while a binary search reduces its chroma, until the
/// color clipped into the destination is within the just-noticeable difference (deltaEOK 0.02) of the reduced
/// color; the clipped color is the result. In-gamut colors are returned unchanged.
struct CSSGamutMapper: Sendable {
  /// The just-noticeable difference in deltaEOK (CSS: 0.02).
  static let jnd = 0.02
  /// The chroma resolution of the binary search (CSS: 0.0001).
  static let epsilon = 0.0001

  private let toLMS: Matrix3
  private let fromLMS: Matrix3

  /// Creates a mapper for linear RGB in `space`, whose white is the ICC D50 white; OKLab is computed after Bradford
  /// adaptation to D65. Returns `nil` for a singular matrix.
  init?(space: RGBColorSpace) {
    let toD65 = ChromaticAdaptation.bradford(from: ChromaticAdaptation.pcsWhite, to: Chromaticity.d65.xyz)
    let toLMS = OKLab.xyzToLMS * toD65 * space.toXYZD50
    guard let fromLMS = toLMS.inverse else { return nil }
    self.toLMS = toLMS
    self.fromLMS = fromLMS
  }

  /// The OKLab coordinates of a linear RGB color.
  func oklab(linear rgb: SIMD3<Double>) -> OKLab {
    OKLab(lms: toLMS * rgb)
  }

  /// The linear RGB of an OKLab color (possibly out of gamut).
  func linear(_ lab: OKLab) -> SIMD3<Double> {
    fromLMS * lab.lms
  }

  /// Maps a linear RGB color into 0...1 per channel.
  func map(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    if Self.inGamut(rgb) { return rgb }
    let origin = oklab(linear: rgb)
    if origin.l >= 1 { return SIMD3(1, 1, 1) }
    if origin.l <= 0 { return SIMD3(0, 0, 0) }
    let hue = origin.hueDegrees
    var clipped = Self.clip(rgb)
    if ColorDifference.deltaEOK(oklab(linear: clipped), origin) < Self.jnd { return clipped }
    var low = 0.0
    var high = origin.chroma
    var lowInGamut = true
    while high - low > Self.epsilon {
      let chroma = (low + high) / 2
      let current = OKLab(l: origin.l, chroma: chroma, hueDegrees: hue)
      let currentRGB = linear(current)
      if lowInGamut && Self.inGamut(currentRGB) {
        low = chroma
        continue
      }
      clipped = Self.clip(currentRGB)
      let difference = ColorDifference.deltaEOK(oklab(linear: clipped), current)
      if difference < Self.jnd {
        if Self.jnd - difference < Self.epsilon { return clipped }
        lowInGamut = false
        low = chroma
      } else {
        high = chroma
      }
    }
    return clipped
  }

  private static func inGamut(_ rgb: SIMD3<Double>) -> Bool {
    all(rgb .>= SIMD3(repeating: 0)) && all(rgb .<= SIMD3(repeating: 1))
  }

  private static func clip(_ rgb: SIMD3<Double>) -> SIMD3<Double> {
    rgb.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
  }
}
