// MARK: - Color sets (color files, design tokens, the color checks)

extension DiagnosticCode {
  /// Error: a color file, tokens file or color value that cannot be read (file, line, key).
  public static let invalidColor: DiagnosticCode = "invalid-color"
  /// Error: a color defined twice in one group (the first in sorted order wins).
  public static let duplicateColor: DiagnosticCode = "duplicate-color"
  /// Error: under the `srgb` gamut policy, a color outside sRGB; its set is not written (exit status 2).
  public static let colorOutsideSRGB: DiagnosticCode = "color-outside-srgb"
  /// Error: the catalog holds a colorset of that name that gamut did not write; it is left alone.
  public static let colorSetNotOurs: DiagnosticCode = "colorset-not-ours"
  /// Note: a color outside sRGB, mapped for the sRGB entry of its set.
  public static let colorMappedToSRGB: DiagnosticCode = "color-mapped-to-srgb"
  /// Note: a custom color without a dark variant (not a fully transparent one; gamut cannot tell a color kept fixed
  /// on purpose).
  public static let colorMissingDark: DiagnosticCode = "color-missing-dark"
  /// Note (a warning with `requireHighContrast: true`): a custom color without an increased-contrast variant.
  public static let colorMissingHighContrast: DiagnosticCode = "color-missing-hc"
  /// Warning: a contrast pair below its minimum in some appearance.
  public static let contrastBelowMinimum: DiagnosticCode = "contrast-below-minimum"
  /// Note: a contrast pair below its target in some appearance.
  public static let contrastBelowTarget: DiagnosticCode = "contrast-below-target"
  /// Warning: a high-contrast appearance whose ratio is not above the normal appearance's.
  public static let contrastHighContrastNotHigher: DiagnosticCode = "contrast-hc-not-higher"
  /// Note: a contrast pair with a system color without published values, not checked.
  public static let contrastUnresolved: DiagnosticCode = "contrast-unresolved"
  /// Warning: a contrast pair in `gamut.yml` that names no color (or an ambiguous one).
  public static let contrastUnknownColor: DiagnosticCode = "contrast-unknown-color"
  /// Warning: two colors that differ as given but merge on an sRGB display.
  public static let colorsIndistinctInSRGB: DiagnosticCode = "colors-indistinct-in-srgb"
  /// Note: a custom color whose light and dark values match a system color's.
  public static let colorReplicatesSystem: DiagnosticCode = "color-replicates-system"
}
