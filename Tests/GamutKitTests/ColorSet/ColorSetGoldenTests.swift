import Foundation
import Testing

@testable import GamutKit

/// Byte-for-byte comparisons with the colorsets Xcode wrote (`Tests/Fixtures/testdata/xcode/colorset`).
@Suite struct ColorSetGoldenTests {
  private static func golden(_ name: String) throws -> String {
    String(decoding: try TestData.sharedBytes("xcode/colorset/\(name)/Contents.json"), as: UTF8.self)
  }

  /// What gamut writes for the first color of `yaml` under `policy`.
  private static func written(_ yaml: String, policy: GamutPolicy = .auto) throws -> String {
    let result = ColorFileParser.parse(yaml, source: "Test.colors.yml")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let color = try #require(result.colors.first)
    return ContentsFile.colorSet(ColorSetPlan(color, policy: policy, mapping: .clip).entries)
  }

  /// The sources that reconstruct each Xcode-written set written in forms gamut writes (three-decimal floats,
  /// system references), from color files through the gamut policy to the bytes.
  @Test(arguments: [
    (
      "mac-cain13--R.swift--TestColor",
      ##"C: { any: "#F00", dark: "#0F0", hc: "rgb(50% 0 0)", dark-hc: "rgb(0 50% 0)" }"##
    ),
    (
      "ViennaRSS--vienna-rss--OverlayStatusBarPrimaryText",
      ##"C: { any: "rgb(0 0 0 / 0.7)", dark: "rgb(255 255 255 / 92%)", hc: "rgb(0 0 0 / 0.85)", dark-hc: "#FFF" }"##
    ),
    ("Ranchero-Software--NetNewsWire--localColor-Mac", ##"C: { any: "#007AFF", dark: "#0A84FF" }"##),
    (
      "Ranchero-Software--NetNewsWire--AccentColor-Widget",
      ##"C: { any: "color(srgb 0.031 0.416 0.933)", dark: "color(display-p3 0.426 0.611 0.929)" }"##
    ),
    (
      "duckduckgo--iOS--WaitlistNotificationsBackgroundColor",
      ##"C: { any: "#FFFFFF", dark: "color(display-p3 0.092 0.093 0.093)" }"##
    ),
    ("insidegui--WWDC--contentBackgroundColor", ##"C: "color(display-p3 0.125 0.129 0.137)""##),
    (
      "Sequel-Ace--Sequel-Ace--favoriteBlue",
      ##"C: { mac: { any: "color(srgb 0.463 0.725 0.91)", light: "color(srgb 0.463 0.725 0.91)", dark: "color(srgb 0.229 0.359 0.45)" } }"##
    ),
    (
      "home-assistant--iOS--WidgetBackground",
      ##"C: { any: { system: systemBackground }, dark: { system: systemBackgroundColor, platform: ios } }"##
    ),
    ("apple--sample-food-truck--AccentColor", ##"C: { system: systemIndigo }"##),
  ])
  func colorFilesReproduceXcodeBytes(_ name: String, _ yaml: String) throws {
    #expect(try Self.written(yaml) == Self.golden(name))
  }

  /// The NetNewsWire iOS sets hold the same colors as hex (`"0x7A"`) or 8-bit integers (`"43"`), forms gamut does
  /// not write: gamut writes them as floats, the form of `localColor-Mac`, which holds the same colors.
  @Test func hexAndIntegerSetsAreWrittenAsFloats() throws {
    #expect(
      try Self.written(##"C: { any: "#007AFF", dark: "#0A84FF" }"##)
        == Self.golden("Ranchero-Software--NetNewsWire--localColor-Mac"))
    let integers = try Self.golden("Ranchero-Software--NetNewsWire--feedlyColor-iOS")
    #expect(
      try Self.written(##"C: { any: "rgb(43 177 76)", dark: "rgb(23 157 56)" }"##)
        == Self.normalized(integers))
  }

  /// Every Xcode-written set, read back into entries and written again: the entry order, keys, spacing and
  /// component format are Xcode's. Forms gamut does not write are normalised in the expected text first: hex and
  /// integer components become three-decimal floats (value / 255); `gray-gamma-22`, `extended-srgb`, `subtype` and
  /// `properties` sets are left out (`timelineSeparatorColor`, `cover`; `AssetColorTest` without its mac-catalyst
  /// entries and `localizable`, checked for order below).
  @Test func everyXcodeSetRoundTrips() throws {
    let names = try FileManager.default.contentsOfDirectory(atPath: TestData.shared("xcode/colorset").path).sorted()
    var compared = 0
    for name in names where !name.contains("timelineSeparatorColor") && !name.contains("cover") {
      let text = try Self.golden(name)
      guard !text.contains("subtype") else { continue }
      let entries = try Self.entries(text).shuffled()
      #expect(ContentsFile.colorSet(entries) == Self.normalized(text), "\(name)")
      compared += 1
    }
    #expect(compared == 14)
  }

  /// AssetColorTest (91 entries over eight idiom blocks, each with sRGB and display-P3 groups, some also with a
  /// group without gamut): without its 12 mac-catalyst entries (gamut writes no `subtype`), the order gamut sorts
  /// the entries into is the order Xcode wrote them in.
  @Test func assetColorTestOrder() throws {
    let entries = try Self.entries(Self.golden("autoasset--abrarion--AssetColorTest-testParseContent"))
    #expect(entries.count == 79)
    #expect(entries.shuffled().sorted(by: ColorSetContentsEntry.precedes) == entries)
    #expect(Set(entries.map(\.slot.idiom)) == [.universal, .iphone, .ipad, .car, .watch, .tv, .mac])
  }

  /// The entries of a `Contents.json` (srgb/display-p3 components or system references).
  static func entries(_ text: String) throws -> [ColorSetContentsEntry] {
    let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    let colors = try #require(object["colors"] as? [[String: Any]])
    return try colors.compactMap { entry -> ColorSetContentsEntry? in
      if entry["subtype"] != nil { return nil }
      var slot = ColorDefinition.Slot(idiom: try #require(RenditionTraits.Idiom(rawValue: entry["idiom"] as! String)))
      for appearance in entry["appearances"] as? [[String: String]] ?? [] {
        if appearance["appearance"] == "contrast" { slot.highContrast = true }
        if appearance["appearance"] == "luminosity" {
          slot.appearance = try #require(RenditionTraits.Appearance(rawValue: appearance["value"]!))
        }
      }
      let gamut = (entry["display-gamut"] as? String).flatMap(RenditionTraits.DisplayGamut.init(rawValue:))
      guard let color = entry["color"] as? [String: Any] else {
        return ColorSetContentsEntry(slot: slot, gamut: gamut, variant: nil)
      }
      if let reference = color["reference"] as? String {
        let platform = try #require(color["platform"] as? String)
        return ColorSetContentsEntry(
          slot: slot, gamut: gamut, variant: .system(SystemColorReference(platform: platform, reference: reference)))
      }
      let space = try #require(ColorValue.Space(rawValue: color["color-space"] as! String))
      let components = try #require(color["components"] as? [String: String])
      let value = ColorValue(
        space: space,
        components: SIMD3(number(components["red"]!), number(components["green"]!), number(components["blue"]!)),
        alpha: number(components["alpha"]!))
      return ColorSetContentsEntry(slot: slot, gamut: gamut, variant: .color(value))
    }
  }

  /// A component in any of Xcode's forms: `"0.478"`, `"0x7A"` or `"122"` (8-bit).
  static func number(_ text: String) -> Double {
    if text.hasPrefix("0x") { return Double(Int(text.dropFirst(2), radix: 16)!) / 255 }
    if !text.contains(".") { return Double(Int(text)!) / 255 }
    return Double(text)!
  }

  /// `text` with hex and integer components rewritten as three-decimal floats, and `properties` removed.
  static func normalized(_ text: String) -> String {
    var lines: [String] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let parts = line.split(separator: "\"", omittingEmptySubsequences: false)
      if parts.count == 5, ["red", "green", "blue"].contains(String(parts[1])), !parts[3].contains(".") {
        lines.append(
          parts[0] + "\"" + parts[1] + "\" : \"" + ColorValue.threeDecimals(number(String(parts[3]))) + "\"" + parts[4])
      } else {
        lines.append(String(line))
      }
    }
    return lines.joined(separator: "\n")
  }
}
