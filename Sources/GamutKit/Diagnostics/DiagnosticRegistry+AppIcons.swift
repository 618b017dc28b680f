// The codes of app icons, built (`AppIcon.png`...) or linted (`AppIcon.appiconset`): docs/app-icons.md#checks.

extension DiagnosticRegistry {
  /// An iOS single-size app icon set `AppIcon` with these entries (JSON objects) and files.
  static func appIconSet(_ entries: [String], _ files: [(String, DiagnosticTrigger.File)]) -> DiagnosticTrigger {
    DiagnosticTrigger(
      .lint,
      [
        (
          "App.xcassets/AppIcon.appiconset/Contents.json",
          .text(#"{ "images" : [ "# + entries.joined(separator: ", ") + " ] }")
        )
      ]
        + files.map { ("App.xcassets/AppIcon.appiconset/" + $0.0, $0.1) })
  }

  /// The entry of the iOS single-size icon in `appearance` (nil for any), naming `file`.
  static func iosIcon(_ file: String, _ appearance: String? = nil) -> String {
    let look = appearance.map { #""appearances" : [ { "appearance" : "luminosity", "value" : "\#($0)" } ], "# } ?? ""
    return #"{ \#(look)"filename" : "\#(file)", "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }"#
  }

  /// A 1024x1024 icon of one color.
  static func icon(_ pixel: [UInt8]) -> DiagnosticTrigger.File { .png(PNGSketch(1024, 1024, pixel)) }

  static let appIcons: [Entry] = [
    Entry(
      "app-icon-alpha", .error,
      "visible transparency in the App Store icon of iOS or watchOS, which App Store Connect refuses; in lint a warning "
        + "in another slot, a note when only near-opaque pixels or the corners the mask cuts are not opaque",
      page: "app-icons.md#checks",
      trigger: appIconSet([iosIcon("icon.png")], [("icon.png", .png(PNGSketch(1024, 1024, [30, 120, 200, 100])))])),
    Entry(
      "app-icon-flattened", .note,
      "the any-appearance icon's translucent pixels were flattened onto `appIcon: background`",
      page: "app-icons.md#checks",
      trigger: build(
        [("src/AppIcon.png", .png(PNGSketch(1024, 1024, [30, 120, 200, 100])))],
        configuration: "appIcon: { background: \"#FFFFFF\" }\n")),
    Entry(
      "app-icon-not-square", .error, "an app icon image that is not square",
      page: "app-icons.md#checks",
      trigger: appIconSet([iosIcon("icon.png")], [("icon.png", .png(PNGSketch(1024, 1000)))])),
    Entry(
      "app-icon-size", .error, "an app icon image that is not the size its slot needs (`size` times `scale`)",
      page: "app-icons.md#checks", trigger: appIconSet([iosIcon("icon.png")], [("icon.png", .png(PNGSketch(512, 512)))])
    ),
    Entry(
      "app-icon-missing-artwork", .error, "no 1024x1024 any-appearance artwork, though a platform of the icon needs it",
      page: "app-icons.md#checks",
      trigger: appIconSet(
        [#"{ "filename" : "i.png", "idiom" : "iphone", "scale" : "2x", "size" : "60x60" }"#],
        [("i.png", .png(PNGSketch(120, 120)))])),
    Entry(
      "app-icon-tinted-color", .warning, "the tinted icon has visible color (iOS tints it from its luminance)",
      page: "app-icons.md#checks",
      trigger: appIconSet(
        [iosIcon("a.png"), iosIcon("d.png", "dark"), iosIcon("t.png", "tinted")],
        [("a.png", icon([30, 120, 200])), ("d.png", icon([10, 20, 30])), ("t.png", icon([200, 40, 40]))])),
    Entry(
      "app-icon-dark-light-background", .note,
      "the dark icon is opaque with a light background (iOS draws its own dark background behind a transparent one)",
      page: "app-icons.md#checks",
      trigger: appIconSet(
        [iosIcon("a.png"), iosIcon("d.png", "dark"), iosIcon("t.png", "tinted")],
        [("a.png", icon([30, 120, 200])), ("d.png", icon([250, 250, 250])), ("t.png", icon([128, 128, 128]))])),
    Entry(
      "app-icon-unused", .warning, "an app icon source that no enabled platform uses",
      page: "app-icons.md#checks",
      trigger: build(
        [("src/AppIcon.png", icon([30, 120, 200])), ("src/AppIcon~dark.png", icon([10, 20, 30]))],
        configuration: "appIcon: { platforms: [macos] }\n")),
    Entry(
      "app-icon-missing-slot", .warning,
      "slots of the icon set's platforms that nothing fills (one finding per set); a single-size image fills the "
        + "sizes it replaces",
      page: "lint.md#what-lint-checks",
      trigger: appIconSet(
        [
          #"{ "filename" : "m.png", "idiom" : "ios-marketing", "scale" : "1x", "size" : "1024x1024" }"#,
          #"{ "idiom" : "iphone", "scale" : "3x", "size" : "60x60" }"#,
        ], [("m.png", icon([30, 120, 200]))])),
    Entry(
      "app-icon-missing-appearance", .note, "an iOS single-size icon without a dark or tinted appearance",
      page: "lint.md#what-lint-checks", trigger: appIconSet([iosIcon("a.png")], [("a.png", icon([30, 120, 200]))])),
    Entry(
      "app-icon-empty", .note,
      "an app icon set with no image at all (Xcode's template, as widget extensions keep it): probably unused",
      page: "lint.md#what-lint-checks",
      trigger: appIconSet([#"{ "idiom" : "universal", "platform" : "ios", "size" : "1024x1024" }"#], [])),
    Entry(
      "app-icon-tinted-copy", .warning,
      "a tinted icon that is the dark or any-appearance one (the same file, bytes or pixels): tinting it from its "
        + "luminance loses its colors",
      page: "lint.md#what-lint-checks",
      trigger: appIconSet(
        [iosIcon("a.png"), iosIcon("d.png", "dark"), iosIcon("d.png", "tinted")],
        [("a.png", icon([30, 120, 200])), ("d.png", icon([10, 20, 90]))])),
    Entry(
      "app-icon-dark-copy", .note,
      "a dark icon that is a copy (another file with the same bytes or pixels) of the any-appearance one",
      page: "lint.md#what-lint-checks",
      trigger: appIconSet(
        [iosIcon("a.png"), iosIcon("d.png", "dark"), iosIcon("t.png", "tinted")],
        [("a.png", icon([30, 120, 200])), ("d.png", icon([30, 120, 200])), ("t.png", icon([128, 128, 128]))])),
  ]
}
