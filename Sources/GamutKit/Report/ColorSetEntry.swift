/// A color set as the report shows it: its variants per appearance and its contrast results.
///
/// The shape is the one the report expects color sets to have in `gamut-manifest.json` (key `colors`); see
/// docs/report.md. Unknown keys are ignored.
public struct ColorSetEntry: Codable, Sendable, Equatable {
  /// One color of the set.
  public struct Variant: Codable, Sendable, Equatable {
    /// `any`, `light` or `dark`.
    public var appearance: String
    /// `normal` or `high`.
    public var contrast: String
    /// The device idiom; absent for universal.
    public var idiom: String?
    /// The sRGB color as `#RRGGBB` or `#RRGGBBAA` (mapped into sRGB when the color is wider).
    public var srgb: String
    /// Display P3 components `[r, g, b, alpha]` from 0 to 1, when the color has a Display P3 entry.
    public var displayP3: [Double]?
    /// How far the sRGB color moved from the Display P3 one (CIEDE2000), when it has one.
    public var deltaE2000: Double?

    public init(
      appearance: String, contrast: String, idiom: String? = nil, srgb: String, displayP3: [Double]? = nil,
      deltaE2000: Double? = nil
    ) {
      self.appearance = appearance
      self.contrast = contrast
      self.idiom = idiom
      self.srgb = srgb
      self.displayP3 = displayP3
      self.deltaE2000 = deltaE2000
    }
  }

  /// The contrast of a declared foreground/background pair in one appearance.
  public struct ContrastResult: Codable, Sendable, Equatable {
    public var foreground: String
    public var background: String
    /// `light`, `dark`, `light-hc` or `dark-hc`.
    public var appearance: String
    /// The WCAG 2 ratio, 1 to 21.
    public var ratio: Double
    public var minimum: Double
    public var target: Double
    /// The two colors as `#RRGGBB`, to draw a sample.
    public var foregroundColor: String?
    public var backgroundColor: String?

    public init(
      foreground: String, background: String, appearance: String, ratio: Double, minimum: Double, target: Double,
      foregroundColor: String? = nil, backgroundColor: String? = nil
    ) {
      self.foreground = foreground
      self.background = background
      self.appearance = appearance
      self.ratio = ratio
      self.minimum = minimum
      self.target = target
      self.foregroundColor = foregroundColor
      self.backgroundColor = backgroundColor
    }
  }

  public var name: String
  /// The group folders, joined with `/`.
  public var group: String
  public var variants: [Variant]
  /// The pairs this color is the foreground of.
  public var contrast: [ContrastResult]
  public var diagnostics: [Diagnostic]

  public init(
    name: String, group: String, variants: [Variant], contrast: [ContrastResult] = [],
    diagnostics: [Diagnostic] = []
  ) {
    self.name = name
    self.group = group
    self.variants = variants
    self.contrast = contrast
    self.diagnostics = diagnostics
  }
}
