/// One named color from a source file, with every variant it defines.
package struct ColorDefinition: Sendable, Equatable {
  /// One variant's place in the color set: device idiom, luminosity appearance and contrast.
  package struct Slot: Sendable, Hashable, Comparable, Codable {
    package var idiom: RenditionTraits.Idiom
    package var appearance: RenditionTraits.Appearance
    package var highContrast: Bool

    package init(
      idiom: RenditionTraits.Idiom = .universal, appearance: RenditionTraits.Appearance = .any,
      highContrast: Bool = false
    ) {
      self.idiom = idiom
      self.appearance = appearance
      self.highContrast = highContrast
    }

    /// Idioms in the order Xcode lists them in a color set (not the image-set order): universal, iphone, ipad,
    /// car, watch, tv, mac; vision (not seen in any Xcode-written file) last.
    static let idiomOrder: [RenditionTraits.Idiom] = [.universal, .iphone, .ipad, .car, .watch, .tv, .mac, .vision]

    /// Xcode's order within a gamut block: any, light, dark, then the same with high contrast.
    var rank: [Int] {
      [
        Self.idiomOrder.firstIndex(of: idiom)!,
        RenditionTraits.Appearance.allCases.firstIndex(of: appearance)! + (highContrast ? 3 : 0),
      ]
    }

    package static func < (lhs: Slot, rhs: Slot) -> Bool { lhs.rank.lexicographicallyPrecedes(rhs.rank) }

    /// The key a color file uses for this slot inside its idiom: `any`, `light`, `dark`, `hc`, `light-hc`,
    /// `dark-hc`.
    package var key: String {
      switch (appearance, highContrast) {
      case (.any, false): "any"
      case (.any, true): "hc"
      case (let appearance, false): appearance.rawValue
      case (let appearance, true): appearance.rawValue + "-hc"
      }
    }

    /// The slot a color file's key names, or `nil` for an unknown key.
    package init?(key: String, idiom: RenditionTraits.Idiom = .universal) {
      let table: [String: (RenditionTraits.Appearance, Bool)] = [
        "any": (.any, false), "light": (.light, false), "dark": (.dark, false), "hc": (.any, true),
        "light-hc": (.light, true), "dark-hc": (.dark, true),
      ]
      guard let (appearance, highContrast) = table[key] else { return nil }
      self.init(idiom: idiom, appearance: appearance, highContrast: highContrast)
    }
  }

  /// What a variant holds: a color, a reference to a system color that the OS resolves, or nothing: an unfilled
  /// slot, which Xcode lists as an entry without `color` (its templates do: a new app's `AccentColor`).
  package enum Variant: Sendable, Equatable {
    case color(ColorValue)
    case system(SystemColorReference)
    case unfilled

    /// The color, when the variant holds one.
    package var color: ColorValue? {
      if case .color(let value) = self { return value }
      return nil
    }
  }

  /// The folders between the source folder and the color file: the catalog group.
  package var groupPath: [String]
  /// The color name, which is also the colorset's folder name without `.colorset`.
  package var name: String
  /// The file it comes from, relative to the source folder, and the line of its key (1-based; 0 when unknown).
  package var source: String
  package var line: Int
  package var variants: [Slot: Variant]

  package init(groupPath: [String], name: String, source: String, line: Int, variants: [Slot: Variant]) {
    self.groupPath = groupPath
    self.name = name
    self.source = source
    self.line = line
    self.variants = variants
  }

  /// `group/name`, used in messages and the manifest.
  package var qualifiedName: String { (groupPath + [name]).joined(separator: "/") }

  /// The colorset folder, relative to the catalog root.
  package var colorSetPath: String { (groupPath + [name + ".colorset"]).joined(separator: "/") }

  /// `file:line`, the location messages and the manifest's color records name (the form compilers and Xcode's
  /// issue navigator use). A finding carries the file and the line apart (``Diagnostic/init(about:severity:code:message:)``).
  package var location: String { line > 0 ? "\(source):\(line)" : source }

  /// The variant that applies in `slot`, falling back as gamut models the system: an idiom without the variant
  /// uses universal; a dark appearance takes a dark variant (high contrast first, then normal) before an
  /// any-appearance one; a light appearance takes light or any-appearance variants, high contrast first; a
  /// normal-contrast slot never takes a high-contrast variant.
  package func resolved(_ slot: Slot) -> Variant? {
    let contrasts = slot.highContrast ? [true, false] : [false]
    var order: [(RenditionTraits.Appearance, Bool)] = []
    switch slot.appearance {
    case .dark:
      order = contrasts.map { (.dark, $0) } + contrasts.map { (.any, $0) }
    case .light:
      order = contrasts.flatMap { [(.light, $0), (.any, $0)] }
    case .any:
      order = contrasts.map { (.any, $0) }
    }
    for idiom in slot.idiom == .universal ? [.universal] : [slot.idiom, .universal] {
      for (appearance, highContrast) in order {
        if let variant = variants[Slot(idiom: idiom, appearance: appearance, highContrast: highContrast)] {
          return variant
        }
      }
    }
    return nil
  }
}

extension Diagnostic {
  /// A finding about `color`: its file, and the line it is defined on (none when unknown).
  package init(about color: ColorDefinition, severity: Severity, code: DiagnosticCode, message: String) {
    self.init(
      path: color.source, severity: severity, code: code, message: message, line: color.line > 0 ? color.line : nil)
  }
}
