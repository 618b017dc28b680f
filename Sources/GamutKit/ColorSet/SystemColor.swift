/// A system color's published values (light, dark, and the increased-contrast "accessible" light and dark), for
/// resolving references in contrast checks and for spotting custom colors that copy one. See
/// `SystemColorTable.swift` for where the values come from.
package struct SystemColor: Sendable, Equatable {
  /// The HIG table the values come from.
  package enum Platform: String, Sendable {
    case iOS, macOS
  }

  package var platform: Platform
  /// The name a color set reference uses, for example `systemIndigoColor`.
  package var reference: String
  /// The English name in the HIG table, for example `Indigo`.
  package var name: String
  package var light: ColorValue
  package var dark: ColorValue
  package var accessibleLight: ColorValue
  package var accessibleDark: ColorValue

  init(
    platform: Platform, reference: String, name: String, light: (Int, Int, Int), dark: (Int, Int, Int),
    accessibleLight: (Int, Int, Int), accessibleDark: (Int, Int, Int)
  ) {
    func color(_ rgb: (Int, Int, Int)) -> ColorValue {
      ColorValue(space: .sRGB, components: SIMD3(Double(rgb.0), Double(rgb.1), Double(rgb.2)) / 255)
    }
    self.platform = platform
    self.reference = reference
    self.name = name
    self.light = color(light)
    self.dark = color(dark)
    self.accessibleLight = color(accessibleLight)
    self.accessibleDark = color(accessibleDark)
  }

  /// The value in an appearance: light or dark, normal or increased contrast.
  package func value(dark isDark: Bool, highContrast: Bool) -> ColorValue {
    switch (isDark, highContrast) {
    case (false, false): light
    case (true, false): dark
    case (false, true): accessibleLight
    case (true, true): accessibleDark
    }
  }

  /// The table entry a reference resolves to: the macOS table for `osx`, else the iOS one; `nil` when the HIG
  /// tables do not list the color (label, background and other semantic colors).
  package static func resolve(_ reference: SystemColorReference) -> SystemColor? {
    let platform: Platform = reference.platform == "osx" ? .macOS : .iOS
    return table.first { $0.platform == platform && $0.reference == reference.reference }
  }
}
