import Foundation
import Testing

@testable import GamutKit

/// WCAG contrast, color conversions and CIEDE2000 against known figures and against colour-science
/// (`Tests/ColorReference/contrast-reference.json`, written by `scripts/generate/contrast-reference`).
@Suite struct ContrastTests {
  private static let white = ColorValue(space: .sRGB, components: SIMD3(1, 1, 1))

  private static func ratio(_ foreground: String, on background: String) throws -> Double {
    ContrastRatio.ratio(
      foreground: try ColorValueParser.parse(foreground), background: try ColorValueParser.parse(background),
      underlay: ContrastRatio.white)
  }

  @Test func knownFigures() throws {
    #expect(abs(try Self.ratio("#000000", on: "#FFFFFF") - 21) < 1e-9)
    #expect(ContrastRatio.text(try Self.ratio("#000000", on: "#FFFFFF")) == "21.00:1")
    #expect(ContrastRatio.text(try Self.ratio("#767676", on: "#FFFFFF")) == "4.54:1")
    #expect(ContrastRatio.text(try Self.ratio("#777777", on: "#FFFFFF")) == "4.47:1")
    #expect(abs(try Self.ratio("#FFFFFF", on: "#FFFFFF") - 1) < 1e-12)
  }

  /// The P3 matrix decides a P3 color's luminance: P3 green is brighter than sRGB green's luminance would say
  /// once clipped.
  @Test func luminanceComesFromTheColorsOwnSpace() throws {
    let p3Green = try ColorValueParser.parse("color(display-p3 0 1 0)")
    let clipped = ColorGamutMapping.toSRGB(p3Green, mapping: .clip)
    #expect(abs(p3Green.relativeLuminance - 0.6917385) < 1e-6)
    #expect(abs(clipped.relativeLuminance - 0.7151687) < 1e-6)
  }

  private struct Reference: Decodable {
    struct Color: Decodable {
      var space: String
      var components: [Double]
      var alpha: Double?
      var value: ColorValue {
        ColorValue(
          space: ColorValue.Space(rawValue: space)!, components: SIMD3(components[0], components[1], components[2]),
          alpha: alpha ?? 1)
      }
    }
    struct Pair: Decodable {
      var foreground: Color
      var background: Color
      var ratio: Double
    }
    struct OKLCh: Decodable {
      var oklch: [Double]
      var srgb: [Double]
      var displayP3: [Double]
      enum CodingKeys: String, CodingKey {
        case oklch
        case srgb = "srgb-linear"
        case displayP3 = "display-p3-linear"
      }
    }
    struct Delta: Decodable {
      var first: Color
      var second: Color
      var deltaE2000: Double
    }
    var contrast: [Pair]
    var oklch: [OKLCh]
    var deltaE2000: [Delta]
  }

  private static func reference() throws -> Reference {
    let url = TestData.projectRoot.appendingPathComponent("Tests/ColorReference/contrast-reference.json")
    return try JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
  }

  /// Every ratio within 0.05 % of colour-science's, in sRGB and Display P3, opaque and translucent. (colour-science's
  /// sRGB matrix is IEC 61966-2-1's four-decimal one; CSS Color 4's is computed from the primaries: that difference
  /// is the 1e-4 seen.)
  @Test func contrastMatchesColourScience() throws {
    let reference = try Self.reference()
    #expect(reference.contrast.count == 11)
    for pair in reference.contrast {
      let ratio = ContrastRatio.ratio(
        foreground: pair.foreground.value, background: pair.background.value, underlay: ContrastRatio.white)
      #expect(abs(ratio - pair.ratio) / pair.ratio < 5e-4, "\(pair.foreground) on \(pair.background)")
    }
  }

  /// OKLCh to linear sRGB and Display P3 within 0.001 of colour-science (whose OKLab matrices are Ottosson's 2020
  /// ones, which differ from CSS Color 4's recomputed ones in the fourth decimal).
  @Test func oklchMatchesColourScience() throws {
    for entry in try Self.reference().oklch {
      let xyz = CSSColorMath.xyz(oklchLightness: entry.oklch[0], chroma: entry.oklch[1], hueDegrees: entry.oklch[2])
      for (space, expected) in [(ColorValue.Space.sRGB, entry.srgb), (.displayP3, entry.displayP3)] {
        let linear = space.fromXYZ * xyz
        for (value, reference) in zip([linear.x, linear.y, linear.z], expected) {
          #expect(abs(value - reference) < 1e-3, "oklch \(entry.oklch) in \(space)")
        }
      }
    }
  }

  @Test func deltaE2000MatchesColourScience() throws {
    for entry in try Self.reference().deltaE2000 {
      let value = entry.first.value.deltaE2000(entry.second.value)
      #expect(abs(value - entry.deltaE2000) < 0.01)
    }
  }

  /// The CSS matrices agree with the ones gamut builds from the published primaries.
  @Test func cssMatricesMatchThePrimaries() throws {
    for (css, primaries) in [
      (CSSColorMath.linearSRGBToXYZ, RGBPrimaries.rec709), (CSSColorMath.linearP3ToXYZ, RGBPrimaries.displayP3),
    ] {
      let built = try #require(primaries.toXYZ)
      for row in 0..<3 { for column in 0..<3 { #expect(abs(css[row, column] - built[row, column]) < 1e-9) } }
    }
    let identity = CSSColorMath.xyzToLinearP3 * CSSColorMath.linearP3ToXYZ
    for row in 0..<3 { for column in 0..<3 { #expect(abs(identity[row, column] - (row == column ? 1 : 0)) < 1e-12) } }
  }
}
