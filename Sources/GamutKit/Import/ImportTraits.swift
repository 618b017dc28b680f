/// Reads the slot of a `Contents.json` image entry: idiom, scale, appearances and display gamut, as
/// ``RenditionTraits`` (the inverse of ``RenditionTraits/contentsEntry(fileName:)``).
enum ImportTraits {
  static func traits(of entry: [String: Any]) throws(KeepReason) -> RenditionTraits {
    var traits = RenditionTraits()
    let idiomName = entry["idiom"] as? String ?? ""
    guard let idiom = RenditionTraits.Idiom(rawValue: idiomName) else { throw KeepReason("idiom '\(idiomName)'") }
    traits.idiom = idiom
    switch entry["scale"] {
    case nil: traits.scale = RenditionTraits.singleScale
    case let text as String where ["1x", "2x", "3x"].contains(text): traits.scale = Int(text.prefix(1))!
    case let other?: throw KeepReason("scale '\(other)'")
    }
    if let gamut = entry["display-gamut"] {
      guard let text = gamut as? String, let value = RenditionTraits.DisplayGamut(rawValue: text) else {
        throw KeepReason("display-gamut '\(gamut)'")
      }
      traits.gamut = value
    }
    if let appearances = entry["appearances"] {
      try read(appearances, into: &traits)
    }
    return traits
  }

  /// Luminosity (light, dark) and contrast (high) appearances, each at most once, in the order gamut writes them.
  private static func read(_ appearances: Any, into traits: inout RenditionTraits) throws(KeepReason) {
    guard let list = appearances as? [[String: Any]] else { throw KeepReason("appearances is not a list") }
    var kinds: [String] = []
    for item in list {
      let kind = item["appearance"] as? String ?? ""
      let value = item["value"] as? String ?? ""
      guard item.count == 2 else { throw KeepReason("an appearance with other keys") }
      switch (kind, value) {
      case ("luminosity", "light"): traits.appearance = .light
      case ("luminosity", "dark"): traits.appearance = .dark
      case ("contrast", "high"): traits.highContrast = true
      default: throw KeepReason("appearance \(kind) \(value)")
      }
      kinds.append(kind)
    }
    guard Set(kinds).count == kinds.count, kinds.first != "contrast" || kinds.count == 1 else {
      throw KeepReason("appearances repeated or in another order than Xcode's")
    }
  }
}
