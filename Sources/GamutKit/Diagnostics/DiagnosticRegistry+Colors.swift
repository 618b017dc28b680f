// The codes of color sets, built from color files or linted (docs/color-sets.md#checks).

extension DiagnosticRegistry {
  /// A `gamut build` of one color file.
  static func colors(_ yaml: String, configuration: String = "", _ more: [(String, DiagnosticTrigger.File)] = [])
    -> DiagnosticTrigger
  {
    build([("src/Palette.colors.yml", .text(yaml))] + more, configuration: configuration)
  }

  /// A complete color: any, dark and both increased-contrast variants.
  static func full(_ name: String, _ any: String, dark: String = "#102030") -> String {
    "\(name): { any: \"\(any)\", dark: \"\(dark)\", hc: \"\(any)\", dark-hc: \"\(dark)\" }\n"
  }

  static let colors: [Entry] = [
    Entry(
      "invalid-color", .error, "a color file, tokens file or color value that cannot be read (file, line, key)",
      page: "color-sets.md#checks", trigger: colors("Brand: \"dusk\"\n")),
    Entry(
      "duplicate-color", .error, "a color defined twice in one group (the first in sorted order wins)",
      page: "color-sets.md#checks",
      trigger: colors(full("Brand", "#336699"), [("src/More.colors.yml", .text(full("Brand", "#993366")))])),
    Entry(
      "color-outside-srgb", .error, "under the `srgb` gamut policy, a color outside sRGB; its set is not written",
      page: "color-sets.md#checks",
      trigger: colors(full("Vivid", "color(display-p3 1 0 0)"), configuration: "gamut: srgb\n")),
    Entry(
      "colorset-not-ours", .error, "the catalog holds a color set of that name that gamut did not write; left alone",
      page: "color-sets.md#checks",
      trigger: colors(
        full("Brand", "#336699"),
        [("App.xcassets/Brand.colorset/Contents.json", .text(#"{ "colors" : [], "info" : { "author" : "xcode" } }"#))])),
    Entry(
      "color-mapped-to-srgb", .note, "a color outside sRGB, mapped for the sRGB entry of its set",
      page: "color-sets.md#checks", trigger: colors(full("Vivid", "color(display-p3 1 0 0)"))),
    Entry(
      "color-missing-dark", .note,
      "a custom color without a dark variant (not a fully transparent one; gamut cannot tell a color kept fixed on "
        + "purpose)",
      page: "color-sets.md#checks", trigger: colors("Brand: \"#336699\"\n")),
    Entry(
      "color-missing-hc", .note,
      "a custom color without an increased-contrast variant (a warning with `requireHighContrast: true`)",
      page: "color-sets.md#checks", trigger: colors("Brand: { any: \"#336699\", dark: \"#6699CC\" }\n")),
    Entry(
      "contrast-below-minimum", .warning, "a contrast pair below its minimum (4.5:1, or 3:1 for large text) somewhere",
      page: "color-sets.md#checks",
      trigger: colors(
        full("Text", "#777777", dark: "#888888") + full("Back", "#888888", dark: "#777777"),
        configuration: "contrast: { pairs: [ { foreground: Text, background: Back } ] }\n")),
    Entry(
      "contrast-below-target", .note, "a contrast pair below its target (7:1, or 4.5:1 for large text) somewhere",
      page: "color-sets.md#checks",
      trigger: colors(
        full("Text", "#767676", dark: "#767676") + full("Back", "#FFFFFF", dark: "#FFFFFF"),
        configuration: "contrast: { pairs: [ { foreground: Text, background: Back } ] }\n")),
    Entry(
      "contrast-hc-not-higher", .warning, "a high-contrast appearance whose ratio is not above the normal one's",
      page: "color-sets.md#checks",
      trigger: colors(
        "Text: { any: \"#555555\", dark: \"#AAAAAA\", hc: \"#666666\", dark-hc: \"#999999\" }\n"
          + full("Back", "#FFFFFF", dark: "#000000"),
        configuration: "contrast: { pairs: [ { foreground: Text, background: Back } ] }\n")),
    Entry(
      "contrast-unresolved", .note, "a contrast pair with a system color whose values are not published, not checked",
      page: "color-sets.md#checks",
      trigger: colors(
        "Text: { system: label }\n" + full("Back", "#FFFFFF", dark: "#000000"),
        configuration: "contrast: { pairs: [ { foreground: Text, background: Back } ] }\n")),
    Entry(
      "contrast-unknown-color", .warning,
      "a contrast pair naming a color that is not defined (a note in lint, where the pair may be another catalog's)",
      page: "color-sets.md#checks",
      trigger: colors(
        full("Back", "#FFFFFF"), configuration: "contrast: { pairs: [ { foreground: Nothing, background: Back } ] }\n")),
    Entry(
      "colors-indistinct-in-srgb", .warning, "two colors that differ as given but merge on an sRGB display",
      page: "color-sets.md#checks",
      trigger: colors(full("Red", "color(display-p3 1 0 0)") + full("Redder", "color(display-p3 0.95 0 0)"))),
    Entry(
      "color-replicates-system", .note,
      "a custom color whose light and dark values are a system color's (of the platforms the catalog serves)",
      page: "color-sets.md#checks", trigger: colors(full("Alarm", "#FF3B30", dark: "#FF453A"))),
    Entry(
      "p3-color-without-srgb", .warning,
      "a display-p3 color outside sRGB in a color set with no sRGB entry for its slot: sRGB displays clip it",
      page: "lint.md#codes",
      trigger: DiagnosticTrigger(
        .lint,
        [
          (
            "App.xcassets/Vivid.colorset/Contents.json",
            .text(
              #"{ "colors" : [ { "color" : { "color-space" : "display-p3", "components" : { "red" : "1.000", "#
                + #""green" : "0.000", "blue" : "0.000", "alpha" : "1.000" } }, "idiom" : "universal" } ] }"#)
          )
        ]), fixable: true),
  ]
}
