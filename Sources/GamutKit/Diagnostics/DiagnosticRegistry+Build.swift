// The codes of `gamut build`: source names, reading and converting images, the image checks (docs/diagnostics.md).

extension DiagnosticRegistry {
  /// A `gamut build` trigger: `src/` files, and `gamut.yml` when `configuration` is not empty.
  static func build(_ files: [(String, DiagnosticTrigger.File)], configuration: String = "") -> DiagnosticTrigger {
    DiagnosticTrigger(.build, (configuration.isEmpty ? [] : [("gamut.yml", .text(configuration))]) + files)
  }

  /// A source PNG of 8x8 pixels.
  static let source = DiagnosticTrigger.File.png(PNGSketch(8, 8))

  static let sources: [Entry] = [
    Entry(
      "invalid-name", .error,
      "a source name with an unknown or contradictory token or scale, or one not in UTF-8; a catalog name not in UTF-8 "
        + "or holding a control character",
      page: "diagnostics.md#codes", trigger: build([("src/Logo~zz.png", source)])),
    Entry(
      "name-collision", .error,
      "two sources whose asset or folder names are equal after Unicode NFC and case folding; a color named like "
        + "another color",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.png", source), ("src/logo.png", source)])),
    Entry(
      "duplicate-rendition", .error, "two sources fill the same rendition (the first in sorted order wins)",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.png", source), ("src/Logo@1x.png", source)])),
    Entry(
      "idiom-not-enabled", .error, "a source for an idiom the configuration does not list (idioms:)",
      page: "diagnostics.md#codes",
      trigger: build([("src/Logo~ipad.png", source)], configuration: "idioms: [iphone]\n")),
    Entry(
      "not-png", .warning, "an image file gamut does not take (JPEG, HEIC, WebP...), skipped",
      page: "diagnostics.md#codes", trigger: build([("src/Photo.webp", .text("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 "))])),
    Entry(
      "link-outside-source", .warning, "a symbolic link that leads outside the source folder (or nowhere), skipped",
      page: "diagnostics.md#codes",
      trigger: build([("outside.png", source), ("src/Logo.png", .link("../outside.png"))])),
    Entry(
      "folder-with-extension", .warning, "a source folder whose name has an extension (`Icons.imageset`), skipped",
      page: "diagnostics.md#codes", trigger: build([("src/Icons.imageset/Logo.png", source)])),
    Entry(
      "folder-link", .note, "a symbolic link to a folder inside the source folder or the catalog, not followed",
      page: "diagnostics.md#codes",
      trigger: build([("src/Real/Logo.png", source), ("src/Alias", .link("Real"))])),
    Entry(
      "folder-too-deep", .error, "source folders nested deeper than 32; what lies below is not read",
      page: "diagnostics.md#codes", trigger: build([("src/" + String(repeating: "G/", count: 33) + "Logo.png", source)])
    ),
    Entry(
      "unpaired-dark", .warning, "a dark rendition with no light or any-appearance one beside it",
      page: "diagnostics.md#codes", trigger: build([("src/Logo~dark.png", source)])),
    Entry(
      "unpaired-light", .warning, "a light rendition with no dark one beside it",
      page: "diagnostics.md#codes", trigger: build([("src/Logo~light.png", source)])),
    Entry(
      "contrast-without-base", .warning, "a high-contrast rendition without its normal-contrast one",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.png", source), ("src/Logo~dark~hc.png", source)])),
  ]

  static let images: [Entry] = [
    Entry(
      "unreadable-jpeg", .error,
      "a `.jpg` source that is not a JPEG, or one gamut cannot copy safely (no frame or scan, a process common "
        + "decoders do not read, over the pixel budget, malformed markers); the asset is not written",
      page: "image-sets.md", trigger: build([("src/Photo.jpg", .png(PNGSketch(4, 4)))])),
    Entry(
      "jpeg-incomplete", .warning,
      "a JPEG source whose data does not end with the end-of-image marker: it shows gray below the cut",
      page: "image-sets.md",
      trigger: build([("src/Photo.jpg", .jpeg(width: 8, height: 8, ended: false, brokenProfile: false))])),
    Entry(
      "jpeg-profile-unreadable", .warning,
      "a JPEG source whose embedded ICC profile cannot be read: the app shows it as sRGB",
      page: "image-sets.md",
      trigger: build([("src/Photo.jpg", .jpeg(width: 8, height: 8, ended: true, brokenProfile: true))])),
    Entry(
      "unreadable", .error,
      "a file that cannot be read at all: a FIFO, socket or device named like a source, a file over its size limit",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.png", .fifo)])),
    Entry(
      "unreadable-png", .error, "a `.png` that is not a PNG, is truncated or corrupt, or exceeds a decoder limit",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.png", .text("\u{89}PNG\r\n\u{1A}\n broken"))])),
    Entry(
      "source-changed", .error, "a source changed while the build read it; the asset keeps its previous outputs",
      page: "diagnostics.md#codes", trigger: .shown(by: "AssetPassesTests.sourceChangedWhileRead")),
    Entry(
      "conversion-failed", .error, "a color space gamut cannot convert (PQ, HLG...)",
      page: "diagnostics.md#codes",
      trigger: build([("src/Logo.png", .png(PNGSketch(8, 8, tag: .codingPoints(9, 16, 0))))])),
    Entry(
      "write-failed", .error, "a rendition or Contents.json that could not be written (a link in the way, a full disk)",
      page: "diagnostics.md#codes",
      trigger: build([
        ("src/Logo.png", source), ("outside", .folder), ("App.xcassets/Logo.imageset", .link("../outside")),
      ])),
    Entry(
      "unreadable-vector", .error, "a `.pdf` or `.svg` that is not what its name says, or is incomplete",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.pdf", .text("hello"))])),
    Entry(
      "invalid-symbol", .error, "a `.symbols.svg` that is an SVG but not an SF Symbols template",
      page: "diagnostics.md#codes",
      trigger: build([("src/Star.symbols.svg", .text(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#))])),
    Entry(
      "mixed-renditions", .error, "a PDF or SVG in an asset that has PNG sources (the vector is skipped)",
      page: "diagnostics.md#codes",
      trigger: build([("src/Logo.png", source), ("src/Logo@2x.pdf", .text("%PDF-1.4\n%%EOF\n"))])),
    Entry(
      "inverted-gamma", .warning,
      "a gAMA that decides the color space and says more than 1 (2.2 where 1/2.2 was meant)",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.png", .png(PNGSketch(8, 8, tag: .gamma(220_000))))])),
    Entry(
      "unusable-profile", .warning, "an embedded profile passed over (unreadable, nonsense, for other data)",
      page: "diagnostics.md#codes", trigger: build([("src/Logo.png", .png(PNGSketch(8, 8, tag: .brokenProfile)))]),
      fixable: true),
    Entry(
      "unusable-color-chunk", .warning, "a cICP, sRGB, gAMA or cHRM chunk passed over (malformed, or unusable)",
      page: "diagnostics.md#codes",
      trigger: build([("src/Logo.png", .png(PNGSketch(8, 8, tag: .codingPoints(1, 13, 1))))]), fixable: true),
    Entry(
      "clipping-warning", .warning,
      "the clipping verdict `warning` on an sRGB rendition sRGB displays get: a warning under the `srgb` policy, a note "
        + "under `auto` and `both` (a Display P3 rendition is written beside it) and in lint",
      page: "diagnostics.md#codes",
      trigger: build(
        [("src/Ramp.png", .png(PNGSketch(64, 8, tag: .displayP3, ramp: true)))],
        configuration: "gamut: srgb\nthresholds: { errorMinimumDeltaE: 1000, errorShareAboveDeltaE5: 1 }\n"),
      fixable: true),
    Entry(
      "clipping-error", .error,
      "the clipping verdict `error`: an error under the `srgb` policy (exit status 2), a note under `auto` and `both`, "
        + "a warning in lint (Display P3 screens show the image right)",
      page: "diagnostics.md#codes",
      trigger: build(
        [("src/Ramp.png", .png(PNGSketch(64, 8, tag: .displayP3, ramp: true)))], configuration: "gamut: srgb\n"),
      fixable: true),
  ]

  static let imageChecks: [Entry] = [
    Entry(
      "scale-size-mismatch", .warning,
      "an @2x that is not twice its @1x (or an @3x three times), beyond a pixel's rounding",
      page: "diagnostics.md#codes",
      trigger: build([("src/Logo.png", source), ("src/Logo@2x.png", .png(PNGSketch(30, 30)))])),
    Entry(
      "appearance-size-mismatch", .warning, "light, dark and high-contrast renditions of one slot with different sizes",
      page: "diagnostics.md#codes",
      trigger: build([("src/Logo.png", source), ("src/Logo~dark.png", .png(PNGSketch(12, 12)))])),
    Entry(
      "dark-white-area", .warning, "a dark rendition, opaque over 90 % of its canvas, that is mostly near pure white",
      page: "diagnostics.md#codes",
      trigger: build([("src/Logo.png", source), ("src/Logo~dark.png", .png(PNGSketch(8, 8, [255, 255, 255])))])),
  ]
}
