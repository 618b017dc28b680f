extension AppIconLint {
  /// Transparency of an iOS or watchOS any-appearance icon, the light background of a dark one, the color of a tinted
  /// one. The rows are read a strip at a time: the alpha is counted on the file's own samples, a dark icon's outer
  /// ring of pixels kept and converted to sRGB alone, a tinted icon (at most 1024x1024, its size checked first)
  /// converted whole.
  func pixelFindings(_ image: LintImage) -> [Diagnostic] {
    let appearance = image.entry.luminosity
    guard image.entry.idiom != "mac" && image.entry.platform != "macos", appearance != "light" else { return [] }
    guard appearance != nil || image.header.hasAlpha else { return [] }
    var alpha = IconAlpha(width: image.header.width, height: image.header.height)
    var srgb: [PixelBuffer] = []
    do {
      let reader = try image.rows()
      let route =
        appearance == nil ? nil : try context.converter.route(for: reader.colorChunks, layout: reader.layout, to: .sRGB)
      var ring = PixelRing(height: reader.header.height)
      try reader.forEachStrip { rows, firstRow in
        alpha.add(rows, firstRow: firstRow)
        if appearance == "dark" { ring.add(rows, firstRow: firstRow) }
        if appearance == "tinted", let route { srgb.append(route.convert(rows, firstRow: firstRow)) }
      }
      if appearance == "dark", let route, let pixels = ring.pixels { srgb = [route.convert(pixels)] }
    } catch let error as PNGError {
      return [Diagnostic(path: image.path, severity: .error, code: .unreadablePNG, message: error.reason)]
    } catch {
      return [Diagnostic(path: image.path, severity: .error, code: .conversionFailed, message: "\(error)")]
    }
    switch appearance {
    case nil:
      return alpha.translucent > 0 ? [transparency(image, alpha: alpha)] : []
    case "dark" where alpha.translucent == 0:
      // One row of the ring's pixels: its border is all of it.
      let pixels = PixelBuffer.stacked(srgb)
      guard !pixels.layout.isGray, pixels.width > 0 else { return [] }
      let lightness = IconPixels(buffer: pixels, primaries: .rec709).borderLightness()
      guard lightness >= AppIconBuilder.lightBackgroundLightness else { return [] }
      return [
        Diagnostic(
          path: image.path, severity: .note, code: .appIconDarkLightBackground,
          message: "the dark icon has an opaque, light background (L* \(LintContext.format(lightness)) at its "
            + "edges); iOS draws its own dark background behind a dark icon whose background is transparent")
      ]
    case "tinted":
      let pixels = PixelBuffer.stacked(srgb)
      guard !pixels.layout.isGray else { return [] }
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

  /// `app-icon-alpha`: an error in the App Store icon when pixels are visibly transparent where the icon is seen
  /// (App Store Connect refuses it); a warning in another slot (the system shows the transparent parts black); a
  /// note when every non-opaque pixel is near-opaque or in a corner the mask cuts away.
  private func transparency(_ image: LintImage, alpha: IconAlpha) -> Diagnostic {
    let appStore = Self.isAppStoreSlot(image.entry)
    let severity: Diagnostic.Severity = alpha.visible == 0 ? .note : (appStore ? .error : .warning)
    let consequence: String
    switch (alpha.visible > 0, appStore) {
    case (true, true):
      consequence = "App Store Connect refuses an App Store icon with transparency; flatten it onto its background"
    case (true, false):
      consequence = "the system shows the transparent parts black; flatten it onto its background"
    case (false, true):
      consequence = "nothing shows, but if this is the App Store icon, save it without alpha to be safe"
    case (false, false):
      consequence = "nothing shows"
    }
    return Diagnostic(
      path: image.path, severity: severity, code: .appIconAlpha, message: "\(alpha.summary); \(consequence)")
  }
}
