import Foundation
import Testing

@testable import GamutKit

@Suite("Analysis: color math")
struct AnalysisColorMathTests {
  /// Sharma, Wu & Dalal (2005), Table 1: 34 pairs of L*a*b* colors with their CIEDE2000 difference.
  static let sharmaPairs: [(CIELab, CIELab, Double)] = [
    (lab(50.0000, 2.6772, -79.7751), lab(50.0000, 0.0000, -82.7485), 2.0425),
    (lab(50.0000, 3.1571, -77.2803), lab(50.0000, 0.0000, -82.7485), 2.8615),
    (lab(50.0000, 2.8361, -74.0200), lab(50.0000, 0.0000, -82.7485), 3.4412),
    (lab(50.0000, -1.3802, -84.2814), lab(50.0000, 0.0000, -82.7485), 1.0000),
    (lab(50.0000, -1.1848, -84.8006), lab(50.0000, 0.0000, -82.7485), 1.0000),
    (lab(50.0000, -0.9009, -85.5211), lab(50.0000, 0.0000, -82.7485), 1.0000),
    (lab(50.0000, 0.0000, 0.0000), lab(50.0000, -1.0000, 2.0000), 2.3669),
    (lab(50.0000, -1.0000, 2.0000), lab(50.0000, 0.0000, 0.0000), 2.3669),
    (lab(50.0000, 2.4900, -0.0010), lab(50.0000, -2.4900, 0.0009), 7.1792),
    (lab(50.0000, 2.4900, -0.0010), lab(50.0000, -2.4900, 0.0010), 7.1792),
    (lab(50.0000, 2.4900, -0.0010), lab(50.0000, -2.4900, 0.0011), 7.2195),
    (lab(50.0000, 2.4900, -0.0010), lab(50.0000, -2.4900, 0.0012), 7.2195),
    (lab(50.0000, -0.0010, 2.4900), lab(50.0000, 0.0009, -2.4900), 4.8045),
    (lab(50.0000, -0.0010, 2.4900), lab(50.0000, 0.0010, -2.4900), 4.8045),
    (lab(50.0000, -0.0010, 2.4900), lab(50.0000, 0.0011, -2.4900), 4.7461),
    (lab(50.0000, 2.5000, 0.0000), lab(50.0000, 0.0000, -2.5000), 4.3065),
    (lab(50.0000, 2.5000, 0.0000), lab(73.0000, 25.0000, -18.0000), 27.1492),
    (lab(50.0000, 2.5000, 0.0000), lab(61.0000, -5.0000, 29.0000), 22.8977),
    (lab(50.0000, 2.5000, 0.0000), lab(56.0000, -27.0000, -3.0000), 31.9030),
    (lab(50.0000, 2.5000, 0.0000), lab(58.0000, 24.0000, 15.0000), 19.4535),
    (lab(50.0000, 2.5000, 0.0000), lab(50.0000, 3.1736, 0.5854), 1.0000),
    (lab(50.0000, 2.5000, 0.0000), lab(50.0000, 3.2972, 0.0000), 1.0000),
    (lab(50.0000, 2.5000, 0.0000), lab(50.0000, 1.8634, 0.5757), 1.0000),
    (lab(50.0000, 2.5000, 0.0000), lab(50.0000, 3.2592, 0.3350), 1.0000),
    (lab(60.2574, -34.0099, 36.2677), lab(60.4626, -34.1751, 39.4387), 1.2644),
    (lab(63.0109, -31.0961, -5.8663), lab(62.8187, -29.7946, -4.0864), 1.2630),
    (lab(61.2901, 3.7196, -5.3901), lab(61.4292, 2.2480, -4.9620), 1.8731),
    (lab(35.0831, -44.1164, 3.7933), lab(35.0232, -40.0716, 1.5901), 1.8645),
    (lab(22.7233, 20.0904, -46.6940), lab(23.0331, 14.9730, -42.5619), 2.0373),
    (lab(36.4612, 47.8580, 18.3852), lab(36.2715, 50.5065, 21.2231), 1.4146),
    (lab(90.8027, -2.0831, 1.4410), lab(91.1528, -1.6435, 0.0447), 1.4441),
    (lab(90.9257, -0.5406, -0.9208), lab(88.6381, -0.8985, -0.7239), 1.5381),
    (lab(6.7747, -0.2908, -2.4247), lab(5.8714, -0.0985, -2.2286), 0.6377),
    (lab(2.0776, 0.0795, -1.1350), lab(0.9033, -0.0636, -0.5514), 0.9082),
  ]

