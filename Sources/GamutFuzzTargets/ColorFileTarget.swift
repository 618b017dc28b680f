internal import Foundation
internal import GamutKit

/// Fuzz body for color files (`*.colors.yml`) and color values: the YAML reader, the CSS color parser, the gamut
/// policy and the colorset writer.
public enum ColorFileTarget {
  /// Parses `bytes` as a color file (UTF-8, invalid sequences replaced), then each of its lines as a color value.
  /// Every accepted color must give, under every policy, a colorset whose JSON parses and whose written components
  /// lie in 0...1; every accepted value must lie in its space.
  public static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let result = ColorFileParser.parse(text, source: "Fuzz.colors.yml")
    for color in result.colors {
      for policy in GamutPolicy.allCases {
        let plan = ColorSetPlan(color, policy: policy, mapping: policy == .both ? .chroma : .clip)
        precondition(!plan.entries.isEmpty, "an accepted color with no colorset entries")
        let json = plan.contents
        precondition(
          (try? JSONSerialization.jsonObject(with: Data(json.utf8))) != nil, "a colorset that is not JSON: \(json)")
      }
    }
    for line in text.split(separator: "\n").prefix(64) {
      guard let value = try? ColorValueParser.parse(String(line)) else { continue }
      let unit = 0.0...1.0
      precondition(
        unit.contains(value.components.x) && unit.contains(value.components.y) && unit.contains(value.components.z)
          && unit.contains(value.alpha), "'\(line)' parsed to a color outside its space: \(value)")
    }
  }
}
