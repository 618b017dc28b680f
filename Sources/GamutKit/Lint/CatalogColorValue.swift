import Foundation

/// Reads the `color` of a color-set entry as Xcode writes it into a ``ColorValue``: components as floats
/// (`"0.478"`), 8-bit hex (`"0x7A"`) or 8-bit integers (`"122"`); spaces `srgb`, `display-p3`, `extended-srgb`,
/// `extended-linear-srgb`, and the gray spaces (`gray-gamma-22`, `extended-gray`) with a `white` component.
enum CatalogColorValue {
  /// The spaces whose components run from 0 to 1: Xcode clamps a value outside (the `extended-` spaces take any).
  static let boundedSpaces: Set<String> = ["srgb", "display-p3", "gray-gamma-22"]

  /// The value of `color`; a failure names what cannot be read, or a component outside 0...1 where the space
  /// (or alpha) has no more (`"red" : -5` in `srgb`).
  static func value(_ color: CatalogColor) -> Result<ColorValue, ColorValueError> {
    guard let space = color.colorSpace else { return .failure(ColorValueError(message: "no color-space")) }
    for component in color.components where ["red", "green", "blue", "white", "alpha"].contains(component.name) {
      guard component.name == "alpha" || boundedSpaces.contains(space), let value = number(component.text),
        !(0...1).contains(value)
      else { continue }
      return .failure(
        ColorValueError(
          message: "\(component.name) \(QuotedValue.quote(component.text)) is outside 0...1"
            + (component.name == "alpha" ? "" : ", the range of \(space)")))
    }
    func component(_ name: String) -> Double? { color.component(name).flatMap(number) }
    let alpha = color.component("alpha").map(number) ?? 1
    guard let alpha else {
      return .failure(
        ColorValueError(message: "alpha \(QuotedValue.quote(color.component("alpha")!)) is not a number"))
    }
    switch space {
    case "gray-gamma-22", "extended-gray":
      guard let white = component("white") else { return .failure(ColorValueError(message: "no readable white")) }
      let linear = pow(max(white, 0), 2.2)
      let encoded = CSSColorMath.encode(linear)
      return .success(ColorValue(space: .sRGB, components: SIMD3(repeating: encoded), alpha: alpha))
    case "srgb", "extended-srgb", "display-p3", "extended-linear-srgb":
      guard let red = component("red"), let green = component("green"), let blue = component("blue") else {
        return .failure(ColorValueError(message: "red, green and blue must each be a number"))
      }
      var rgb = SIMD3(red, green, blue)
      if space == "extended-linear-srgb" {
        rgb = SIMD3(CSSColorMath.encode(red), CSSColorMath.encode(green), CSSColorMath.encode(blue))
      }
      return .success(ColorValue(space: space == "display-p3" ? .displayP3 : .sRGB, components: rgb, alpha: alpha))
    default:
      return .failure(ColorValueError(message: "color space \(QuotedValue.quote(space)) is not one gamut reads"))
    }
  }

  /// A component's number: a float as written, `0xHH` over 255, a decimal integer over 255.
  static func number(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    if trimmed.lowercased().hasPrefix("0x") {
      return Int(trimmed.dropFirst(2), radix: 16).map { Double($0) / 255 }
    }
    if trimmed.contains(".") || trimmed.lowercased().contains("e") {
      return Double(trimmed).flatMap { $0.isFinite ? $0 : nil }
    }
    return Int(trimmed).map { Double($0) / 255 }
  }
}