  static func lab(_ l: Double, _ a: Double, _ b: Double) -> CIELab { CIELab(l: l, a: a, b: b) }

  @Test("CIEDE2000 reproduces the 34 Sharma, Wu & Dalal pairs to 1e-4, symmetrically")
  func ciede2000Sharma() {
    #expect(Self.sharmaPairs.count == 34)
    for (index, (first, second, expected)) in Self.sharmaPairs.enumerated() {
      let value = ColorDifference.ciede2000(first, second)
      #expect(abs(value - expected) < 1e-4, "pair \(index + 1): \(value) vs \(expected)")
      #expect(abs(ColorDifference.ciede2000(second, first) - value) < 1e-12)
    }
    #expect(ColorDifference.ciede2000(Self.lab(50, 10, -20), Self.lab(50, 10, -20)) == 0)
  }

  @Test("The difference from a color's own gray, without trigonometry, is CIEDE2000's: 100 000 seeded colors")
  func ciede2000FromGray() {
    var generator = SplitMix64(state: 33)
    for _ in 0..<100_000 {
      let color = Self.lab(
        Double.random(in: 0...100, using: &generator), Double.random(in: -130...130, using: &generator),
        Double.random(in: -130...130, using: &generator))
      let exact = ColorDifference.ciede2000(color, Self.lab(color.l, 0, 0))
      #expect(abs(ColorDifference.ciede2000FromGray(color) - exact) < 1e-9)
    }
    #expect(ColorDifference.ciede2000FromGray(Self.lab(40, 0, 0)) == 0)
  }

  @Test("The trigonometry-free bound is never below CIEDE2000: Sharma pairs and 200 000 seeded random pairs")
  func ciede2000UpperBound() {
    for (first, second, _) in Self.sharmaPairs {
      let exact = ColorDifference.ciede2000(first, second)
      #expect(ColorDifference.ciede2000UpperBound(first, second) >= exact)
    }
    var generator = SplitMix64(state: 2000)
    var violations = 0
    var tightest = Double.infinity
    for index in 0..<200_000 {
      // Half the pairs close together (where the bound is used), half anywhere, chroma up to 130.
      let first = Self.lab(
        Double.random(in: 0...100, using: &generator), Double.random(in: -130...130, using: &generator),
        Double.random(in: -130...130, using: &generator))
      let spread = index.isMultiple(of: 2) ? 3.0 : 200.0
      let second = Self.lab(
        first.l + Double.random(in: -spread...spread, using: &generator),
        first.a + Double.random(in: -spread...spread, using: &generator),
        first.b + Double.random(in: -spread...spread, using: &generator))
      let exact = ColorDifference.ciede2000(first, second)
      let bound = ColorDifference.ciede2000UpperBound(first, second)
      if bound < exact - 1e-12 { violations += 1 }
      if exact > 0 { tightest = min(tightest, bound / exact) }
    }
    #expect(violations == 0)
    #expect(tightest >= 1)
  }

  @Test("Matrix inverse and product")
  func matrixInverse() throws {
    let m = Matrix3(rows: SIMD3(2, 1, 0), SIMD3(1, 3, 1), SIMD3(0, 1, 4))
    let product = try #require(m.inverse) * m
    for row in 0..<3 {
      for column in 0..<3 {
        #expect(abs(product[row, column] - (row == column ? 1 : 0)) < 1e-12)
      }
    }
    #expect(Matrix3(rows: SIMD3(1, 2, 3), SIMD3(2, 4, 6), SIMD3(0, 0, 1)).inverse == nil)
  }

