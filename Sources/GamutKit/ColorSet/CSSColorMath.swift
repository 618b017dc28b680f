import Foundation

/// The conversions of CSS Color Module Level 4 (section 18, "Sample code for color conversions"), in double
/// precision with the specification's own matrices: sRGB and Display P3 to and from XYZ relative to D65 (exact
/// rationals), and OKLab (the matrices CSS recomputed for its D65 white).
///
/// The transfer function is extended as CSS extends it: odd-symmetric around zero and unbounded, so a color outside
/// a space still has linear and encoded coordinates there (negative or above 1).
enum CSSColorMath {
  /// Linear sRGB to XYZ (D65).
  static let linearSRGBToXYZ = Matrix3(
    rows: SIMD3(506752 / 1_228_815, 87881 / 245763, 12673 / 70218),
    SIMD3(87098 / 409605, 175762 / 245763, 12673 / 175545),
    SIMD3(7918 / 409605, 87881 / 737289, 1_001_167 / 1_053_270))

  /// XYZ (D65) to linear sRGB.
  static let xyzToLinearSRGB = Matrix3(
    rows: SIMD3(12831 / 3959, -329 / 214, -1974 / 3959),
    SIMD3(-851781 / 878810, 1_648_619 / 878810, 36519 / 878810),
    SIMD3(705 / 12673, -2585 / 12673, 705 / 667))

  /// Linear Display P3 to XYZ (D65).
  static let linearP3ToXYZ = Matrix3(
    rows: SIMD3(608311 / 1_250_200, 189793 / 714400, 198249 / 1_000_160),
    SIMD3(35783 / 156275, 247089 / 357200, 198249 / 2_500_400),
    SIMD3(0, 32229 / 714400, 5_220_557 / 5_000_800))

  /// XYZ (D65) to linear Display P3.
  static let xyzToLinearP3 = Matrix3(
    rows: SIMD3(446124 / 178915, -333277 / 357830, -72051 / 178915),
    SIMD3(-14852 / 17905, 63121 / 35810, 423 / 17905),
    SIMD3(11844 / 330415, -50337 / 660830, 316169 / 330415))

  /// XYZ (D65) to OKLab's cone responses (CSS `XYZ_to_OKLab`, first matrix).
  static let xyzToLMS = Matrix3(
    rows: SIMD3(0.8190224379967030, 0.3619062600528904, -0.1288737815209879),
    SIMD3(0.0329836539323885, 0.9292868615863434, 0.0361446663506424),
    SIMD3(0.0481771893596242, 0.2642395317527308, 0.6335478284694309))

  /// Cube-rooted cone responses to OKLab (CSS `XYZ_to_OKLab`, second matrix).
  static let lmsToOKLab = Matrix3(
    rows: SIMD3(0.2104542683093140, 0.7936177747023054, -0.0040720430116193),
    SIMD3(1.9779985324311684, -2.4285922420485799, 0.4505937096174110),
    SIMD3(0.0259040424655478, 0.7827717124575296, -0.8086757549230774))

  /// OKLab to cube-rooted cone responses (CSS `OKLab_to_XYZ`, first matrix).
  static let okLabToLMS = Matrix3(
    rows: SIMD3(1.0, 0.3963377773761749, 0.2158037573099136),
    SIMD3(1.0, -0.1055613458156586, -0.0638541728258133),
    SIMD3(1.0, -0.0894841775298119, -1.2914855480194092))

  /// Cone responses to XYZ (D65) (CSS `OKLab_to_XYZ`, second matrix).
  static let lmsToXYZ = Matrix3(
    rows: SIMD3(1.2268798758459243, -0.5578149944602171, 0.2813910456659647),
    SIMD3(-0.0405757452148008, 1.1122868032803170, -0.0717110580655164),
    SIMD3(-0.0763729366746601, -0.4214933324022432, 1.5869240198367816))

  /// The sRGB (and Display P3) decoding curve, extended odd-symmetrically beyond 0...1 (CSS `lin_sRGB`).
  static func decode(_ value: Double) -> Double {
    let magnitude = abs(value)
    let linear = magnitude <= 0.04045 ? magnitude / 12.92 : pow((magnitude + 0.055) / 1.055, 2.4)
    return value < 0 ? -linear : linear
  }

  /// The sRGB (and Display P3) encoding curve, extended odd-symmetrically (CSS `gam_sRGB`).
  static func encode(_ value: Double) -> Double {
    let magnitude = abs(value)
    let encoded = magnitude > 0.0031308 ? 1.055 * pow(magnitude, 1 / 2.4) - 0.055 : 12.92 * magnitude
    return value < 0 ? -encoded : encoded
  }

  /// XYZ (D65) of an OKLCh color: lightness 0...1, chroma, hue in degrees (CSS `OKLCH_to_OKLab`, `OKLab_to_XYZ`).
  static func xyz(oklchLightness l: Double, chroma: Double, hueDegrees: Double) -> SIMD3<Double> {
    let radians = hueDegrees * .pi / 180
    let lab = SIMD3(l, chroma * cos(radians), chroma * sin(radians))
    let root = okLabToLMS * lab
    return lmsToXYZ * (root * root * root)
  }

  /// The OKLab coordinates (L, a, b) of an XYZ (D65) color.
  static func okLab(xyz: SIMD3<Double>) -> SIMD3<Double> {
    let lms = xyzToLMS * xyz
    return lmsToOKLab * SIMD3(cbrt(lms.x), cbrt(lms.y), cbrt(lms.z))
  }
}
