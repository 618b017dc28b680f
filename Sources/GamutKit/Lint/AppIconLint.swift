/// The checks of an app icon set: an empty set (Xcode's template, left unused) once; each image's size for its
/// slot; transparency judged by the pixels (an error only in the App Store icon, where App Store Connect refuses it);
/// tinted chroma and a light background on the dark icon; tinted and dark icons that copy another appearance; the
/// slots the set's platforms need and nothing fills, and the appearances an iOS icon can add.
struct AppIconLint {
  let context: LintContext

  /// The largest side of an image in any app icon slot (the 1024 App Store icon, macOS's 512 at 2x).
  static let largestSide = 1024

  /// The findings of `set`, and its PNG images.
  func check(_ set: CatalogSet) -> (findings: [Diagnostic], images: [LintImage]) {
    var findings = StructureLint.check(set, context: context)
    if set.document != nil, !set.entries.contains(where: { $0.filename != nil }), set.files.isEmpty {
      findings.append(
        context.atEntry(
          set, line: set.entries.first?.line, .note, .appIconEmpty,
          "the app icon set has no image at all (Xcode's template, as widget extensions and helper targets keep "
            + "it); it is probably unused, and lint checks nothing else of it"))
      return (findings, [])
    }
    let loaded = ImageFileLint.load(set, context: context)
    findings += loaded.findings
    let copies = AppIconCopies(set: set, images: loaded.images, context: context)
    for image in loaded.images {
      findings += ImageFileLint.check(image, configuration: context.configuration)
      if let size = sizeFinding(image) {
        findings.append(size)
      } else if !copies.tintedCopies.contains(image.entry.filename ?? "") {
        findings += pixelFindings(image)
      }
    }
    findings += copies.findings
    findings += slotFindings(set)
    return (findings, loaded.images)
  }

  /// Whether the entry is an iOS or watchOS icon (which the App Store wants opaque), not a macOS one.
  private static func isOpaquePlatform(_ entry: CatalogEntry) -> Bool {
    entry.idiom != "mac" && entry.platform != "macos"
  }

  /// Whether the entry is the App Store icon of iOS or watchOS: `ios-marketing`, `watch-marketing`, or the
  /// single-size `universal` entry of `ios` or `watchos`.
  static func isAppStoreSlot(_ entry: CatalogEntry) -> Bool {
    ["ios-marketing", "watch-marketing"].contains(entry.idiom)
      || (entry.idiom == "universal" && ["ios", "watchos"].contains(entry.platform))
  }

  /// The pixels the entry's slot needs: `size` in points times `scale`; nil when it does not say.
  static func expectedPixels(_ entry: CatalogEntry) -> Int? {
    guard let size = entry.size, let points = Double(size.split(separator: "x").first ?? "") else { return nil }
    let scale = entry.scale.flatMap { Double($0.dropLast()) } ?? 1
    return Int((points * scale).rounded())
  }

  /// `app-icon-not-square` or `app-icon-size`, or nil when the image fits its slot.
  private func sizeFinding(_ image: LintImage) -> Diagnostic? {
    let (width, height) = (image.header.width, image.header.height)
    guard width == height else {
      return Diagnostic(
        path: image.path, severity: .error, code: .appIconNotSquare,
        message: "is \(width)x\(height) pixels; an app icon is square")
    }
    let needs: String
    if let expected = Self.expectedPixels(image.entry), expected != width {
      needs = "\(expected)x\(expected)"
    } else if width > Self.largestSide {
      needs = "no more than \(Self.largestSide)x\(Self.largestSide), the largest app icon"
    } else {
      return nil
    }
    let slot = "\(image.entry.size ?? "")" + (image.entry.scale.map { " @\($0)" } ?? "")
    return Diagnostic(
      path: image.path, severity: .error, code: .appIconSize,
      message: "is \(width)x\(height) pixels; its slot (\(slot)) needs \(needs)")
  }
}
