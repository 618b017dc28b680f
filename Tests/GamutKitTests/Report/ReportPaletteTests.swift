import Foundation
import Testing

@testable import GamutKit

/// The report's text meets the contrast it asks of others: 7:1 for every text color on the page and panel
/// backgrounds of both appearances and on the tiles, 4.5:1 for borders. WCAG 2 relative luminance, computed here
/// from the published sRGB transfer function.
@Suite struct ReportPaletteTests {
  static func luminance(_ hex: String) -> Double {
    let value = Int(hex.dropFirst(), radix: 16)!
    func linear(_ code: Int) -> Double {
      let c = Double(code) / 255
      return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(value >> 16 & 255) + 0.7152 * linear(value >> 8 & 255) + 0.0722 * linear(value & 255)
  }

  static func ratio(_ a: String, _ b: String) -> Double {
    let (x, y) = (luminance(a), luminance(b))
    return (max(x, y) + 0.05) / (min(x, y) + 0.05)
  }

  @Test func knownRatios() {
    #expect(abs(Self.ratio("#000000", "#FFFFFF") - 21) < 1e-9)
    #expect(abs(Self.ratio("#767676", "#FFFFFF") - 4.54) < 0.005)
  }

  @Test(arguments: [ReportPalette.light, ReportPalette.dark])
  func textReachesSevenToOne(_ palette: ReportPalette) {
    for text in palette.textColors {
      #expect(Self.ratio(text, palette.page) >= 7, "\(text) on \(palette.page)")
      #expect(Self.ratio(text, palette.panel) >= 7, "\(text) on \(palette.panel)")
    }
    #expect(Self.ratio(palette.border, palette.page) >= 4.5)
    #expect(Self.ratio(palette.border, palette.panel) >= 4.5)
  }

  @Test func tileCaptionsReachSevenToOne() {
    let light = ReportPalette.tileLight
    let dark = ReportPalette.tileDark
    for text in [light.text, light.muted] { #expect(Self.ratio(text, light.background) >= 7) }
    for text in [dark.text, dark.muted] {
      #expect(Self.ratio(text, dark.background) >= 7)
      #expect(Self.ratio(text, dark.elevated) >= 7)
    }
  }
}