  @Test("PCS matrices match the colorants of the ICC sRGB and Display P3 profiles")
  func pcsMatrices() {
    // rXYZ, gXYZ, bXYZ of the ICC sRGB v4 and Apple Display P3 profiles (s15Fixed16, rounded to 4 places).
    let expectations: [(RGBColorSpace, [SIMD3<Double>])] = [
      (.sRGB, [SIMD3(0.4361, 0.2225, 0.0139), SIMD3(0.3851, 0.7169, 0.0971), SIMD3(0.1431, 0.0606, 0.7141)]),
      (.displayP3, [SIMD3(0.5151, 0.2412, -0.0011), SIMD3(0.2919, 0.6922, 0.0419), SIMD3(0.1572, 0.0666, 0.7841)]),
    ]
    for (space, columns) in expectations {
      for (index, expected) in columns.enumerated() {
        let difference = space.toXYZD50.column(index) - expected
        #expect(maxAbs(difference) < 2e-4, "\(space.name) column \(index): \(space.toXYZD50.column(index))")
      }
      let white = space.toXYZD50 * SIMD3(1, 1, 1)
      #expect(maxAbs(white - ChromaticAdaptation.pcsWhite) < 1e-12)
    }
  }

  @Test("Bradford D65 to D50 matches ICC.1 Annex E")
  func bradford() {
    let m = ChromaticAdaptation.bradford(from: Chromaticity.d65.xyz, to: ChromaticAdaptation.pcsWhite)
    // Published Bradford D65 -> D50 (Lindbloom), which uses D50 = 0.96422, 1, 0.82521.
    let expected = Matrix3(
      rows: SIMD3(1.0478112, 0.0228866, -0.0501270), SIMD3(0.0295424, 0.9904844, -0.0170491),
      SIMD3(-0.0092345, 0.0150436, 0.7521316))
    for row in 0..<3 {
      for column in 0..<3 {
        #expect(abs(m[row, column] - expected[row, column]) < 5e-4)
      }
    }
  }

  @Test(
    "Parametric curves: known values and analytic inverse",
    arguments: [
      ToneCurve.sRGB, .bt709, .gamma22, .gamma18, .gamma26, .adobeRGB, .proPhoto, .linear,
      .parametric(ParametricCurve(iccType: 1, parameters: [2.2, 1.1, -0.1])!),
      .parametric(ParametricCurve(iccType: 2, parameters: [2.0, 0.9, 0.1, 0.05])!),
      .parametric(ParametricCurve(iccType: 4, parameters: [2.4, 0.95, 0.05, 0.08, 0.05, 0.001, 0.002])!),
    ])
  func parametricInverse(curve: ToneCurve) {
    for step in 0...1000 {
      let x = Double(step) / 1000
      let y = curve.evaluate(x)
      let back = curve.inverse(y)
      #expect(abs(curve.evaluate(back) - y) < 1e-12, "x \(x)")
    }
  }

  @Test("Standard curve values")
  func standardValues() {
    #expect(abs(ToneCurve.sRGB.evaluate(0.5) - 0.21404114048223255) < 1e-12)
    #expect(abs(ToneCurve.sRGB.evaluate(0.04) - 0.04 / 12.92) < 1e-15)
    #expect(abs(ToneCurve.bt709.evaluate(0.5) - pow((0.5 + 0.099) / 1.099, 1 / 0.45)) < 1e-12)
    #expect(abs(ToneCurve.bt709.evaluate(0.05) - 0.05 / 4.5) < 1e-15)
    // ROMM: the segments meet at E = 1/32, linear 1/512.
    #expect(abs(ToneCurve.proPhoto.evaluate(1.0 / 32) - 1.0 / 512) < 1e-15)
    #expect(abs(ToneCurve.proPhoto.evaluate(0.01) - 0.01 / 16) < 1e-15)
    #expect(abs(ToneCurve.adobeRGB.evaluate(0.5) - pow(0.5, 2.19921875)) < 1e-15)
    #expect(ParametricCurve(iccType: 3, parameters: [2.4]) == nil)
  }

