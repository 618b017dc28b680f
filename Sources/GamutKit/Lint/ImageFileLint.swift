/// The checks on one image file that need only its chunks: the color information (what lint reads it as, never
/// what it would convert it to: lint converts nothing), and the budgets.
enum ImageFileLint {
  /// Loads the files the entries of `set` name and that exist; the images that are PNGs, and the findings about the
  /// others (not a PNG whatever the name says, unreadable).
  static func load(_ set: CatalogSet, context: LintContext) -> (images: [LintImage], findings: [Diagnostic]) {
    var images: [LintImage] = []
    var findings: [Diagnostic] = []
    var seen: Set<String> = []
    let present = Set(set.files)
    for entry in set.entries {
      guard let file = entry.filename, present.contains(file), seen.insert(file).inserted else { continue }
      let path = context.path(of: set, file: file)
      switch LintImage.load(path: path, entry: entry, limits: context.configuration.options.limits) {
      case .image(let image): images.append(image)
      case .finding(let finding): findings.append(finding)
      case .notChecked: break
      }
    }
    return (images, findings)
  }

  /// `unusable-profile` / `unusable-color-chunk`, `inverted-gamma`, `untagged-image` (in a display-P3 slot only),
  /// `unusual-profile`, and `oversize-image`.
  static func check(_ image: LintImage, configuration: LintConfiguration) -> [Diagnostic] {
    var findings = image.decision.fallbacks.map { fallback in
      Diagnostic(
        path: image.path, severity: .warning, code: fallback.chunk == "iCCP" ? .unusableProfile : .unusableColorChunk,
        message: "\(fallback.text); without it the file's colors are taken as \(image.readAs)")
    }
    let inverted = ImageChecks.invertedGamma(image.chunks)
    if let gamma = inverted {
      let shown = String(format: "%.5g", gamma)
      findings.append(
        Diagnostic(
          path: image.path, severity: .warning, code: .invertedGamma,
          message: "gAMA says \(shown), which looks inverted (ordinary images store 1/\(shown) = "
            + String(format: "%.5f", 1 / gamma) + "); read as the PNG specification says, the image comes out "
            + "lighter than drawn; fix the gAMA chunk (or tag the file sRGB)"))
    }
    if image.decision.source == .untagged {
      if image.entry.displayGamut == RenditionTraits.DisplayGamut.displayP3.rawValue {
        findings.append(
          Diagnostic(
            path: image.path, severity: .warning, code: .untaggedImage,
            message: "no color information (no iCCP, sRGB, cICP, gAMA or cHRM chunk) in a display-P3 slot: it is "
              + "taken as sRGB, so if it was drawn in Display P3 its colors come out duller; export it with its profile"
          ))
      }
    } else if inverted == nil, let described = ProfileDescription.unusual(image) {
      findings.append(
        Diagnostic(
          path: image.path, severity: .note, code: .unusualProfile,
          message: "\(described), neither sRGB nor Display P3; Apple's platforms convert it when they draw it, but "
            + "tools that ignore profiles show it otherwise; export it as sRGB or Display P3"))
    }
    if let oversize = oversize(image, configuration: configuration) { findings.append(oversize) }
    return findings
  }

  /// `oversize-image`: the budget the image is over, pixels or bytes, each said only when it is over.
  private static func oversize(_ image: LintImage, configuration: LintConfiguration) -> Diagnostic? {
    let (width, height) = (image.header.width, image.header.height)
    var over: [String] = []
    if width * height > configuration.maximumPixels {
      over.append("\(width)x\(height) pixels is over the budget of \(configuration.maximumPixels) pixels (maxPixels)")
    }
    if image.bytes.count > configuration.maximumBytes {
      over.append("\(image.bytes.count) bytes is over the budget of \(configuration.maximumBytes) bytes (maxBytes)")
    }
    guard !over.isEmpty else { return nil }
    return Diagnostic(
      path: image.path, severity: .warning, code: .oversizeImage,
      message: over.joined(separator: ", and ") + " of lint: budgets")
  }

  /// `fractional-points`: an image at @2x or @3x whose pixel size is not a whole number of points; not judged at a
  /// scale the catalog's platforms never draw (3x in a catalog for macOS only).
  static func fractionalPoints(_ image: LintImage, platforms: CatalogPlatforms) -> Diagnostic? {
    guard let scale = image.traits?.scale, scale > 1, platforms.draws(scale: scale) else { return nil }
    let (width, height) = (image.header.width, image.header.height)
    guard width % scale != 0 || height % scale != 0 else { return nil }
    return Diagnostic(
      path: image.path, severity: .warning, code: .fractionalPoints,
      message: "is \(width)x\(height) pixels at @\(scale)x, which is \(points(width, scale))x\(points(height, scale)) "
        + "points: not a whole number, so it draws blurred or shifted by a fraction of a point")
  }

  private static func points(_ pixels: Int, _ scale: Int) -> String {
    pixels % scale == 0 ? "\(pixels / scale)" : String(format: "%.2f", Double(pixels) / Double(scale))
  }
}
