import Testing

@testable import GamutKit

/// The specialization rule (docs/icon-composer.md): the most specific matching entry, the plain value, or unset.
@Suite struct IconPropertyTests {
  /// The `opacity` of `json` read as a group.
  private func opacity(_ json: String) throws -> (JSONNode, IconProperty) {
    let parsed = try JSONNodeReader.read(Array(json.utf8))
    return (parsed, IconElement(parsed, level: .group, keyPath: "")["opacity"])
  }

  private func value(_ json: JSONNode, _ property: IconProperty, _ appearance: IconAppearance, _ idiom: IconIdiom?)
    -> Double?
  {
    property.resolve(appearance, idiom: idiom)?.number
  }

  @Test("appearance entries override the entry without axes; tinted does not take dark's")
  func appearances() throws {
    let (json, property) = try opacity(
      "{\"opacity-specializations\":[{\"value\":1},{\"appearance\":\"dark\",\"value\":0}]}")
    #expect(value(json, property, .light, nil) == 1)
    #expect(value(json, property, .dark, nil) == 0)
    #expect(value(json, property, .tinted, nil) == 1)
  }

  @Test("without a matching entry the plain value applies, else the property is unset")
  func plainAndUnset() throws {
    let (json, property) = try opacity(
      "{\"opacity\":0.4,\"opacity-specializations\":[{\"appearance\":\"dark\",\"value\":0.2}]}")
    #expect(value(json, property, .light, nil) == 0.4)
    #expect(value(json, property, .dark, nil) == 0.2)
    let (bare, unset) = try opacity("{\"opacity-specializations\":[{\"appearance\":\"dark\",\"value\":0.2}]}")
    #expect(value(bare, unset, .tinted, nil) == nil)
  }

  @Test("the most specific entry wins: appearance and idiom, appearance, idiom, neither; order breaks ties")
  func idioms() throws {
    let (json, property) = try opacity(
      """
      {"opacity-specializations":[
        {"appearance":"dark","idiom":"watchOS","value":0.1},
        {"idiom":"watchOS","value":0.2},
        {"appearance":"dark","value":0.3},
        {"value":0.4},
        {"value":0.5}
      ]}
      """)
    #expect(value(json, property, .dark, .watchOS) == 0.1)
    #expect(value(json, property, .light, .watchOS) == 0.2)
    #expect(value(json, property, .dark, .iOS) == 0.3)
    #expect(value(json, property, .dark, nil) == 0.3)
    #expect(value(json, property, .light, .macOS) == 0.5)
    #expect(value(json, property, .tinted, nil) == 0.5)
  }
}