  @Test("Tables interpolate linearly and invert numerically")
  func tables() {
    let samples = (0..<1024).map { pow(Double($0) / 1023, 2.2) }
    let curve = ToneCurve.table(samples)
    #expect(abs(curve.evaluate(0.5) - pow(0.5, 2.2)) < 1e-5)
    for step in 0...500 {
      let y = Double(step) / 500
      #expect(abs(curve.evaluate(curve.inverse(y)) - y) < 1e-12)
    }
    let falling = ToneCurve.table([1, 0.5, 0])
    #expect(abs(falling.inverse(0.25) - 0.75) < 1e-12)
  }

  @Test("Lab of the PCS white and of sRGB red")
  func lab() {
    let white = CIELab(xyz: ChromaticAdaptation.pcsWhite)
    #expect(abs(white.l - 100) < 1e-12 && abs(white.a) < 1e-12 && abs(white.b) < 1e-12)
    let red = CIELab(xyz: RGBColorSpace.sRGB.toXYZD50 * SIMD3(1, 0, 0))
    // ICC (D50, Bradford) Lab of sRGB red.
    #expect(abs(red.l - 54.29) < 0.02 && abs(red.a - 80.80) < 0.05 && abs(red.b - 69.89) < 0.05)
    let xyz = SIMD3(0.2, 0.3, 0.4)
    #expect(maxAbs(CIELab(xyz: xyz).xyz() - xyz) < 1e-12)
  }

  @Test("OKLab of sRGB white and red match Ottosson's reference values")
  func oklab() throws {
    let mapper = try #require(CSSGamutMapper(space: .linearSRGB))
    let white = mapper.oklab(linear: SIMD3(1, 1, 1))
    #expect(abs(white.l - 1) < 1e-3 && abs(white.a) < 1e-3 && abs(white.b) < 1e-3)
    let red = mapper.oklab(linear: SIMD3(1, 0, 0))
    #expect(abs(red.l - 0.62796) < 1e-3 && abs(red.a - 0.22486) < 1e-3 && abs(red.b - 0.12585) < 1e-3)
  }

  @Test("CSS gamut mapping leaves in-gamut colors alone and maps P3 red into sRGB keeping its hue")
  func cssGamutMapping() throws {
    let mapper = try #require(CSSGamutMapper(space: .linearSRGB))
    let inside = SIMD3(0.2, 0.5, 0.9)
    #expect(mapper.map(inside) == inside)
    let p3ToSRGB = try #require(RGBColorSpace.sRGB.toXYZD50.inverse) * RGBColorSpace.displayP3.toXYZD50
    for source in [SIMD3(1.0, 0, 0), SIMD3(0, 1.0, 0), SIMD3(0.9, 0.2, 0.1)] {
      let unmapped = p3ToSRGB * source
      let mapped = mapper.map(unmapped)
      #expect(all(mapped .>= SIMD3(repeating: 0)) && all(mapped .<= SIMD3(repeating: 1)))
      let before = mapper.oklab(linear: unmapped)
      let after = mapper.oklab(linear: mapped)
      var hueShift = abs(before.hueDegrees - after.hueDegrees)
      hueShift = min(hueShift, 360 - hueShift)
      #expect(hueShift < 3, "hue shift \(hueShift) for \(source)")
      #expect(abs(before.l - after.l) < 0.03)
    }
  }
}

/// The largest absolute component of a vector.
func maxAbs(_ v: SIMD3<Double>) -> Double {
  max(abs(v.x), abs(v.y), abs(v.z))
}
