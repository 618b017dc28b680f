/// WCAG 2 contrast between two colors.
package enum ContrastRatio {
  /// `(L1 + 0.05) / (L2 + 0.05)`, L1 the lighter relative luminance, after compositing: a translucent background
  /// over `underlay` (the window behind it: white in light appearances, black in dark ones), then the foreground
  /// over that. Luminance comes from each color's own space (the Display P3 matrix for a P3 color).
  package static func ratio(foreground: ColorValue, background: ColorValue, underlay: ColorValue) -> Double {
    let base = background.composited(over: underlay)
    let top = foreground.composited(over: base)
    // A composite of a color outside sRGB can compute a hair below zero; luminance is never negative.
    let first = max(top.relativeLuminance, 0)
    let second = max(base.relativeLuminance, 0)
    return (max(first, second) + 0.05) / (min(first, second) + 0.05)
  }

  /// White and black, the underlays of light and dark appearances.
  package static let white = ColorValue(space: .sRGB, components: SIMD3(1, 1, 1))
  package static let black = ColorValue(space: .sRGB, components: SIMD3(0, 0, 0))

  /// A ratio as people read it: two decimals, truncated rather than rounded, so 4.4999 never shows as 4.50.
  package static func text(_ ratio: Double) -> String {
    let hundredths = Int((ratio * 100 + 1e-9).rounded(.down))
    let fraction = String(hundredths % 100)
    return "\(hundredths / 100)." + String(repeating: "0", count: 2 - fraction.count) + fraction + ":1"
  }
}
