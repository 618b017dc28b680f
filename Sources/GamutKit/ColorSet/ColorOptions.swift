/// The color-set options of `gamut.yml`: which variants are required and which pairs need contrast.
///
/// ```yaml
/// requireHighContrast: true     # color-missing-hc becomes a warning
/// contrast:
///   minimum: 4.5                # small text; large text and graphics use 3.0
///   target: 7.0                 # the HIG's figure for custom colors; large text and graphics aim for 4.5
///   pairs:
///     - { foreground: Label, background: Background }
///     - { foreground: Brand, background: Background, text: large }
/// ```
public struct ColorOptions: Sendable, Equatable {
  /// What a pair's foreground is: it decides the minimum and the target.
  public enum TextSize: String, Sendable, Codable, CaseIterable {
    /// Body text: the configured minimum and target.
    case normal
    /// Large text (WCAG: 18 pt, or 14 pt bold): minimum 3.0, target 4.5.
    case large
    /// Icons, glyphs and other graphics (WCAG 1.4.11): minimum 3.0, target 4.5.
    case graphic
  }

  /// A foreground and a background color that must contrast, named as in the catalog (`Name` or `Group/Name`).
  public struct Pair: Sendable, Equatable {
    public var foreground: String
    public var background: String
    public var text: TextSize

    public init(foreground: String, background: String, text: TextSize = .normal) {
      self.foreground = foreground
      self.background = background
      self.text = text
    }
  }

  /// Whether a color without a high-contrast variant is a warning (true) or a note (false).
  public var requireHighContrast = false
  /// The lowest acceptable ratio for normal text (WCAG 2 AA: 4.5).
  public var minimum = 4.5
  /// The ratio to aim for with normal text (HIG: 7.0).
  public var target = 7.0
  public var pairs: [Pair] = []

  public init() {}

  /// The minimum and target for a pair's text size.
  public func thresholds(for text: TextSize) -> (minimum: Double, target: Double) {
    switch text {
    case .normal: (minimum, target)
    case .large, .graphic: (3.0, 4.5)
    }
  }

}
