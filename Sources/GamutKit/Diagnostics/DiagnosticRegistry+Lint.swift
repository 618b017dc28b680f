// The codes of `gamut lint` and of reading a catalog others wrote (docs/lint.md#codes).

extension DiagnosticRegistry {
  /// A `gamut lint` of `App.xcassets` holding these files (paths inside the catalog), with `gamut.yml` when given.
  static func lint(_ files: [(String, DiagnosticTrigger.File)], configuration: String = "") -> DiagnosticTrigger {
    DiagnosticTrigger(
      .lint,
      (configuration.isEmpty ? [] : [("gamut.yml", .text(configuration))])
        + files.map { ("App.xcassets/" + $0.0, $0.1) })
  }

  /// An image set `A` whose images are `entries` (JSON objects), with these files in its folder.
  static func imageSet(_ entries: [String], _ files: [(String, DiagnosticTrigger.File)] = [], name: String = "A")
    -> [(String, DiagnosticTrigger.File)]
  {
    [("\(name).imageset/Contents.json", .text(#"{ "images" : [ "# + entries.joined(separator: ", ") + " ] }"))]
      + files.map { ("\(name).imageset/" + $0.0, $0.1) }
  }

  /// An image entry: a file, an optional scale, appearance (luminosity) and display gamut.
  static func image(_ file: String, scale: String? = nil, appearance: String? = nil, gamut: String? = nil) -> String {
    var members = [#""filename" : "\#(file)""#, #""idiom" : "universal""#]
    if let scale { members.append(#""scale" : "\#(scale)""#) }
    if let gamut { members.append(#""display-gamut" : "\#(gamut)""#) }
    if let appearance {
      members.append(#""appearances" : [ { "appearance" : "luminosity", "value" : "\#(appearance)" } ]"#)
    }
    return "{ " + members.joined(separator: ", ") + " }"
  }

  /// A 4x4 PNG.
  static let small = DiagnosticTrigger.File.png(PNGSketch(4, 4))

  static let catalogReading: [Entry] = [
    Entry(
      "contents-unreadable", .error, "a set with no `Contents.json`, or one that is not a regular file or over 4 MiB",
      page: "lint.md#codes", trigger: lint([("A.imageset/a.png", small)])),
    Entry(
      "contents-invalid", .error,
      "a `Contents.json` that is not JSON (at its line), a known key of the wrong type or a value Xcode does not take "
        + "(`\"scale\" : \"-1x\"`), or a key given twice in one object",
      page: "lint.md#codes", trigger: lint([("A.imageset/Contents.json", .text("{ nope"))])),
    Entry(
      "unknown-key", .note, "a key gamut does not know, once per key and file; kept and not checked",
      page: "lint.md#codes", trigger: lint([("A.imageset/Contents.json", .text(#"{ "images" : [], "sparkle" : 1 }"#))])),
    Entry(
      "catalog-limit", .error, "groups nested deeper than 32 folders, a set with more than 10,000 entries",
      page: "lint.md#codes",
      trigger: lint([(String(repeating: "G/", count: 33) + "A.imageset/Contents.json", .text(#"{ "images" : [] }"#))])),
    Entry(
      "link-outside-catalog", .warning,
      "a symbolic link in a catalog or an Icon Composer bundle that leads outside it (or nowhere): not followed, not read",
      page: "lint.md#codes", trigger: lint(imageSet([], [("a.png", .link("../../../nowhere.png"))]))),
    Entry(
      "special-file", .warning, "a FIFO, socket or device inside a catalog or bundle; never opened",
      page: "lint.md#codes", trigger: lint(imageSet([], [("pipe.png", .fifo)]))),
    Entry(
      "nested-set", .error, "a set (or another catalog kind) inside a set's folder, where Xcode looks for no asset",
      page: "lint.md#codes", trigger: lint(imageSet([], [("Inner.imageset", .folder)]))),
  ]

  static let lint: [Entry] = [
    Entry(
      "missing-file", .error, "an entry names a file that is not in the set's folder (at the entry's line)",
      page: "lint.md#codes", trigger: lint(imageSet([image("gone.png")]))),
    Entry(
      "unlisted-file", .warning, "a file in a set's folder that no entry names (Xcode ignores it)",
      page: "lint.md#codes", trigger: lint(imageSet([], [("stray.png", small)])), fixable: true),
    Entry(
      "unchecked-kind", .note, "a folder of a kind lint does not check (`.launchimage`, `.dataset`...)",
      page: "lint.md#codes", trigger: lint([("Launch.launchimage", .folder)])),
    Entry(
      "wrong-file-type", .error, "a file whose bytes are not an image format Xcode reads (an HTML page named `.png`)",
      page: "lint.md#codes", trigger: lint(imageSet([image("a.png")], [("a.png", .text("<html><body></body></html>"))]))
    ),
    Entry(
      "misnamed-image", .note,
      "an image in another format than its name says that Xcode reads by its bytes (a WebP named `.png`): it builds, "
        + "but tools that trust the name do not",
      page: "lint.md#codes", trigger: lint(imageSet([image("a.png")], [("a.png", .text("GIF89a\u{1}\u{0}\u{1}\u{0}"))]))
    ),
    Entry(
      "fractional-points", .warning, "an @2x or @3x image whose pixel size is not a whole number of points",
      page: "lint.md#codes",
      trigger: lint(imageSet([image("a@2x.png", scale: "2x")], [("a@2x.png", .png(PNGSketch(5, 4)))]))),
    Entry(
      "untagged-image", .warning,
      "a PNG with no color information in a display-P3 slot: taken as sRGB, so Display P3 art comes out duller",
      page: "lint.md#codes",
      trigger: lint(
        imageSet(
          [image("s.png", gamut: "sRGB"), image("p.png", gamut: "display-P3")],
          [("s.png", small), ("p.png", .png(PNGSketch(4, 4, [250, 20, 20], tag: .none)))]))),
    Entry(
      "unusual-profile", .note,
      "color information other than sRGB, Display P3 or gray (Adobe RGB, a monitor's profile, a gAMA of 1.8), said as "
        + "the file carries it",
      page: "lint.md#codes",
      trigger: lint(imageSet([image("a.png")], [("a.png", .png(PNGSketch(4, 4, tag: .gamma(55_556))))])), fixable: true),
    Entry(
      "mixed-profiles", .warning, "the images of one display-gamut slot and appearance in different color spaces",
      page: "lint.md#codes",
      trigger: lint(
        imageSet(
          [image("a.png", scale: "1x"), image("a@2x.png", scale: "2x")],
          [("a.png", small), ("a@2x.png", .png(PNGSketch(8, 8, tag: .displayP3)))])), fixable: true),
    Entry(
      "p3-within-srgb", .warning,
      "an image in a `display-P3` slot whose every pixel lies in sRGB: the pair only adds size",
      page: "lint.md#codes",
      trigger: lint(
        imageSet(
          [image("s.png", gamut: "sRGB"), image("p.png", gamut: "display-P3")],
          [("s.png", small), ("p.png", .png(PNGSketch(4, 4, [90, 90, 90], tag: .displayP3)))]))),
    Entry(
      "needless-16-bit", .note, "a 16-bit PNG whose every sample 8 bits hold (v × 257)",
      page: "lint.md#codes",
      trigger: lint(imageSet([image("a.png")], [("a.png", .png(PNGSketch(4, 4, sixteen: true)))])), fixable: true),
    Entry(
      "duplicate-image", .note,
      "image sets holding files with the same bytes, once per pair of sets (app icon sets left out): a copy costs size",
      page: "lint.md#codes",
      trigger: lint(
        imageSet([image("a.png")], [("a.png", small)]) + imageSet([image("b.png")], [("b.png", small)], name: "B"))),
    Entry(
      "oversize-image", .warning, "an image over the pixel or byte budget (`lint: budgets:`), saying which",
      page: "lint.md#codes",
      trigger: lint(
        imageSet([image("a.png")], [("a.png", small)]), configuration: "lint: { budgets: { maxBytes: 10 } }\n")),
    Entry(
      "dark-rendition-copy", .note,
      "a dark rendition that is a copy of its slot's light or any-appearance one (another file, same bytes or pixels)",
      page: "lint.md#codes",
      trigger: lint(
        imageSet([image("l.png"), image("d.png", appearance: "dark")], [("l.png", small), ("d.png", small)])),
      fixable: true),
    Entry(
      "contents-layout", .note,
      "a `Contents.json` in the layout of an older Xcode (key order, spacing, line ends) with the same values as "
        + "today's; Xcode rewrites it when the set is next edited",
      page: "lint.md#codes",
      trigger: lint([
        (
          "A.imageset/Contents.json",
          .text("{\n  \"images\" : [\n\n  ],\n  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  }\n}")
        )
      ]), fixable: true),
    Entry(
      "duplicate-asset-name", .warning,
      "two sets of one catalog and namespace with one name, judged by their kinds: looked up alike (two image sets), "
        + "a warning (actool keeps one); a color and an image, a note; an app icon and an image, nothing",
      page: "lint.md#same-names",
      trigger: lint(imageSet([], name: "G1/A") + imageSet([], name: "G2/A"))),
    Entry(
      "symbol-collision", .note,
      "sets whose names Xcode's generated asset symbols turn into one Swift identifier (the later one gets no symbol)",
      page: "lint.md#the-identifier-rule", trigger: lint(imageSet([], name: "my-icon") + imageSet([], name: "my_icon"))),
  ]
}
