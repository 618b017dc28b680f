/// A color set (`Name.colorset`) expressed as one color of a `*.colors.yml` file in its group: every variant
/// (idiom, appearance, contrast) with its value or system reference.
enum ColorSetImport {
  /// The colors file an import writes into each group folder.
  static let fileName = "Colors.colors.yml"

  static func translate(_ entry: ImportInventory.Entry, set: CatalogSet) throws(KeepReason) -> TranslatedEntry {
    _ = try ImportNames.qualifiedName(entry)
    guard set.hasXcodeInfo else { throw KeepReason(.key, "info other than Xcode's (author xcode, version 1)") }
    if let extra = set.topLevelKeys.first(where: { $0 != "colors" && $0 != "info" }) {
      throw KeepReason(.key, "color set key " + QuotedValue.quote(extra) + (set.localizable ? " (localizable)" : ""))
    }
    guard !set.entries.isEmpty else { throw KeepReason(.layout, "no colors") }
    let gamuts = set.entries.map(\.displayGamut)
    guard gamuts.allSatisfy({ $0 == nil }) || gamuts.filter({ $0 == "sRGB" }).count * 2 == gamuts.count else {
      throw KeepReason(.layout, "display-gamut entries that are not sRGB and Display P3 pairs")
    }
    var universal: [String: String] = [:]
    var byIdiom: [String: [String: String]] = [:]
    for color in set.entries {
      guard color.scale == nil else { throw KeepReason(.key, "a color entry with a scale") }
      var traits = try ImportTraits.traits(of: color, allowedKeys: ["idiom", "appearances", "color", "display-gamut"])
      traits.scale = 1
      // A display-gamut pair is written as its Display P3 color: gamut makes the sRGB half itself (the check
      // then tells whether it made the same one).
      if traits.gamut == .sRGB { continue }
      let value = try self.value(color)
      let key = variantKey(traits)
      let idiom = traits.idiom == .universal ? "" : traits.idiom.rawValue
      if idiom.isEmpty {
        guard universal.updateValue(value, forKey: key) == nil else {
          throw KeepReason(.layout, "a variant listed twice")
        }
      } else {
        guard byIdiom[idiom, default: [:]].updateValue(value, forKey: key) == nil else {
          throw KeepReason(.layout, "a variant listed twice")
        }
      }
    }
    var members = variantOrder.compactMap { key in universal[key].map { key + ": " + $0 } }
    for idiom in RenditionTraits.Idiom.allCases {
      guard let variants = byIdiom[idiom.rawValue] else { continue }
      let inner = variantOrder.compactMap { key in variants[key].map { key + ": " + $0 } }
      members.append(idiom.rawValue + ": { " + inner.joined(separator: ", ") + " }")
    }
    let folder = entry.group.joined(separator: "/")
    let file = folder.isEmpty ? fileName : folder + "/" + fileName
    let line = ImportConfiguration.quoted(entry.name) + ": { " + members.joined(separator: ", ") + " }"
    return TranslatedEntry(path: entry.path, colorLines: [file: [line]], note: "color")
  }

  /// The colors file's keys, in the order written.
  private static let variantOrder = ["any", "light", "dark", "hc", "light-hc", "dark-hc"]

  private static func variantKey(_ traits: RenditionTraits) -> String {
    switch (traits.appearance, traits.highContrast) {
    case (.any, false): "any"
    case (.any, true): "hc"
    case (let appearance, false): appearance.rawValue
    case (let appearance, true): appearance.rawValue + "-hc"
    }
  }

  /// A `color` object as a colors-file value: `"color(srgb 0.039 0.518 1.000 / 1.000)"`, `"rgb(122 132 10 / 1.000)"`
  /// for Xcode's 8-bit spellings (`"0x7A"`, `"122"`), a system reference, or `~` for an unfilled slot. The source
  /// keeps each component as written (a code as a code, a decimal as its text); the rebuild writes Xcode's three
  /// decimals, which ``CatalogEquivalence`` takes for the same color.
  private static func value(_ entry: CatalogEntry) throws(KeepReason) -> String {
    guard let node = entry.members.first(where: { $0.key == "color" })?.value else { return "~" }
    guard let color = entry.color else { throw KeepReason(.color, "a color that is not an object") }
    let keys = node.members?.map(\.key) ?? []
    if let reference = color.reference {
      guard let platform = color.platform, keys.sorted() == ["platform", "reference"] else {
        throw KeepReason(.color, "a system reference with other keys")
      }
      return "{ system: \(ImportConfiguration.quoted(reference)), platform: \(ImportConfiguration.quoted(platform)) }"
    }
    guard keys.sorted() == ["color-space", "components"], let space = color.colorSpace else {
      throw KeepReason(.color, "a color without color-space and components")
    }
    guard space == "srgb" || space == "display-p3" else {
      throw KeepReason(.color, "color space " + QuotedValue.quote(space) + " (gamut writes srgb and display-p3)")
    }
    let names = ["red", "green", "blue"]
    guard color.components.map(\.name).sorted() == ["alpha", "blue", "green", "red"],
      let alpha = color.component("alpha")
    else { throw KeepReason(.color, "components other than red, green, blue, alpha") }
    let texts = names.map { color.component($0) ?? "" }
    for text in texts + [alpha] where CatalogEquivalence.eightBitCode(text) == nil {
      guard let milli = CatalogEquivalence.decimalMilli(text), milli <= 1000 else {
        throw KeepReason(
          .color, "component " + QuotedValue.quote(text) + " (gamut writes 0.000-1.000 with three decimals)")
      }
    }
    guard CatalogEquivalence.eightBitCode(alpha) == nil else {
      throw KeepReason(.color, "alpha " + QuotedValue.quote(alpha) + " without a decimal point")
    }
    let codes = texts.compactMap(CatalogEquivalence.eightBitCode)
    if codes.count == 3 && space == "srgb" {
      return "\"rgb(\(codes.map(String.init).joined(separator: " ")) / \(alpha))\""
    }
    let decimals = texts.map { text in
      CatalogEquivalence.eightBitCode(text).map { String(format: "%.6f", Double($0) / 255) } ?? text
    }
    return "\"color(\(space) \(decimals.joined(separator: " ")) / \(alpha))\""
  }
}
