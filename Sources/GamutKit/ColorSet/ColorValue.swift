import Foundation

/// One color as a color set stores it: an RGB space (sRGB or Display P3), three encoded components and alpha.
///
/// Components are the encoded (gamma) values, 0...1 for a color stored in its space. Values computed in another
/// space (``components(in:)``) may fall outside 0...1: that is how a color outside a gamut shows.
package struct ColorValue: Sendable, Equatable, Hashable, Codable {
  /// The color spaces a color set entry can name, spelled as `Contents.json` spells `color-space`.
  package enum Space: String, Sendable, Codable, CaseIterable {
    case sRGB = "srgb"
    case displayP3 = "display-p3"

    /// Linear RGB of this space to XYZ (D65), CSS Color 4's matrix.
    var toXYZ: Matrix3 { self == .sRGB ? CSSColorMath.linearSRGBToXYZ : CSSColorMath.linearP3ToXYZ }
    /// XYZ (D65) to linear RGB of this space.
    var fromXYZ: Matrix3 { self == .sRGB ? CSSColorMath.xyzToLinearSRGB : CSSColorMath.xyzToLinearP3 }
    /// The space as CSS `color()` names it.
    package var cssName: String { self == .sRGB ? "srgb" : "display-p3" }
  }

  package var space: Space
  /// Encoded red, green and blue.
  package var components: SIMD3<Double>
  /// Opacity, 0...1 (straight, not premultiplied).
  package var alpha: Double

  package init(space: Space, components: SIMD3<Double>, alpha: Double = 1) {
    self.space = space
    self.components = components
    self.alpha = alpha
  }

  /// How far a component may lie outside 0...1 and still count as inside the gamut: half an 8-bit code, the
  /// tolerance the image clipping check uses.
  package static let gamutTolerance = 0.5 / 255

  /// Linear-light components in the color's own space.
  package var linear: SIMD3<Double> {
    SIMD3(CSSColorMath.decode(components.x), CSSColorMath.decode(components.y), CSSColorMath.decode(components.z))
  }

  /// CIE XYZ relative to D65 (white has Y = 1).
  package var xyz: SIMD3<Double> { space.toXYZ * linear }

  /// The encoded components of this color in `target`, unbounded (outside 0...1 when out of its gamut).
  package func components(in target: Space) -> SIMD3<Double> {
    if target == space { return components }
    let linear = target.fromXYZ * xyz
    return SIMD3(CSSColorMath.encode(linear.x), CSSColorMath.encode(linear.y), CSSColorMath.encode(linear.z))
  }

  /// The same color expressed in `target` (unbounded components).
  package func converted(to target: Space) -> ColorValue {
    ColorValue(space: target, components: components(in: target), alpha: alpha)
  }

  /// Whether the color lies inside `target`'s gamut, within ``gamutTolerance``.
  package func isInside(_ target: Space) -> Bool {
    let values = components(in: target)
    let low = -Self.gamutTolerance
    let high = 1 + Self.gamutTolerance
    return values.min() >= low && values.max() <= high
  }

  /// WCAG 2 relative luminance: Y of the color's own linear RGB (the Display P3 matrix for a P3 color), ignoring
  /// alpha.
  package var relativeLuminance: Double { xyz.y }

  /// CIELAB (D50, Bradford-adapted from D65 as ICC profiles do), for CIEDE2000.
  var lab: CIELab { CIELab(xyz: Self.d65ToD50 * xyz) }

  /// Bradford adaptation from D65 to the ICC D50 white.
  private static let d65ToD50 = ChromaticAdaptation.bradford(
    from: Chromaticity.d65.xyz, to: ChromaticAdaptation.pcsWhite)

  /// CIEDE2000 between two colors (alpha ignored).
  package func deltaE2000(_ other: ColorValue) -> Double {
    ColorDifference.ciede2000(lab, other.lab)
  }

  /// This color, composited (source-over, in encoded extended-sRGB values as sRGB tools and Core Graphics blend)
  /// over an opaque `background`: an opaque color in the background's space.
  package func composited(over background: ColorValue) -> ColorValue {
    if alpha >= 1 { return self }
    let top = components(in: .sRGB)
    let bottom = background.components(in: .sRGB)
    let mixed = top * alpha + bottom * (1 - alpha)
    return ColorValue(space: .sRGB, components: mixed, alpha: 1).converted(to: background.space)
  }

  /// A component with three decimals, as Xcode writes it (`"0.478"`).
  package static func threeDecimals(_ value: Double) -> String {
    let milli = Int((min(max(value, 0), 1) * 1000).rounded())
    let fraction = String(milli % 1000)
    return "\(milli / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
  }

  /// The color in CSS notation with three decimals: `color(display-p3 1.000 0.200 0.100)`, with `/ alpha` below 1.
  package var cssText: String {
    let rgb = [components.x, components.y, components.z].map(Self.threeDecimals).joined(separator: " ")
    return "color(\(space.cssName) \(rgb)" + (alpha < 1 ? " / \(Self.threeDecimals(alpha))" : "") + ")"
  }

  /// `#RRGGBB` (or `#RRGGBBAA`) of the color's sRGB values, clipped: for people, not for the catalog.
  package var hexText: String {
    let values = components(in: .sRGB)
    var codes = [values.x, values.y, values.z].map { Int((min(max($0, 0), 1) * 255).rounded()) }
    if alpha < 1 { codes.append(Int((alpha * 255).rounded())) }
    let digits = Array("0123456789ABCDEF".unicodeScalars)
    var text = "#"
    for code in codes {
      let byte = min(max(code, 0), 255)
      text.unicodeScalars += [digits[byte >> 4], digits[byte & 0x0F]]
    }
    return text
  }
}
