/// Reads the slot of a `Contents.json` entry as ``RenditionTraits`` (the inverse of
/// ``RenditionTraits/contentsEntry(fileName:)``), refusing what gamut would not write back the same.
enum ImportTraits {
  static func traits(of entry: CatalogEntry, allowedKeys: Set<String>) throws(KeepReason) -> RenditionTraits {
    if let extra = entry.members.first(where: { !allowedKeys.contains($0.key) }) {
      let value = extra.value.string.map { " (" + QuotedValue.shortened($0) + ")" } ?? ""
      throw KeepReason(.key, "entry key " + QuotedValue.quote(extra.key) + value)
    }
    guard let traits = entry.traits else {
      throw KeepReason(
        .key,
        "a slot gamut does not model (idiom \(entry.idiom ?? "none"), scale \(entry.scale ?? "none"), "
          + "appearance \(entry.luminosity ?? "any"), gamut \(entry.displayGamut ?? "any"))")
    }
    let kinds = entry.appearances.map(\.appearance)
    let known = entry.appearances.allSatisfy {
      ($0.appearance == "luminosity" && ["light", "dark"].contains($0.value))
        || ($0.appearance == "contrast" && $0.value == "high")
    }
    guard known, Set(kinds).count == kinds.count, kinds.first != "contrast" || kinds.count == 1 else {
      throw KeepReason(.key, "appearances gamut does not write this way")
    }
    return traits
  }
}
