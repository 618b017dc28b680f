/// One entry of a colorset's `Contents.json`: its slot, its display gamut (or none), and what it holds.
package struct ColorSetContentsEntry: Sendable, Equatable {
  package var slot: ColorDefinition.Slot
  /// `sRGB` or `display-P3`, or `nil` for an entry that serves every display.
  package var gamut: RenditionTraits.DisplayGamut?
  /// The color or system reference; `nil` for an unfilled slot (Xcode writes the entry without `color`).
  package var variant: ColorDefinition.Variant?

  package init(
    slot: ColorDefinition.Slot, gamut: RenditionTraits.DisplayGamut? = nil, variant: ColorDefinition.Variant?
  ) {
    self.slot = slot
    self.gamut = gamut
    self.variant = variant
  }

  /// Xcode's order: idiom, then gamut (none, sRGB, display-P3), then appearance (any, light, dark, high contrast,
  /// light + high, dark + high).
  static func precedes(_ lhs: ColorSetContentsEntry, _ rhs: ColorSetContentsEntry) -> Bool {
    func gamutRank(_ gamut: RenditionTraits.DisplayGamut?) -> Int {
      gamut.map { RenditionTraits.DisplayGamut.allCases.firstIndex(of: $0)! + 1 } ?? 0
    }
    let left = [lhs.slot.rank[0], gamutRank(lhs.gamut), lhs.slot.rank[1]]
    let right = [rhs.slot.rank[0], gamutRank(rhs.gamut), rhs.slot.rank[1]]
    return left.lexicographicallyPrecedes(right)
  }

  /// The entry as Xcode writes it: keys `appearances`, `color`, `display-gamut`, `idiom` (sorted by the writer).
  var contents: XcodeJSON {
    var entry: [String: XcodeJSON] = ["idiom": .string(slot.idiom.rawValue)]
    var appearances: [XcodeJSON] = []
    if slot.appearance != .any {
      appearances.append(.object(["appearance": .string("luminosity"), "value": .string(slot.appearance.rawValue)]))
    }
    if slot.highContrast {
      appearances.append(.object(["appearance": .string("contrast"), "value": .string("high")]))
    }
    if !appearances.isEmpty { entry["appearances"] = .array(appearances) }
    if let gamut { entry["display-gamut"] = .string(gamut.rawValue) }
    switch variant {
    case .color(let value):
      entry["color"] = .object([
        "color-space": .string(value.space.rawValue),
        "components": .object([
          "alpha": .string(ColorValue.threeDecimals(value.alpha)),
          "red": .string(ColorValue.threeDecimals(value.components.x)),
          "green": .string(ColorValue.threeDecimals(value.components.y)),
          "blue": .string(ColorValue.threeDecimals(value.components.z)),
        ]),
      ])
    case .system(let reference):
      entry["color"] = .object(["platform": .string(reference.platform), "reference": .string(reference.reference)])
    case .unfilled, nil:
      break
    }
    return .object(entry)
  }
}

extension ContentsFile {
  /// A colorset's `Contents.json`: the entries in Xcode's order, components as strings with three decimals.
  package static func colorSet(_ entries: [ColorSetContentsEntry]) -> String {
    let colors = entries.sorted(by: ColorSetContentsEntry.precedes).map(\.contents)
    return XcodeJSON.object(["colors": .array(colors), "info": info]).rendered()
  }
}
