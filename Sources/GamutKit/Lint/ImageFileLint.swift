import Foundation

/// The checks on one image file that need only its chunks: color information, the color space, and the budgets.
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

  /// `untagged-image`, `unusual-profile`, the build's `unusable-profile` / `unusable-color-chunk` and
  /// `inverted-gamma`, and `oversize-image`.
  static func check(_ image: LintImage, configuration: LintConfiguration) -> [Diagnostic] {
    var findings = ImageChecks.fallbackDiagnostics(image.chunks, path: image.path)
    if let inverted = ImageChecks.invertedGammaDiagnostic(image.chunks, path: image.path) { findings.append(inverted) }
    if image.decision.source == .untagged {
      findings.append(
        Diagnostic(
          path: image.path, severity: .note, code: .untaggedImage,
          message: "no color information (no iCCP, sRGB, cICP, gAMA or cHRM chunk); it is taken as sRGB"))
    } else if !image.isUsualSpace {
      findings.append(unusualSpace(image))
    }
    let pixels = image.header.width * image.header.height
    if pixels > configuration.maximumPixels || image.bytes.count > configuration.maximumBytes {
      findings.append(
        Diagnostic(
          path: image.path, severity: .warning, code: .oversizeImage,
          message: "is \(image.header.width)x\(image.header.height) pixels and \(image.bytes.count) bytes, over the "
            + "budget of \(configuration.maximumPixels) pixels and \(configuration.maximumBytes) bytes (lint: budgets)"
        ))
    }
    return findings
  }

  /// `unusual-profile`: a warning for an embedded profile or cICP, a note for gAMA/cHRM alone.
  private static func unusualSpace(_ image: LintImage) -> Diagnostic {
    var what = "'\(image.decision.name)' (from \(image.decision.source.rawValue)"
    if let profile = image.chunks.iccProfile {
      let description = image.decision.profileInfo?.description ?? profile.name
      what += " '\(description)'"
    }
    what += ")"
    let monitor =
      image.decision.profileInfo?.deviceClassSignature == "mntr" && image.decision.identification?.space == .unknown
    let advice =
      monitor
      ? "it looks like a monitor's own profile, which describes one screen, not the artwork; convert the file to "
        + "sRGB or Display P3"
      : "devices show sRGB, Display P3 or gray as meant; convert the file to one of them"
    return Diagnostic(
      path: image.path, severity: image.decision.source == .gAMAcHRM ? .note : .warning, code: .unusualProfile,
      message: "color space \(what); \(advice)")
  }

  /// `fractional-points`: an image at @2x or @3x whose pixel size is not a whole number of points.
  static func fractionalPoints(_ image: LintImage) -> Diagnostic? {
    guard let scale = image.traits?.scale, scale > 1 else { return nil }
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
