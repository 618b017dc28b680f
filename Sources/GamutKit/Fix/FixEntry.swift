/// One entry of a set's entries array (`images` or `colors`) while a fix changes the set: its members as Xcode writes
/// them (unknown keys kept), and the line of the entry it was, for matching findings.
struct FixEntry: Sendable {
  var members: [String: XcodeJSON]
  /// The original entry's line; nil for an entry the fix adds.
  var line: Int?

  /// The entries of `document`'s array `key`; nil when one is not an object or names a key twice (such a file is
  /// not rewritten).
  static func entries(of document: JSONNode, key: String) -> [FixEntry]? {
    var entries: [FixEntry] = []
    for element in document[key]?.elements ?? [] {
      guard let members = XcodeJSON(element)?.objectMembers else { return nil }
      entries.append(FixEntry(members: members, line: element.line))
    }
    return entries
  }

  private func string(_ key: String) -> String? {
    if case .string(let text) = members[key] { return text }
    return nil
  }

  /// `filename`, or nil for an unfilled slot; setting nil empties the slot.
  var filename: String? {
    get { string("filename") }
    set { members["filename"] = newValue.map { .string($0) } }
  }

  /// `display-gamut`: `sRGB`, `display-P3`, or nil for any gamut.
  var gamut: String? {
    get { string("display-gamut") }
    set { members["display-gamut"] = newValue.map { .string($0) } }
  }

  /// The `appearances` elements as (appearance, value) pairs.
  private var appearances: [(String, String)] {
    guard case .array(let elements) = members["appearances"] else { return [] }
    return elements.compactMap { element in
      guard case .object(let pair) = element, case .string(let kind)? = pair["appearance"],
        case .string(let value)? = pair["value"]
      else { return nil }
      return (kind, value)
    }
  }

  /// The luminosity appearance (`light`, `dark`), nil for any.
  var luminosity: String? { appearances.first { $0.0 == "luminosity" }?.1 }
  /// Whether the entry is for increased contrast.
  var highContrast: Bool { appearances.contains { $0.0 == "contrast" && $0.1 == "high" } }

  /// The entry without the members named, as one line of text: entries with equal keys differ only in those.
  func key(dropping names: Set<String>) -> String {
    XcodeJSON.object(members.filter { !names.contains($0.key) }).renderedCompact()
  }

  /// The slot: everything but the file and the gamut (the entries of one slot's gamut pair share it).
  var slotKey: String { key(dropping: ["filename", "display-gamut"]) }

  /// The slot's family: everything but the file, the gamut and the luminosity (a slot's any, light and dark share
  /// it).
  var familyKey: String {
    var copy = self
    if case .array(let elements) = members["appearances"] {
      let kept = elements.filter { element in
        guard case .object(let pair) = element, case .string("luminosity")? = pair["appearance"] else { return true }
        return false
      }
      copy.members["appearances"] = kept.isEmpty ? nil : .array(kept)
    }
    return copy.key(dropping: ["filename", "display-gamut"])
  }

  /// Xcode's order within a block of entries (one idiom, scale and whatever else `blockKeys` leave): gamut (none,
  /// sRGB, display-P3), then appearance (any, light, dark, then each with high contrast). Blocks keep the order of
  /// their first entries, and entries of equal rank keep theirs, so a set Xcode wrote stays in its order.
  static func xcodeOrder(_ entries: [FixEntry], droppingForBlocks names: Set<String>) -> [FixEntry] {
    var blocks: [String: Int] = [:]
    for entry in entries where blocks[entry.key(dropping: names)] == nil {
      blocks[entry.key(dropping: names)] = blocks.count
    }
    let ranked = entries.enumerated().map { index, entry in
      (entry, [blocks[entry.key(dropping: names)]!, entry.gamutRank, entry.appearanceRank, index])
    }
    return ranked.sorted { $0.1.lexicographicallyPrecedes($1.1) }.map(\.0)
  }

  private var gamutRank: Int {
    switch gamut {
    case nil: 0
    case RenditionTraits.DisplayGamut.sRGB.rawValue: 1
    case RenditionTraits.DisplayGamut.displayP3.rawValue: 2
    default: 3
    }
  }

  private var appearanceRank: Int {
    let luminosityRank = ["light": 1, "dark": 2][luminosity ?? ""] ?? (luminosity == nil ? 0 : 3)
    return luminosityRank + (highContrast ? 4 : 0)
  }

  /// `document` with its array `key` replaced by `entries`, in Xcode's layout; nil when the document names a key
  /// twice.
  static func render(_ document: JSONNode, key: String, entries: [FixEntry]) -> [UInt8]? {
    guard var members = XcodeJSON(document)?.objectMembers else { return nil }
    members[key] = .array(entries.map { .object($0.members) })
    return XcodeJSON.object(members).renderedBytes()
  }
}
