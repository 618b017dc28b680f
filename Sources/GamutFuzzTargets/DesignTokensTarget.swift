internal import GamutKit

/// Fuzz body for W3C design tokens files (`*.tokens.json`): JSON reading, groups, aliases and color objects.
public enum DesignTokensTarget {
  /// Parses `bytes` as a base tokens file whose `~dark` sibling holds the same bytes (so aliases are followed in
  /// both). Every accepted color must have an any-appearance variant.
  public static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let result = DesignTokens.parse(text, source: "Fuzz.tokens.json") { name in
      name == "Fuzz~dark.tokens.json" ? text : nil
    }
    for color in result.colors {
      precondition(color.variants[ColorDefinition.Slot()] != nil, "token '\(color.name)' without a base value")
    }
  }
}
