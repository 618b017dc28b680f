// The codes of Icon Composer bundles (`Name.icon`): docs/icon-composer.md#checks.

extension DiagnosticRegistry {
  /// A simple SVG layer.
  static let shape = DiagnosticTrigger.File.text(
    #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1024 1024"><circle cx="512" cy="512" r="300"/></svg>"#)

  /// A bundle `App.icon` whose `icon.json` has one group with one layer (`layer` and `group` inserted into their
  /// objects, `root` into the document), and these `Assets/` files (`shape.svg` by default).
  static func bundle(
    layer: String = "", group: String = "", root: String = "", image: String = "shape.svg",
    assets: [(String, DiagnosticTrigger.File)] = [("shape.svg", shape)]
  ) -> DiagnosticTrigger {
    let json =
      #"{ \#(root)"fill" : "automatic", "groups" : [ { \#(group)"layers" : [ { \#(layer)"image-name" : "\#(image)", "#
      + #""name" : "shape" } ], "shadow" : { "kind" : "neutral", "opacity" : 0.5 }, "translucency" : { "enabled" : "#
      + #"true, "value" : 0.5 } } ], "supported-platforms" : { "squares" : "shared" } }"#
    return DiagnosticTrigger(
      .iconBundle, [("App.icon/icon.json", .text(json))] + assets.map { ("App.icon/Assets/" + $0.0, $0.1) })
  }

  static let iconBundles: [Entry] = [
    Entry(
      "icon-unreadable", .error, "`icon.json` missing, over 1 MiB, not JSON (at its line), or not an object",
      page: "icon-composer.md#checks",
      trigger: DiagnosticTrigger(.iconBundle, [("App.icon/icon.json", .text("[]"))])),
    Entry(
      "icon-malformed", .error, "a value of the wrong type or shape, with its key path",
      page: "icon-composer.md#checks", trigger: bundle(layer: #""opacity" : "half", "#)),
    Entry(
      "icon-unknown-value", .warning,
      "a blend mode, lighting, shadow kind, fill keyword or platform outside the known set",
      page: "icon-composer.md#checks", trigger: bundle(layer: #""blend-mode" : "dissolve", "#)),
    Entry(
      "icon-unknown-key", .note, "a key gamut does not know (kept as it is)",
      page: "icon-composer.md#checks", trigger: bundle(layer: #""sparkle" : 1, "#)),
    Entry(
      "icon-invalid-color", .error, "a color not `space:components`, in an unknown space, or with the wrong count",
      page: "icon-composer.md#checks", trigger: bundle(layer: #""fill" : { "solid" : "cmyk:1,0,0,0" }, "#)),
    Entry(
      "icon-incomplete", .warning, "a `position`, `shadow` or `translucency` without one of its keys",
      page: "icon-composer.md#checks", trigger: bundle(layer: #""position" : { "scale" : 1 }, "#)),
    Entry(
      "icon-layer-missing", .error, "a layer names a file (in any specialization) that is not in `Assets/`",
      page: "icon-composer.md#checks", trigger: bundle(image: "gone.svg")),
    Entry(
      "icon-asset-unused", .warning, "a file in `Assets/` that no layer names",
      page: "icon-composer.md#checks", trigger: bundle(assets: [("shape.svg", shape), ("old.svg", shape)])),
    Entry(
      "icon-layer-unreadable", .error, "a layer file that is not a readable PNG or SVG",
      page: "icon-composer.md#checks", trigger: bundle(assets: [("shape.svg", .text("<svg>"))])),
    Entry(
      "icon-layer-size", .warning, "a PNG layer not 1024 × 1024 (1088 × 1088 for watchOS)",
      page: "icon-composer.md#checks",
      trigger: bundle(image: "shape.png", assets: [("shape.png", .png(PNGSketch(512, 512, [128, 128, 128, 128])))])),
    Entry(
      "icon-layer-color-space", .warning, "a PNG layer tagged other than sRGB, Display P3 or Gray",
      page: "icon-composer.md#checks",
      trigger: bundle(
        image: "shape.png", assets: [("shape.png", .png(PNGSketch(1024, 1024, [128, 128, 128, 128], tag: .adobeRGB)))]
      )),
    Entry(
      "icon-svg-not-simple", .warning, "an SVG layer with text, an embedded image or a filter",
      page: "icon-composer.md#checks",
      trigger: bundle(assets: [
        ("shape.svg", .text(#"<svg xmlns="http://www.w3.org/2000/svg"><text x="1" y="1">A</text></svg>"#))
      ])),
    Entry(
      "icon-svg-color-space-key", .warning, "`color-space-for-untagged-svg-colors` other than `display-p3`",
      page: "icon-composer.md#checks", trigger: bundle(root: #""color-space-for-untagged-svg-colors" : "srgb", "#)),
    Entry(
      "icon-too-many-groups", .warning, "more than four groups visible in one appearance",
      page: "icon-composer.md#checks",
      trigger: DiagnosticTrigger(
        .iconBundle,
        [
          (
            "App.icon/icon.json",
            .text(
              #"{ "groups" : ["#
                + Array(repeating: #" { "layers" : [ { "image-name" : "shape.svg" } ] }"#, count: 5)
                .joined(separator: ",") + #" ], "supported-platforms" : { "squares" : "shared" } }"#)
          ), ("App.icon/Assets/shape.svg", shape),
        ])),
    Entry(
      "icon-gradient-mixed-spaces", .note, "a gradient whose stops are in different color spaces",
      page: "icon-composer.md#checks",
      trigger: bundle(
        root: #""fill-specializations" : [ { "appearance" : "dark", "value" : { "linear-gradient" : [ "#
          + #""srgb:0,0,0,1", "display-p3:0.1,0.1,0.1,1" ] } } ], "#)),
    Entry(
      "icon-fill-outside-srgb", .note, "a fill color outside sRGB, with the ΔE2000 of its sRGB mapping",
      page: "icon-composer.md#checks", trigger: bundle(layer: #""fill" : { "solid" : "display-p3:0,1,0,1" }, "#)),
    Entry(
      "icon-dark-unchanged", .note, "a dark specialization equal to the value light has: it changes nothing",
      page: "icon-composer.md#checks",
      trigger: bundle(
        layer: #""opacity-specializations" : [ { "value" : 0.5 }, { "appearance" : "dark", "value" : 0.50 } ], "#)),
    Entry(
      "icon-needs-xcode-27", .warning, "`features` or `refractivity` (Icon Composer 2)",
      page: "icon-composer.md#checks", trigger: bundle(root: #""features" : [ "refractivity" ], "#)),
    Entry(
      "icon-crashes-actool", .warning, "a string `specular`, on which Xcode 26's actool is known to crash",
      page: "icon-composer.md#checks", trigger: bundle(group: #""specular" : "bright", "#)),
    Entry(
      "icon-appiconset-collision", .error,
      "an app icon set named like an Icon Composer bundle beside the catalog (or in `iconBundles:`)",
      page: "icon-composer.md#checks",
      trigger: DiagnosticTrigger(
        .lint,
        [
          ("App.xcassets/AppIcon.appiconset/Contents.json", .text(#"{ "images" : [] }"#)),
          ("AppIcon.icon/icon.json", .text(#"{ "groups" : [], "supported-platforms" : { "squares" : "shared" } }"#)),
        ])),
  ]
}
