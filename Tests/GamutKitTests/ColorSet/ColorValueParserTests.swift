import Testing

@testable import GamutKit

@Suite struct ColorValueParserTests {
  private func parse(_ text: String) throws -> ColorValue { try ColorValueParser.parse(text) }

  @Test func hexForms() throws {
    #expect(try parse("#0A84FF") == ColorValue(space: .sRGB, components: SIMD3(10, 132, 255) / 255))
    #expect(try parse("#fff") == ColorValue(space: .sRGB, components: SIMD3(1, 1, 1)))
    let translucent = try parse("#000000B3")
    #expect(translucent.alpha == 179.0 / 255)
    #expect(try parse("#F008").alpha == 136.0 / 255)
  }

  @Test func cssFunctions() throws {
    #expect(try parse("color(display-p3 1 0.2 0.1)") == ColorValue(space: .displayP3, components: SIMD3(1, 0.2, 0.1)))
    #expect(
      try parse("color(srgb 50% 0 1 / 0.5)") == ColorValue(space: .sRGB, components: SIMD3(0.5, 0, 1), alpha: 0.5))
    #expect(try parse("rgb(255 0 51 / 25%)") == ColorValue(space: .sRGB, components: SIMD3(1, 0, 0.2), alpha: 0.25))
    #expect(try parse("rgba(0, 255, 0, 0.5)") == ColorValue(space: .sRGB, components: SIMD3(0, 1, 0), alpha: 0.5))
  }

  /// CSS Color 4's own examples: oklch(62.8% 0.2577 29.23) is sRGB red; a P3-only green is stored as Display P3.
  @Test func oklchConvertsExactly() throws {
    let red = try parse("oklch(62.8% 0.2577 29.23)")
    #expect(red.space == .sRGB)
    #expect(abs(red.components.x - 1) < 0.0005 && red.components.y < 0.0005 && red.components.z < 0.0005)
    let white = try parse("oklch(1 0 0)")
    #expect(abs(white.components.x - 1) < 1e-6 && abs(white.components.z - 1) < 1e-6)
    // A green inside Display P3 but outside sRGB (colour-science: P3 0.375 0.968 0.153; sRGB red -0.86).
    let green = try parse("oklch(0.8451 0.3225 142.49)")
    #expect(green.space == .displayP3)
    #expect(!green.isInside(.sRGB))
  }

  @Test(arguments: [
    "", "#12345", "#GGGGGG", "red", "hsl(0 100% 50%)", "color(rec2020 1 0 0)", "color(srgb 1.2 0 0)",
    "rgb(300 0 0)", "oklch(0.7 0.5 30)", "color(display-p3 1 0 0 / 2)", "color(srgb 1 0)", "rgb(1, 2 3)",
    "oklch(0.5 0.1 nan)", "color(srgb 1 1 1 / 0.5 / 0.2)", "#\u{FF10}\u{FF10}\u{FF10}", "rgb(\u{0661} 0 0)",
  ])
  func refusesWithAMessage(_ text: String) {
    #expect(throws: ColorValueError.self) { try ColorValueParser.parse(text) }
  }

  @Test func threeDecimalsRoundTripEightBitCodes() {
    #expect(ColorValue.threeDecimals(0x7A / 255) == "0.478")
    #expect(ColorValue.threeDecimals(0x0A / 255) == "0.039")
    #expect(ColorValue.threeDecimals(1) == "1.000")
    #expect(ColorValue.threeDecimals(0) == "0.000")
    for code in 0...255 {
      let text = ColorValue.threeDecimals(Double(code) / 255)
      #expect(Int((Double(text)! * 255).rounded()) == code)
    }
  }
}
