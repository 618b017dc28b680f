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
    // Across scales: each scale's size over its scale factor must agree (in points) with the scale most others
    // agree with, so that one odd file (a 2x image in the 1x slot) is the one reported.
    var byPoints: [RenditionTraits: [ScaledSize]] = [:]
    for (key, value) in byScale.sorted(by: { $0.key < $1.key }) {
      var pointKey = key
      pointKey.scale = 1
      byPoints[pointKey, default: []].append((value.path, key.scale, value.width, value.height))
    }
    for (_, sizes) in byPoints.sorted(by: { $0.key < $1.key }) where sizes.count > 1 {
      findings += scaleMismatches(sizes)
    }
    return findings
  }

  /// One rendition's file and pixel size at its scale.
  private typealias ScaledSize = (path: String, scale: Int, width: Int, height: Int)

  /// The `scale-size-mismatch` warnings of one slot's scales: each size measured against the one that agrees with
  /// the most others (the smallest scale among equals).
  private static func scaleMismatches(_ sizes: [ScaledSize]) -> [Diagnostic] {
    func agree(_ a: ScaledSize, _ b: ScaledSize) -> Bool {
      let (low, high) = a.scale <= b.scale ? (a, b) : (b, a)
      return sameInPoints(high.width, high.scale, low.width, low.scale)
        && sameInPoints(high.height, high.scale, low.height, low.scale)
    }
    let support = sizes.map { size in sizes.count { agree($0, size) } }
    let reference = sizes[support.firstIndex(of: support.max()!)!]
    return sizes.filter { !agree($0, reference) }.map { value in
      Diagnostic(
        path: value.path, severity: .warning, code: .scaleSizeMismatch,
        message: "@\(value.scale)x is \(value.width)x\(value.height), which is not \(value.scale)/\(reference.scale) "
          + "of '\(reference.path)' (@\(reference.scale)x, \(reference.width)x\(reference.height)), even allowing a pixel "
          + "of rounding")
    }
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
    guard let gamma = invertedGamma(chunks) else { return nil }
    let shown = String(format: "%.5g", gamma)
    return Diagnostic(
      path: path, severity: .warning, code: .invertedGamma,
      message: "gAMA says \(shown), which looks inverted (ordinary images store 1/\(shown) = "
        + String(format: "%.5f", 1 / gamma) + "); converted as the PNG specification reads it, which lightens the "
        + "image; if it looks washed out, fix the gAMA chunk (or tag the file sRGB)")
  }

  /// The gamma of a gAMA chunk that decides the color space and says more than 1; nil otherwise.
  static func invertedGamma(_ chunks: ColorChunks) -> Double? {
    guard let gamma = chunks.gamma, gamma > 1, ColorSpaceDecision(chunks: chunks).source == .gAMAcHRM else {
      return nil
    }
    return gamma
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
