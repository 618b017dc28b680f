import Foundation

/// Checks that need an asset's decoded images: scale sizes, light/dark sizes, white areas in dark renditions, an
/// embedded profile that cannot be used.
enum ImageChecks {
  /// A warning for each color chunk passed over because it could not be used (an iCCP profile refused, unreadable,
  /// for other data or for another kind of image; an invalid cICP; a gAMA/cHRM that makes no profile): the PNG
  /// rules then take the next color chunk, or sRGB, and the user must know the colors were not read the way the
  /// file meant. The code is `unusable-profile` for an iCCP, `unusable-color-chunk` for the others.
  static func fallbackDiagnostics(_ chunks: ColorChunks, path: String) -> [Diagnostic] {
    let decision = ColorSpaceDecision.of(chunks)
    return decision.fallbacks.map { fallback in
      Diagnostic(
        path: path, severity: .warning, code: fallback.chunk == "iCCP" ? .unusableProfile : .unusableColorChunk,
        message: decision.warning(for: fallback))
    }
  }

  /// @2x and @3x renditions must be twice and three times their @1x size (or 3:2 of each other without a @1x),
  /// and the light, dark and high-contrast renditions of one scale must have one size.
  static func sizeDiagnostics(_ images: [(traits: RenditionTraits, path: String, width: Int, height: Int)])
    -> [Diagnostic]
  {
    var findings: [Diagnostic] = []
    // Same scale, other appearance or contrast: sizes must match the first one found.
    var byScale: [RenditionTraits: (path: String, width: Int, height: Int)] = [:]
    for image in images {
      var key = image.traits.withoutGamut
      key.appearance = .any
      key.highContrast = false
      if let first = byScale[key] {
        if first.width != image.width || first.height != image.height {
          findings.append(
            Diagnostic(
              path: image.path, severity: .warning, code: .appearanceSizeMismatch,
              message: "is \(image.width)x\(image.height) but '\(first.path)' of the same slot is "
                + "\(first.width)x\(first.height)"))
        }
      } else {
        byScale[key] = (image.path, image.width, image.height)
      }
    }
    // Across scales: each scale's size over its scale factor must agree (in points).
    var byPoints: [RenditionTraits: (path: String, scale: Int, width: Int, height: Int)] = [:]
    for (key, value) in byScale.sorted(by: { $0.key < $1.key }) {
      var pointKey = key
      pointKey.scale = 1
      guard let reference = byPoints[pointKey] else {
        byPoints[pointKey] = (value.path, key.scale, value.width, value.height)
        continue
      }
      if !Self.sameInPoints(value.width, key.scale, reference.width, reference.scale)
        || !Self.sameInPoints(value.height, key.scale, reference.height, reference.scale)
      {
        findings.append(
          Diagnostic(
            path: value.path, severity: .warning, code: .scaleSizeMismatch,
            message: "@\(key.scale)x is \(value.width)x\(value.height), which is not \(key.scale)/\(reference.scale) "
              + "of '\(reference.path)' (\(reference.width)x\(reference.height)), even allowing a pixel of rounding"))
      }
    }
    return findings
  }

  /// Whether `pixels` at `scale` agree with `referencePixels` at the smaller `referenceScale`: off by at most one
  /// pixel from the exact multiple, which is how an odd or fractional point size rounds (25 px @1x goes with 49,
  /// 50 or 51 px @2x; 67 px @2x with 100 or 101 px @3x).
  static func sameInPoints(_ pixels: Int, _ scale: Int, _ referencePixels: Int, _ referenceScale: Int) -> Bool {
    abs(pixels * referenceScale - referencePixels * scale) <= referenceScale
  }

  /// A warning when the gAMA chunk decides the color space and says a gamma above 1 (2.2, say, stored as
  /// 220000). PNG's gAMA is the encoding exponent, 1/2.2 = 0.45455 for ordinary images; a value of 2.2 is almost
  /// always 2.2 written where 1/2.2 was meant. The spec's reading is kept (the file converts as it says, which
  /// washes it out), and the warning says how to fix the file.
  static func invertedGammaDiagnostic(_ chunks: ColorChunks, path: String) -> Diagnostic? {
    guard let gamma = chunks.gamma, gamma > 1, ColorSpaceDecision(chunks: chunks).source == .gAMAcHRM else {
      return nil
    }
    let shown = String(format: "%.5g", gamma)
    return Diagnostic(
      path: path, severity: .warning, code: .invertedGamma,
      message: "gAMA says \(shown), which looks inverted (ordinary images store 1/\(shown) = "
        + String(format: "%.5f", 1 / gamma) + "); converted as the PNG specification reads it, which lightens the "
        + "image; if it looks washed out, fix the gAMA chunk (or tag the file sRGB)")
  }

  /// Counts, strip by strip, the visible pixels of a dark rendition's sRGB pixels that are near pure white (every
  /// color channel at least 250 of 255; visible: alpha at least 128), and all its pixels.
  struct WhiteArea {
    /// The share of the canvas that must be opaque for the image to have a background that could be white.
    static let backgroundCoverage = 0.9

    private(set) var visible = 0
    private(set) var white = 0
    private(set) var total = 0

    /// Counts the pixels of `srgb`, 8-bit rows of the sRGB rendition.
    mutating func add(_ srgb: PixelBuffer) {
      guard case .eight(let samples) = srgb.samples else { return }
      let channels = srgb.layout.channels
      let colorChannels = srgb.layout.isGray ? 1 : 3
      let hasAlpha = srgb.layout.hasAlpha
      total += srgb.width * srgb.height
      samples.withUnsafeBufferPointer { samples in
        var index = 0
        while index < samples.count {
          if !hasAlpha || samples[index + channels - 1] >= 128 {
            visible += 1
            var isWhite = true
            for channel in 0..<colorChannels where samples[index + channel] < 250 { isWhite = false }
            if isWhite { white += 1 }
          }
          index += channels
        }
      }
    }

    /// A warning when more than `limit` of the visible pixels are near pure white, in an image that is opaque over
    /// at least ``backgroundCoverage`` of its canvas: Apple's guidance is to soften white backgrounds in Dark Mode.
    /// A mostly transparent image (a white logo or glyph on transparency) draws over the app's own dark
    /// background; its white is foreground, which is what a dark rendition is for, so it is not judged.
    func diagnostic(path: String, limit: Double) -> Diagnostic? {
      guard visible > 0, Double(visible) >= Self.backgroundCoverage * Double(total),
        Double(white) / Double(visible) > limit
      else { return nil }
      let share = Int((Double(white) / Double(visible) * 100).rounded())
      return Diagnostic(
        path: path, severity: .warning, code: .darkWhiteArea,
        message: "\(share)% of this dark rendition is near pure white; soften white backgrounds in Dark Mode")
    }
  }
}
