/// One entry of a set's `images`, `colors` or `symbols` array, as written: every member in its order (unknown keys
/// included), the line it starts on, and typed views of the keys gamut knows.
package struct CatalogEntry: Sendable, Equatable {
  /// One `appearances` element: `luminosity` / `light`, `dark` or `tinted`; `contrast` / `high`.
  package struct Appearance: Sendable, Equatable, Hashable {
    package var appearance: String
    package var value: String

    package init(appearance: String, value: String) {
      self.appearance = appearance
      self.value = value
    }
  }

  /// The 1-based line of the entry's opening brace in its `Contents.json`.
  package var line: Int
  /// The entry's members as written.
  package var members: [JSONNode.Member]
  /// The `appearances` elements that are objects with string `appearance` and `value` members.
  package var appearances: [Appearance]
  /// The `color` of a color-set entry, when it has one that is an object.
  package var color: CatalogColor?

  package init(line: Int, members: [JSONNode.Member]) {
    self.line = line
    self.members = members
    appearances = (members.first { $0.key == "appearances" }?.value.elements ?? []).compactMap { element in
      guard let appearance = element["appearance"]?.string, let value = element["value"]?.string else { return nil }
      return Appearance(appearance: appearance, value: value)
    }
    color = members.first { $0.key == "color" }.flatMap { CatalogColor($0.value) }
  }

  /// The text of the string member `key`; nil when absent or not a string.
  package func string(_ key: String) -> String? {
    members.first { $0.key == key }?.value.string
  }

  /// `filename`: the file the entry names; nil for an unfilled slot.
  package var filename: String? { string("filename") }
  /// `idiom`: `universal`, `iphone`, `mac`, `ios-marketing`...
  package var idiom: String? { string("idiom") }
  /// `scale`: `1x`, `2x`, `3x`; nil for a single-scale entry.
  package var scale: String? { string("scale") }
  /// `display-gamut`: `sRGB` or `display-P3`; nil for an entry that serves every display.
  package var displayGamut: String? { string("display-gamut") }
  /// `subtype`: `mac-catalyst`, `38mm`, `retina4`...
  package var subtype: String? { string("subtype") }
  /// `size` of an app-icon entry: `60x60`, `83.5x83.5`, `1024x1024`.
  package var size: String? { string("size") }
  /// `platform` of an app-icon entry: `ios`, `watchos`...
  package var platform: String? { string("platform") }
  /// `role` of a watch app-icon entry.
  package var role: String? { string("role") }

  /// The scale as a number (`2x` is 2), ``RenditionTraits/singleScale`` when there is none, nil when unreadable.
  package var scaleFactor: Int? {
    guard members.contains(where: { $0.key == "scale" }) else { return RenditionTraits.singleScale }
    guard let scale, scale.hasSuffix("x"), let factor = Int(scale.dropLast()), (1...3).contains(factor) else {
      return nil
    }
    return factor
  }

  /// The luminosity appearance (`light`, `dark`, `tinted`), nil for any.
  package var luminosity: String? {
    appearances.first { $0.appearance == "luminosity" }?.value
  }

  /// Whether the entry is for increased contrast.
  package var highContrast: Bool {
    appearances.contains { $0.appearance == "contrast" && $0.value == "high" }
  }

  /// The entry's slot as gamut's traits, or nil when a trait is one gamut does not model (an idiom such as
  /// `ios-marketing`, a `tinted` appearance, an unknown scale or gamut).
  package var traits: RenditionTraits? {
    guard let idiom = RenditionTraits.Idiom(rawValue: idiom ?? "universal"), let scale = scaleFactor else {
      return nil
    }
    let appearance: RenditionTraits.Appearance
    switch luminosity {
    case nil: appearance = .any
    case "light": appearance = .light
    case "dark": appearance = .dark
    default: return nil
    }
    var gamut: RenditionTraits.DisplayGamut?
    if let displayGamut {
      guard let known = RenditionTraits.DisplayGamut(rawValue: displayGamut) else { return nil }
      gamut = known
    }
    return RenditionTraits(idiom: idiom, scale: scale, appearance: appearance, highContrast: highContrast, gamut: gamut)
  }
}
