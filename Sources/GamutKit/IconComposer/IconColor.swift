/// A color as `icon.json` writes it: `space:components`, such as `display-p3:0.30588,0.84314,0.39608,1.00000`.
///
/// RGB spaces (`display-p3`, `srgb`, `extended-srgb`) take red, green, blue and alpha; gray spaces (`gray`,
/// `extended-gray`) take white and alpha. Gray is taken with the sRGB curve (as Core Graphics' extended gray
/// space is), so a gray inside 0...1 is inside sRGB. The text is kept as written.
package struct IconColor: Sendable, Equatable {
  /// The number of components each space takes.
  package static let componentCounts: [String: Int] = [
    "display-p3": 4, "srgb": 4, "extended-srgb": 4, "gray": 2, "extended-gray": 2,
  ]

  /// The text as written.
  package var text: String
  /// The space as written (before the colon).
  package var space: String
  /// The components as numbers.
  package var components: [Double]

  /// Why `text` is not a color: nil when it is one.
  package static func problem(_ text: String) -> String? {
    guard let colon = text.firstIndex(of: ":") else {
      return "'\(text)' is not a color (space:components, such as display-p3:1,0.5,0,1)"
    }
    let space = String(text[..<colon])
    guard let count = componentCounts[space] else {
      return "'\(space)' is not a color space of Icon Composer (display-p3, srgb, extended-srgb, gray, extended-gray)"
    }
    let parts = text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
    guard parts.allSatisfy({ Double($0).map(\.isFinite) == true }) else {
      return "'\(text)' has a component that is not a number"
    }
    guard parts.count == count else {
      return "'\(text)' has \(parts.count) components; \(space) takes \(count)"
        + (count == 4 ? " (red, green, blue, alpha)" : " (white, alpha)")
    }
    return nil
  }

  /// Reads `text`; nil when it is not a color (``problem(_:)`` says why).
  package init?(_ text: String) {
    guard Self.problem(text) == nil, let colon = text.firstIndex(of: ":") else { return nil }
    self.text = text
    space = String(text[..<colon])
    components = text[text.index(after: colon)...].split(separator: ",").compactMap { Double($0) }
  }

  /// The color as gamut's color math takes it: Display P3 or sRGB (extended), gray as sRGB.
  package var value: ColorValue {
    let alpha = components.last ?? 1
    switch space {
    case "display-p3":
      return ColorValue(space: .displayP3, components: SIMD3(components[0], components[1], components[2]), alpha: alpha)
    case "gray", "extended-gray":
      return ColorValue(space: .sRGB, components: SIMD3(repeating: components[0]), alpha: alpha)
    default:
      return ColorValue(space: .sRGB, components: SIMD3(components[0], components[1], components[2]), alpha: alpha)
    }
  }

  /// Whether the color lies outside sRGB (beyond half an 8-bit code).
  package var isOutsideSRGB: Bool { !value.isInside(.sRGB) }

  /// CIEDE2000 between the color and its sRGB mapping (CSS Color 4 gamut mapping: chroma reduced at constant
  /// OKLCh lightness and hue); 0 for a color inside sRGB.
  package var mappingDeltaE2000: Double {
    guard isOutsideSRGB else { return 0 }
    return value.deltaE2000(ColorGamutMapping.toSRGB(value, mapping: .chroma))
  }
}
