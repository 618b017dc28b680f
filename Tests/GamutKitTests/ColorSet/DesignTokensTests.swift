import Testing

@testable import GamutKit

@Suite struct DesignTokensTests {
  private static let base = """
    {
      "brand": {
        "$type": "color",
        "primary": { "$value": { "colorSpace": "display-p3", "components": [1, 0.2, 0.1], "alpha": 1 } },
        "link": { "$value": "{brand.primary}" },
        "soft": { "$value": { "colorSpace": "srgb", "components": [0.2, 0.4, 0.6], "alpha": 0.5, "hex": "#336699" } },
        "ok": { "$value": { "colorSpace": "oklch", "components": [0.7, 0.1, 250] } },
        "fallback": { "$value": { "colorSpace": "hsl", "components": [0, 0, 0], "hex": "#808080" } }
      },
      "size": { "$type": "dimension", "small": { "$value": { "value": 4, "unit": "px" } } }
    }
    """

  private static let dark = """
    { "brand": { "$type": "color", "primary": { "$value": { "colorSpace": "srgb", "components": [0.25, 0.61, 1] } } } }
    """

  @Test func readsTokensAliasesAndVariants() {
    let siblings = ["Brand~dark.tokens.json": Self.dark, "Brand.tokens.json": Self.base]
    let result = DesignTokens.parse(Self.base, source: "Tokens/Brand.tokens.json") { siblings[$0] }
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    #expect(result.colors.map(\.name) == ["brand.fallback", "brand.link", "brand.ok", "brand.primary", "brand.soft"])
    let primary = result.colors[3]
    #expect(primary.groupPath == ["Tokens"])
    #expect(primary.variants[ColorDefinition.Slot()]?.color?.space == .displayP3)
    #expect(
      primary.variants[ColorDefinition.Slot(appearance: .dark)]?.color?.cssText == "color(srgb 0.250 0.610 1.000)")
    // The alias follows the dark file too: brand.link is defined only in the base file.
    #expect(result.colors[1].variants[ColorDefinition.Slot()] == primary.variants[ColorDefinition.Slot()])
    #expect(result.colors[4].variants[ColorDefinition.Slot()]?.color?.alpha == 0.5)
    #expect(result.colors[0].variants[ColorDefinition.Slot()]?.color?.cssText == "color(srgb 0.502 0.502 0.502)")
    // A variant file alone yields nothing; it is read with its base.
    #expect(DesignTokens.parse(Self.dark, source: "Tokens/Brand~dark.tokens.json") { siblings[$0] }.colors.isEmpty)
  }

  @Test func aliasCycleIsAClearError() {
    let text = """
      { "a": { "$type": "color", "$value": "{b}" }, "b": { "$type": "color", "$value": "{c}" },
        "c": { "$type": "color", "$value": "{a}" }, "d": { "$type": "color", "$value": "#FFFFFF" } }
      """
    let result = DesignTokens.parse(text, source: "T.tokens.json") { _ in nil }
    #expect(result.colors.map(\.name) == ["d"])
    // The cycle is reported once, not once per member.
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics[0].message == "alias cycle of 3 tokens: a -> b -> c -> a")
  }

  @Test func errors() {
    func messages(_ text: String) -> [String] {
      DesignTokens.parse(text, source: "T.tokens.json") { _ in nil }.diagnostics.map(\.message)
    }
    #expect(messages("[1, 2]").first?.contains("object") == true)
    #expect(messages("{").first?.contains("JSON") == true)
    #expect(messages(#"{ "a": { "$type": "color", "$value": "{missing}" } }"#).first?.contains("missing") == true)
    #expect(
      messages(#"{ "a": { "$type": "color", "$value": { "colorSpace": "lab", "components": [50, 0, 0] } } }"#)
        .first?.contains("not supported") == true)
    #expect(DesignTokens.parse("{}", source: "T~dusk.tokens.json") { _ in "{}" }.diagnostics.count == 1)
    #expect(
      DesignTokens.parse("{}", source: "T~dark.tokens.json") { _ in nil }.diagnostics.first?.message.contains(
        "base file") == true)
  }
}
