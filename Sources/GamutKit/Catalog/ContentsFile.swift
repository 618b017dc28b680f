/// Builds the `Contents.json` documents of a catalog: the root, group folders, image sets and symbol sets.
enum ContentsFile {
  /// `"info" : { "author" : "xcode", "version" : 1 }`, as Xcode writes it.
  ///
  /// Computed, not a stored global: a global `indirect enum` holds its box through a pointer with spare bits set,
  /// which LeakSanitizer does not recognise, so the `colors` fuzz target reported the one-time box as a leak.
  static var info: XcodeJSON { .object(["author": .string("xcode"), "version": .integer(1)]) }

  /// The catalog root's `Contents.json`, with the root `properties` the rules set (`compression-type`,
  /// `generate-swift-asset-symbol-extensions`).
  static func root(_ rules: CatalogRules = CatalogRules()) -> String {
    document(["info": info], properties: rules.rootMembers)
  }

  /// A group folder's `Contents.json`; `providesNamespace` prefixes its assets' names with the folder name.
  static func folder(
    providesNamespace: Bool, compressionType: AssetProperties.CompressionType? = nil
  ) -> String {
    var properties: [String: XcodeJSON] = [:]
    if let compressionType { properties["compression-type"] = .string(compressionType.rawValue) }
    if providesNamespace { properties["provides-namespace"] = .bool(true) }
    return document(["info": info], properties: properties)
  }

  /// An image set's `Contents.json`: one entry per rendition file in Xcode's order, and under the `xcode` slot
  /// policy an entry without `filename` for every slot Xcode would list and nothing fills (see ``slots(for:)``).
  static func imageSet(
    renditions: [(traits: RenditionTraits, fileName: String)], properties: AssetProperties = AssetProperties(),
    slots: CatalogRules.SlotPolicy = .xcode
  ) -> String {
    var files: [RenditionTraits: String] = [:]
    for rendition in renditions { files[rendition.traits] = rendition.fileName }
    let listed = slots == .xcode ? Self.slots(for: Set(files.keys)) : files.keys.sorted()
    let images = listed.map { $0.contentsEntry(fileName: files[$0]) }
    return document(["images": .array(images), "info": info], properties: properties.contentsMembers)
  }

  /// A symbol set's `Contents.json`: `info`, then the one universal symbol file.
  static func symbolSet(fileName: String) -> String {
    let symbol: XcodeJSON = .object(["filename": .string(fileName), "idiom": .string("universal")])
    return document(["info": info, "symbols": .array([symbol])], properties: [:])
  }

  /// The slots Xcode lists for an image set whose renditions fill `filled`, sorted: for each idiom present, every
  /// scale of its template (``RenditionTraits/Idiom/scales``; only the single scale when every rendition is
  /// single-scale, and the single scale too when some are: "Individual and Single Scales"), every gamut present, and
  /// every appearance its settings imply: any always; dark with dark or light ("Any, Dark" or "Any, Light, Dark");
  /// light with light; each of them again in high contrast when any rendition is.
  static func slots(for filled: Set<RenditionTraits>) -> [RenditionTraits] {
    let single = filled.allSatisfy(\.isSingleScale)
    let appearancesPresent = Set(filled.map(\.appearance))
    var appearances: [RenditionTraits.Appearance] = [.any]
    if appearancesPresent.contains(.light) { appearances.append(.light) }
    if appearancesPresent.contains(.light) || appearancesPresent.contains(.dark) { appearances.append(.dark) }
    let contrasts = filled.contains(where: \.highContrast) ? [false, true] : [false]
    let gamuts = Set(filled.map(\.gamut))
    var slots = filled
    for idiom in Set(filled.map(\.idiom)) {
      let scales =
        single
        ? [RenditionTraits.singleScale] : Array(Set(idiom.scales + filled.filter { $0.idiom == idiom }.map(\.scale)))
      for scale in scales {
        for gamut in gamuts {
          for appearance in appearances {
            for highContrast in contrasts {
              slots.insert(
                RenditionTraits(
                  idiom: idiom, scale: scale, appearance: appearance, highContrast: highContrast, gamut: gamut))
            }
          }
        }
      }
    }
    return slots.sorted()
  }

  /// The document with `properties` added when it has any member.
  private static func document(_ members: [String: XcodeJSON], properties: [String: XcodeJSON]) -> String {
    var members = members
    if !properties.isEmpty { members["properties"] = .object(properties) }
    return XcodeJSON.object(members).rendered()
  }
}
