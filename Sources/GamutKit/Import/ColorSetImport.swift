/// A color set (`Name.colorset`) expressed as one color of a `*.colors.yml` file in its group: every variant
/// (idiom, appearance, contrast) with its value or system reference.
enum ColorSetImport {
  /// The colors file an import writes into each group folder.
  static let fileName = "Colors.colors.yml"

  static func translate(_ entry: ImportInventory.Entry, set: CatalogSet) throws(KeepReason) -> TranslatedEntry {
    _ = try ImportNames.qualifiedName(entry)
    guard set.hasXcodeInfo else { throw KeepReason("info is not Xcode's (author xcode, version 1)") }
    if let extra = set.topLevelKeys.first(where: { $0 != "colors" && $0 != "info" }) {
      throw KeepReason("color set key '\(extra)'\(set.localizable ? " (localizable)" : "")")
    }
    guard !set.entries.isEmpty else { throw KeepReason("no colors") }
    let gamuts = set.entries.map(\.displayGamut)
    guard gamuts.allSatisfy({ $0 == nil }) || gamuts.filter({ $0 == "sRGB" }).count * 2 == gamuts.count else {
      throw KeepReason("display-gamut entries that are not sRGB and Display P3 pairs")
    }
    var universal: [String: String] = [:]
    var byIdiom: [String: [String: String]] = [:]
    for color in set.entries {
      guard color.scale == nil else { throw KeepReason("a color entry with a scale") }
      var traits = try ImportTraits.traits(of: color, allowedKeys: ["idiom", "appearances", "color", "display-gamut"])
      traits.scale = 1
      // A display-gamut pair is written as its Display P3 color: gamut makes the sRGB half itself (the check
      // then tells whether it made the same one).
      if traits.gamut == .sRGB { continue }
      let value = try self.value(color)
      let key = variantKey(traits)
      let idiom = traits.idiom == .universal ? "" : traits.idiom.rawValue
      if idiom.isEmpty {
        guard universal.updateValue(value, forKey: key) == nil else { throw KeepReason("a variant listed twice") }
      } else {
        guard byIdiom[idiom, default: [:]].updateValue(value, forKey: key) == nil else {
          throw KeepReason("a variant listed twice")
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

  /// A `color` object as a colors-file value: `"color(srgb 0.039 0.518 1.000 / 1.000)"` or a system reference.
  /// Components must be in gamut's own form (three decimals, 0...1): any other (Xcode's `"0x7A"`, `"122"`, more
  /// digits, extended values) would come back written otherwise.
  private static func value(_ entry: CatalogEntry) throws(KeepReason) -> String {
    guard let color = entry.color, let node = entry.members.first(where: { $0.key == "color" })?.value else {
      throw KeepReason("an empty color slot (a variant without a color; a colors file cannot say that)")
    }
    let keys = node.members?.map(\.key) ?? []
    if let reference = color.reference {
      guard let platform = color.platform, Set(keys) == ["platform", "reference"] else {
        throw KeepReason("a system reference with other keys")
      }
      return "{ system: \(ImportConfiguration.quoted(reference)), platform: \(ImportConfiguration.quoted(platform)) }"
    }
    guard Set(keys) == ["color-space", "components"], let space = color.colorSpace else {
      throw KeepReason("a color without color-space and components")
    }
    guard space == "srgb" || space == "display-p3" else { throw KeepReason("color space '\(space)'") }
    let names = ["red", "green", "blue", "alpha"]
    guard Set(color.components.map(\.name)) == Set(names), color.components.count == 4 else {
      throw KeepReason("components other than red, green, blue, alpha")
    }
    var texts: [String] = []
    for name in names {
      let text = color.component(name) ?? ""
      guard isGamutDecimal(text) else {
        throw KeepReason("component \(name) written as '\(text)' (gamut writes 0.000-1.000)")
      }
      texts.append(text)
    }
    return "\"color(\(space) \(texts[0]) \(texts[1]) \(texts[2]) / \(texts[3]))\""
  }

  /// `0.478` or `1.000`: one digit, a point, three digits, at most 1.
  private static func isGamutDecimal(_ text: String) -> Bool {
    let bytes = Array(text.utf8)
    guard bytes.count == 5, bytes[1] == UInt8(ascii: "."), bytes[0] == UInt8(ascii: "0") || text == "1.000" else {
      return false
    }
    return bytes[2...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
  }
}
