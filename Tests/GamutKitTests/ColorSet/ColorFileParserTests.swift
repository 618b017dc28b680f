import Testing

@testable import GamutKit

@Suite struct ColorFileParserTests {
  /// The example.
  @Test func readsEveryForm() throws {
    let text = """
      Brand:        { any: "#0A84FF", dark: "#409CFF", hc: "#0040DD", dark-hc: "#409CFF" }
      Accent:       "color(display-p3 1 0.2 0.1)"
      Label:        { any: "#000000", dark: "#FFFFFF" }
      Separator:    { system: separator }
      Tint:         { any: "#007AFF", ipad: { any: "#0040DD", dark-hc: { system: systemBlue } } }
      """
    let result = ColorFileParser.parse(text, source: "Colors/Palette.colors.yml")
    #expect(result.diagnostics.isEmpty)
    #expect(result.colors.map(\.name) == ["Brand", "Accent", "Label", "Separator", "Tint"])
    let brand = result.colors[0]
    #expect(brand.groupPath == ["Colors"])
    #expect(brand.location == "Colors/Palette.colors.yml:1")
    #expect(brand.variants.count == 4)
    #expect(brand.variants[ColorDefinition.Slot(appearance: .dark, highContrast: true)]?.color?.components.z == 1)
    #expect(result.colors[1].variants[ColorDefinition.Slot()]?.color?.space == .displayP3)
    #expect(
      result.colors[3].variants[ColorDefinition.Slot()]
        == .system(SystemColorReference(platform: "universal", reference: "separatorColor")))
    let tint = result.colors[4]
    #expect(tint.variants[ColorDefinition.Slot(idiom: .ipad)]?.color != nil)
    #expect(
      tint.variants[ColorDefinition.Slot(idiom: .ipad, appearance: .dark, highContrast: true)]
        == .system(SystemColorReference(platform: "universal", reference: "systemBlueColor")))
  }

  /// Each error names the file, the line and the key; the other colors are still read.
  @Test func errorsNameFileLineAndKey() {
    let text = """
      Good: "#FFFFFF"
      Bad: { any: "#FFF", dusk: "#000" }
      Worse: "hsl(0 100% 50%)"
      Empty:
      Unknown: { system: fancyThing }
      Nested: { ipad: { night: "#000" } }
      """
    let result = ColorFileParser.parse(text, source: "A.colors.yml")
    #expect(result.colors.map(\.name) == ["Good"])
    #expect(result.diagnostics.allSatisfy { $0.path == "A.colors.yml" })
    #expect(result.diagnostics.map(\.line) == [2, 3, 4, 5, 6])
    #expect(result.diagnostics.allSatisfy { $0.code == "invalid-color" && $0.severity == .error })
    #expect(result.diagnostics[0].message.contains("'dusk'"))
    #expect(result.diagnostics[1].message.contains("hsl"))
    #expect(result.diagnostics[4].message.contains("'night'"))
  }

  @Test func badYAMLIsOneErrorAtItsLine() {
    let duplicate = ColorFileParser.parse("A: \"#000\"\nA: \"#FFF\"\n", source: "x.colors.yml")
    #expect(duplicate.colors.isEmpty)
    #expect(duplicate.diagnostics.count == 1)
    #expect(duplicate.diagnostics[0].message.contains("duplicate"))
    let list = ColorFileParser.parse("- a\n- b\n", source: "x.colors.yml")
    #expect(list.diagnostics.first?.message.contains("mapping") == true)
    #expect(ColorFileParser.parse("", source: "x.colors.yml").diagnostics.isEmpty)
  }
}
