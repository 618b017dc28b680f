/// An appearance an Icon Composer icon is drawn in: the `appearance` of a specialization.
package enum IconAppearance: String, Sendable, Codable, CaseIterable {
  case light, dark, tinted
}

/// A shape and platform an Icon Composer icon is drawn for: the `idiom` of a specialization.
package enum IconIdiom: String, Sendable, Codable, CaseIterable {
  case square, iOS, macOS, watchOS
}

/// One value per appearance, in the order light, dark, tinted (the order `--json` prints them in).
package struct PerAppearance<Value: Sendable & Codable & Equatable>: Sendable, Codable, Equatable {
  package var light: Value
  package var dark: Value
  package var tinted: Value

  /// The values `make` gives for each appearance.
  package init(_ make: (IconAppearance) -> Value) {
    light = make(.light)
    dark = make(.dark)
    tinted = make(.tinted)
  }

  /// The values with `transform` applied to each.
  package func map<Other: Sendable & Codable & Equatable>(_ transform: (Value) -> Other) -> PerAppearance<Other> {
    PerAppearance<Other> { transform(self[$0]) }
  }

  package subscript(_ appearance: IconAppearance) -> Value {
    switch appearance {
    case .light: light
    case .dark: dark
    case .tinted: tinted
    }
  }
}
