/// One color's entry in the catalog manifest (`gamut-manifest.json`, under `colors`).
public struct ColorRecord: Codable, Sendable, Equatable {
  /// One variant as defined and as written.
  public struct Variant: Codable, Sendable, Equatable {
    public var idiom: String
    /// `any`, `light` or `dark`.
    public var appearance: String
    /// `normal` or `high`.
    public var contrast: String
    /// The system reference (`ios/systemBackgroundColor`), when the variant is one; then the values are absent.
    public var reference: String?
    /// The color as given, in CSS notation with three decimals.
    public var value: String?
    /// The sRGB color as `#RRGGBB` (`#RRGGBBAA` when translucent): the color as written in the sRGB entry (mapped
    /// when it lies outside sRGB); for a reference, the HIG's published value when there is one, else empty.
    public var srgb: String
    /// Display P3 components `[r, g, b, alpha]`, 0...1 (absent for a reference).
    public var displayP3: [Double]?
    /// Whether the color lies inside sRGB.
    public var insideSRGB: Bool?
    /// CIEDE2000 between the color and its sRGB entry, when it was mapped.
    public var deltaE2000: Double?
  }

  /// Whether the set was written.
  public enum Status: String, Codable, Sendable {
    case built
    /// Not written (outside sRGB under the `srgb` policy, or the folder holds a set gamut did not write).
    case failed
  }

  public var name: String
  /// The group folders, joined with `/`; empty at the catalog root.
  public var group: String
  /// The colorset folder, relative to the catalog folder.
  public var colorSet: String
  /// The definition, `file:line` relative to the source folder.
  public var source: String
  public var status: Status
  /// `srgb` when every color lies inside sRGB, `display-p3` when one does not.
  public var gamut: String
  /// Whether the set holds `display-gamut` pairs.
  public var paired: Bool
  public var variants: [Variant]
  /// The contrast pairs this color is the foreground of, where both colors resolved (the others are
  /// `contrast-unresolved` findings).
  public var contrast: [ContrastCheck.Result]
  public var diagnostics: [Diagnostic]
}

extension ColorRecord {
  /// The record of `color` as planned.
  init(_ color: ColorDefinition, plan: ColorSetPlan, status: Status, diagnostics: [Diagnostic]) {
    let mapped = Dictionary(uniqueKeysWithValues: plan.mappings.map { ($0.slot, $0) })
    let sRGBEntries = Dictionary(
      plan.entries.filter { $0.gamut != .displayP3 }.map { ($0.slot, $0.variant) }, uniquingKeysWith: { a, _ in a })
    let variants = color.variants.keys.sorted().map { slot in
      var variant = Variant(
        idiom: slot.idiom.rawValue, appearance: slot.appearance.rawValue,
        contrast: slot.highContrast ? "high" : "normal", srgb: "")
      switch color.variants[slot]! {
      case .system(let reference):
        variant.reference = reference.platform + "/" + reference.reference
        let shown = SystemColor.resolve(reference)?.value(
          dark: slot.appearance == .dark, highContrast: slot.highContrast)
        variant.srgb = shown?.hexText ?? ""
      case .unfilled:
        break
      case .color(let value):
        variant.value = value.cssText
        let written = sRGBEntries[slot]??.color ?? value
        let sRGB = written.space == .sRGB ? written : ColorGamutMapping.toSRGB(value, mapping: .clip)
        variant.srgb = sRGB.hexText
        let p3 = value.components(in: .displayP3)
        variant.displayP3 = [p3.x, p3.y, p3.z, value.alpha].map { ($0 * 10000).rounded() / 10000 }
        variant.insideSRGB = value.isInside(.sRGB)
        variant.deltaE2000 = mapped[slot].map { ($0.deltaE2000 * 100).rounded() / 100 }
      }
      return variant
    }
    self.init(
      name: color.name, group: color.groupPath.joined(separator: "/"), colorSet: color.colorSetPath,
      source: color.location, status: status, gamut: plan.mappings.isEmpty ? "srgb" : "display-p3",
      paired: plan.entries.contains { $0.gamut != nil }, variants: variants, contrast: [], diagnostics: diagnostics)
  }
}
