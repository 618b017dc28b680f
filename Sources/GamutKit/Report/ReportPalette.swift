/// The report's own colors in its light and dark appearances, as CSS custom properties.
///
/// Every text color reaches 7:1 against both the page and the panel background of its appearance, and borders
/// (which only need 3:1) 4.5:1; `ReportPaletteTests` computes the ratios.
struct ReportPalette: Sendable {
  /// The page behind everything.
  var page: String
  /// Summary boxes and cards.
  var panel: String
  var text: String
  var muted: String
  var link: String
  var error: String
  var warning: String
  var note: String
  var ok: String
  var border: String
  /// The outline of the focused control.
  var focus: String

  static let light = ReportPalette(
    page: "#FFFFFF", panel: "#F2F2F7", text: "#1D1D1F", muted: "#45454B", link: "#083F9E", error: "#9E0B1C",
    warning: "#6B4500", note: "#2A4C86", ok: "#1A5429", border: "#6E6E73", focus: "#083F9E")

  static let dark = ReportPalette(
    page: "#121214", panel: "#1F1F23", text: "#F5F5F7", muted: "#C2C2C8", link: "#9CC2FF", error: "#FFA3A3",
    warning: "#FFD37A", note: "#B3CCFF", ok: "#8FDCA2", border: "#8E8E93", focus: "#9CC2FF")

  /// The tiles' own backgrounds and caption colors: artwork is shown on white (light and any appearance) and on
  /// the system's dark background, `#000000`, or the elevated one, `#1C1C1E`, whatever the report's appearance.
  static let tileLight = (background: "#FFFFFF", text: "#1D1D1F", muted: "#45454B")
  static let tileDark = (background: "#000000", elevated: "#1C1C1E", text: "#F5F5F7", muted: "#C2C2C8")

  /// Text colors, for the contrast test.
  var textColors: [String] { [text, muted, link, error, warning, note, ok] }

  /// The declarations of the custom properties.
  var css: String {
    "--page:\(page);--panel:\(panel);--text:\(text);--muted:\(muted);--link:\(link);--error:\(error);"
      + "--warning:\(warning);--note:\(note);--ok:\(ok);--border:\(border);--focus:\(focus);"
  }
}
