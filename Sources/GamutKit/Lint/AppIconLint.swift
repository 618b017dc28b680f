/// The checks of an app icon set: each image's size for its slot, the App Store checks `gamut build` makes (alpha
/// judged by the pixels, the 1024 slot, tinted chroma, a light background on the dark icon), the slots the set's
/// platforms need and nothing fills, and the appearances an iOS icon can add.
struct AppIconLint {
  let context: LintContext

  /// The findings of `set`, and its PNG images.
  func check(_ set: CatalogSet) -> (findings: [Diagnostic], images: [LintImage]) {
    var findings = StructureLint.check(set, context: context)
    let loaded = ImageFileLint.load(set, context: context)
    findings += loaded.findings
    for image in loaded.images {
      findings += ImageFileLint.check(image, configuration: context.configuration)
      guard let size = sizeFinding(image) else {
        findings += pixelFindings(image)
        continue
      }
      findings.append(size)
    }
    findings += slotFindings(set)
    return (findings, loaded.images)
  }

  /// Whether the entry is an iOS or watchOS icon (which the App Store wants opaque), not a macOS one.
  private static func isOpaquePlatform(_ entry: CatalogEntry) -> Bool {
    entry.idiom != "mac" && entry.platform != "macos"
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
    guard let expected = Self.expectedPixels(image.entry), expected != width else { return nil }
    let slot = "\(image.entry.size ?? "")" + (image.entry.scale.map { " @\($0)" } ?? "")
    return Diagnostic(
      path: image.path, severity: .error, code: .appIconSize,
      message: "is \(width)x\(height) pixels; its slot (\(slot)) needs \(expected)x\(expected)")
  }

  /// Alpha for an iOS or watchOS any-appearance icon, the light background of a dark one, the color of a tinted one.
  private func pixelFindings(_ image: LintImage) -> [Diagnostic] {
    let appearance = image.entry.luminosity
    guard Self.isOpaquePlatform(image.entry), appearance != "light" else { return [] }
    guard appearance != nil || image.header.hasAlpha else { return [] }
    let decoded: PNGImage
    let pixels: PixelBuffer
    do {
      decoded = try image.decoded()
      // Alpha is judged on the file's own samples; the other measures on sRGB pixels.
      pixels = appearance == nil ? decoded.pixels : try context.converter.convert(decoded, to: .sRGB).pixels
    } catch {
      return [Diagnostic(path: image.path, severity: .error, code: .unreadablePNG, message: "\(error)")]
    }
    let translucent = Self.translucentPixels(decoded.pixels)
    switch appearance {
    case nil where translucent > 0:
      return [
        Diagnostic(
          path: image.path, severity: .error, code: .appIconAlpha,
          message: "\(translucent) pixels are not fully opaque; App Store Connect refuses an app icon with "
            + "transparency (the file has an alpha channel, and it is used)")
      ]
    case "dark" where translucent == 0 && !pixels.layout.isGray:
      let lightness = IconPixels(buffer: pixels, primaries: .rec709).borderLightness()
      guard lightness >= AppIconBuilder.lightBackgroundLightness else { return [] }
      return [
        Diagnostic(
          path: image.path, severity: .note, code: .appIconDarkLightBackground,
          message: "the dark icon has an opaque, light background (L* \(LintContext.format(lightness)) at its "
            + "edges); iOS draws its own dark background behind a dark icon whose background is transparent")
      ]
    case "tinted" where !pixels.layout.isGray:
      let deltaE = IconPixels(buffer: pixels, primaries: .rec709).largestDeltaEFromGray()
      guard deltaE > AppIconBuilder.tintedGrayTolerance else { return [] }
      return [
        Diagnostic(
          path: image.path, severity: .warning, code: .appIconTintedColor,
          message: "the tinted icon is not grayscale (largest ΔE2000 from its own gray "
            + "\(LintContext.format(deltaE))); iOS tints it from its luminance, so its colors are lost")
      ]
    default:
      return []
    }
  }

  /// The pixels whose alpha is below full, whatever the layout.
  static func translucentPixels(_ pixels: PixelBuffer) -> Int {
    guard pixels.layout.hasAlpha else { return 0 }
    let channels = pixels.layout.channels
    switch pixels.samples {
    case .eight(let samples):
      return stride(from: channels - 1, to: samples.count, by: channels).count { samples[$0] < 255 }
    case .sixteen(let samples):
      return stride(from: channels - 1, to: samples.count, by: channels).count { samples[$0] < 65535 }
    }
  }
}
