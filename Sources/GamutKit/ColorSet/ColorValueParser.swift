import Foundation

/// Why a color value cannot be read: the message names what is wrong with the text.
package struct ColorValueError: Error, Sendable, Equatable, CustomStringConvertible {
  package var message: String
  package var description: String { message }
}

/// Reads the color values that color files and `gamut contrast` accept:
///
/// - `#RGB`, `#RGBA`, `#RRGGBB`, `#RRGGBBAA`: sRGB, 8 bits per channel (4 for the short forms).
/// - `color(srgb R G B [/ A])`, `color(display-p3 R G B [/ A])`: CSS Color 4, components 0...1 or percentages.
/// - `rgb(R G B [/ A])`, `rgb(R, G, B)`, `rgba(R, G, B, A)`: sRGB, components 0...255 or percentages.
/// - `oklch(L C H [/ A])`: CSS Color 4 OKLCh (L 0...1 or a percentage, C a number or a percentage of 0.4, H in
///   degrees), converted exactly with CSS Color 4's matrices and stored as sRGB when it lies inside sRGB, else as
///   Display P3; a color outside Display P3 is an error.
///
/// Alpha is a number 0...1 or a percentage. Extended ranges (components outside 0...1) are refused: a color set
/// stores what a display shows.
package enum ColorValueParser {
  /// Parses `text` (surrounding spaces ignored, function names case-insensitive).
  package static func parse(_ text: String) throws(ColorValueError) -> ColorValue {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.isEmpty || trimmed == "~" || trimmed == "null" {
      throw ColorValueError(message: "no color value (in YAML a hex color must be quoted: \"#0A84FF\")")
    }
    if trimmed.hasPrefix("#") { return try hex(trimmed) }
    guard let open = trimmed.firstIndex(of: "("), trimmed.hasSuffix(")") else {
      throw fail(trimmed, "expected #RRGGBB, color(display-p3 ...), color(srgb ...), rgb(...) or oklch(...)")
    }
    let function = trimmed[..<open].lowercased()
    let body = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
    switch function {
    case "color": return try colorFunction(body, text: trimmed)
    case "rgb", "rgba": return try rgbFunction(body, text: trimmed)
    case "oklch": return try oklchFunction(body, text: trimmed)
    default:
      throw fail(trimmed, "unknown color function \(QuotedValue.quote(function)); use color(), rgb() or oklch()")
    }
  }

  private static func fail(_ text: String, _ reason: String) -> ColorValueError {
    ColorValueError(message: "\(QuotedValue.quote(text)): \(reason)")
  }

  private static func hex(_ text: String) throws(ColorValueError) -> ColorValue {
    let digits = Array(text.dropFirst())
    guard [3, 4, 6, 8].contains(digits.count), digits.allSatisfy({ $0.isASCII && $0.isHexDigit }) else {
      throw fail(text, "a hex color has 3, 4, 6 or 8 hex digits (#RGB, #RGBA, #RRGGBB, #RRGGBBAA)")
    }
    let short = digits.count <= 4
    let width = short ? 1 : 2
    var values: [Double] = []
    for index in stride(from: 0, to: digits.count, by: width) {
      let code = Int(String(digits[index..<index + width]), radix: 16)!
      values.append(short ? Double(code * 17) / 255 : Double(code) / 255)
    }
    return ColorValue(
      space: .sRGB, components: SIMD3(values[0], values[1], values[2]), alpha: values.count > 3 ? values[3] : 1)
  }

  /// The arguments of a CSS function: space-separated with an optional `/ alpha`, or comma-separated (legacy).
  private static func arguments(_ body: String, text: String) throws(ColorValueError) -> (
    values: [String], alpha: String?
  ) {
    if body.contains(",") {
      let parts = body.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") && !$0.contains("/") }) else {
        throw fail(text, "malformed comma-separated arguments")
      }
      return parts.count == 4 ? (Array(parts.prefix(3)), parts[3]) : (parts, nil)
    }
    let halves = body.split(separator: "/", omittingEmptySubsequences: false)
    guard halves.count <= 2 else { throw fail(text, "more than one '/'") }
    let values = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    var alpha: String?
    if halves.count == 2 {
      let alphaParts = halves[1].split(whereSeparator: { $0 == " " || $0 == "\t" })
      guard alphaParts.count == 1 else { throw fail(text, "expected one alpha value after '/'") }
      alpha = String(alphaParts[0])
    }
    return (values, alpha)
  }

  /// A plain number or a percentage (`percentScale` is what 100% means); `nil` when the text is neither.
  private static func number(_ token: String, percentScale: Double?) -> Double? {
    var token = Substring(token)
    var scale = 1.0
    if token.hasSuffix("%") {
      guard let percentScale else { return nil }
      token = token.dropLast()
      scale = percentScale / 100
    }
    guard !token.isEmpty, token.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }),
      let value = Double(token), value.isFinite
    else { return nil }
    return value * scale
  }

  private static func alphaValue(_ token: String?, text: String) throws(ColorValueError) -> Double {
    guard let token else { return 1 }
    guard let value = number(token, percentScale: 1), (0...1).contains(value) else {
      throw fail(text, "alpha \(QuotedValue.quote(token)) must be a number from 0 to 1 or a percentage")
    }
    return value
  }

  private static func colorFunction(_ body: String, text: String) throws(ColorValueError) -> ColorValue {
    let (tokens, alphaToken) = try arguments(body, text: text)
    guard let spaceName = tokens.first?.lowercased() else { throw fail(text, "missing color space") }
    guard let space = ColorValue.Space.allCases.first(where: { $0.cssName == spaceName }) else {
      throw fail(text, "color space \(QuotedValue.quote(tokens[0])) is not supported; use srgb or display-p3")
    }
    guard tokens.count == 4 else { throw fail(text, "expected three components after \(QuotedValue.quote(spaceName))") }
    var values: [Double] = []
    for token in tokens.dropFirst() {
      guard let value = number(token, percentScale: 1) else {
        throw fail(text, "\(QuotedValue.quote(token)) is not a number")
      }
      guard (0...1).contains(value) else {
        throw fail(text, "component \(QuotedValue.quote(token)) is outside 0...1 (extended ranges are not supported)")
      }
      values.append(value)
    }
    return ColorValue(
      space: space, components: SIMD3(values[0], values[1], values[2]), alpha: try alphaValue(alphaToken, text: text))
  }

  private static func rgbFunction(_ body: String, text: String) throws(ColorValueError) -> ColorValue {
    let (tokens, alphaToken) = try arguments(body, text: text)
    guard tokens.count == 3 else { throw fail(text, "expected three components") }
    var values: [Double] = []
    for token in tokens {
      guard let value = number(token, percentScale: 255) else {
        throw fail(text, "\(QuotedValue.quote(token)) is not a number")
      }
      guard (0...255).contains(value) else {
        throw fail(text, "component \(QuotedValue.quote(token)) is outside 0...255")
      }
      values.append(value / 255)
    }
    return ColorValue(
      space: .sRGB, components: SIMD3(values[0], values[1], values[2]), alpha: try alphaValue(alphaToken, text: text))
  }

  /// How far outside a gamut an OKLCh color may compute and still be stored there, clamped: half the precision of
  /// a three-decimal component, so what is written is what was asked for.
  static let oklchTolerance = 0.0005

  private static func oklchFunction(_ body: String, text: String) throws(ColorValueError) -> ColorValue {
    let (tokens, alphaToken) = try arguments(body, text: text)
    guard tokens.count == 3 else { throw fail(text, "expected lightness, chroma and hue") }
    guard let lightness = number(tokens[0], percentScale: 1), (0...1).contains(lightness) else {
      throw fail(text, "lightness \(QuotedValue.quote(tokens[0])) must be 0...1 or a percentage")
    }
    guard let chroma = number(tokens[1], percentScale: 0.4), chroma >= 0 else {
      throw fail(text, "chroma \(QuotedValue.quote(tokens[1])) must be a number ≥ 0 or a percentage")
    }
    let hueToken = tokens[2].lowercased().hasSuffix("deg") ? String(tokens[2].dropLast(3)) : tokens[2]
    guard let hue = number(hueToken, percentScale: nil) else {
      throw fail(text, "hue \(QuotedValue.quote(tokens[2])) must be a number of degrees")
    }
    let alpha = try alphaValue(alphaToken, text: text)
    let xyz = CSSColorMath.xyz(oklchLightness: lightness, chroma: chroma, hueDegrees: hue)
    for space in [ColorValue.Space.sRGB, .displayP3] {
      let linear = space.fromXYZ * xyz
      let encoded = SIMD3(CSSColorMath.encode(linear.x), CSSColorMath.encode(linear.y), CSSColorMath.encode(linear.z))
      if encoded.min() >= -oklchTolerance && encoded.max() <= 1 + oklchTolerance {
        let clamped = encoded.clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
        return ColorValue(space: space, components: clamped, alpha: alpha)
      }
    }
    throw fail(text, "the color lies outside Display P3, which a color set cannot hold")
  }
}
