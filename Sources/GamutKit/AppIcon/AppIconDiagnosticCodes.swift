// MARK: - App icons (the app icon builder; docs/app-icons.md)

extension DiagnosticCode {
  /// Error: the any-appearance iOS or watchOS icon has pixels that are not fully opaque and no `appIcon: background`
  /// is set; App Store Connect refuses it.
  public static let appIconAlpha: DiagnosticCode = "app-icon-alpha"
  /// Note: the any-appearance icon's translucent pixels were flattened onto `appIcon: background`.
  public static let appIconFlattened: DiagnosticCode = "app-icon-flattened"
  /// Error: an app icon source that is not square.
  public static let appIconNotSquare: DiagnosticCode = "app-icon-not-square"
  /// Error: an app icon source of the wrong size (the artwork is 1024x1024; a hand-tuned size is its slot's).
  public static let appIconSize: DiagnosticCode = "app-icon-size"
  /// Error: no any-appearance artwork, yet a platform needs it.
  public static let appIconMissingArtwork: DiagnosticCode = "app-icon-missing-artwork"
  /// Warning: the tinted artwork has visible color (largest ΔE2000 from its own gray above 2).
  public static let appIconTintedColor: DiagnosticCode = "app-icon-tinted-color"
  /// Note: the dark artwork is opaque with a light background.
  public static let appIconDarkLightBackground: DiagnosticCode = "app-icon-dark-light-background"
  /// Warning: an app icon source that no enabled platform uses.
  public static let appIconUnused: DiagnosticCode = "app-icon-unused"
}
