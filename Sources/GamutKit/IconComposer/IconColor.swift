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

  /// The largest magnitude of a component: no display shows more (extended ranges reach a few units; EDR
  /// headroom tops out at 16), and the color math stays finite within it.
  package static let maximumMagnitude = 16.0

  /// Why `text` is not a color: nil when it is one.
  package static func problem(_ text: String) -> String? {
    let quoted = QuotedValue.quote(text)
    guard let colon = text.firstIndex(of: ":") else {
      return "\(quoted) is not a color (space:components, such as display-p3:1,0.5,0,1)"
    }
    let space = String(text[..<colon])
    guard let count = componentCounts[space] else {
      return "\(QuotedValue.quote(space)) is not a color space of Icon Composer (display-p3, srgb, extended-srgb, "
        + "gray, extended-gray)"
    }
    let parts = text[text.index(after: colon)...].split(separator: ",", omittingEmptySubsequences: false)
    guard parts.allSatisfy(isDecimal) else {
      return "\(quoted) has a component that is not a decimal number"
    }
    guard parts.allSatisfy({ abs(Double($0) ?? .infinity) <= maximumMagnitude }) else {
      return "\(quoted) has a component beyond ±\(Int(maximumMagnitude)), which no display shows"
    }
    guard parts.count == count else {
      return "\(quoted) has \(parts.count) components; \(space) takes \(count)"
        + (count == 4 ? " (red, green, blue, alpha)" : " (white, alpha)")
    }
    return nil
  }

  /// Whether `part` is a number as JSON writes one (`-0.5`, `1`, `2.5e-1`): no hexadecimal (`0x1`), `inf`, `nan`,
  /// sign `+` or white space, which Swift's `Double` would also take.
  private static func isDecimal(_ part: Substring) -> Bool {
    var bytes = part.utf8[...]
    func digits() -> Int {
      let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
    guard digits() > 0 else { return false }
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      guard digits() > 0 else { return false }
    }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return false }
    }
    return bytes.isEmpty
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
