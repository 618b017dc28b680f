import Foundation

/// Builds one app icon set: reads the artwork of each appearance and the hand-tuned sizes, converts each to sRGB or
/// (for a wide-gamut icon) Display P3, checks it against the App Store's and the HIG's rules, makes every size the
/// platforms need with the ``Resampler``, and writes the images and `Contents.json`.
///
/// An icon with an error (a source that cannot be read, a wrong size, transparency the App Store refuses) is not
/// written: its previous files stay, as for image sets.
struct AppIconBuilder: CatalogFolderBuilder, Sendable {
  var options: BuildOptions
  var converter: ColorConverter
  var catalogPath: String

  /// A source read, converted and checked for clipping.
  private struct Prepared {
    var file: SourceFile
    var hash: String
    var pixels: IconPixels
    var target: ConversionTarget
    var colorChunks: ColorChunks
    var report: ClippingReport
  }

  /// An image to put into the set.
  private struct Output {
    var slot: AppIconSlot
    var pixels: PixelBuffer
    var source: Prepared
    /// Made by the resampler rather than taken from a source of this size.
    var generated: Bool
  }

  /// Builds `icon` from its opened sources (by relative path) with the given content hashes.
  func build(
    _ icon: CatalogPlan.AppIcon, sources: [String: OpenedSource], hashes: [String: String], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    if icon.copiesUnchanged {
      return buildCopies(icon, sources: sources, hashes: hashes, fingerprint: fingerprint, previous: previous)
    }
    let platforms = options.appIcons.platforms
    var diagnostics: [Diagnostic] = []
    var failed = false
    var prepared: [AppIconSourceName.Role: Prepared] = [:]
    for (role, file) in icon.sources.sorted(by: { $0.key < $1.key }) {
      let path = file.relativePath
      if let unused = unusedDiagnostic(role, path: path) {
        diagnostics.append(unused)
        continue
      }
      guard let source = sources[path], let hash = hashes[path] else {
        diagnostics.append(error(path, .unreadable, "the file could not be read"))
        failed = true
        continue
      }
      do {
        guard let converted = try prepare(source, role: role, file: file, hash: hash, diagnostics: &diagnostics)
        else {
          failed = true
          continue
        }
        prepared[role] = converted
      } catch {
        diagnostics.append(readFailureDiagnostic(path, error))
        failed = true
      }
    }
    let tunedAll = AppIconSlot.slots(platforms: [.macos], iOSAppearances: []).allSatisfy {
      prepared[.macSize(points: $0.points, scale: $0.scale)] != nil
    }
    let needsArtwork =
      platforms.contains(.ios) || (platforms.contains(.macos) && !tunedAll)
      || (platforms.contains(.watchos) && prepared[.watchArtwork] == nil)
    if !failed && prepared[.artwork(.any)] == nil && needsArtwork {
      diagnostics.append(
        error(
          icon.qualifiedName, .appIconMissingArtwork,
          "no any-appearance artwork: add '\(icon.name).png' (1024x1024), from which every size is made"))
      failed = true
    }
    guard !failed, let outputs = makeOutputs(prepared, diagnostics: &diagnostics) else {
      return failedRecord(icon.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    return write(
      icon, outputs: outputs, prepared: prepared, diagnostics: diagnostics, fingerprint: fingerprint,
      previous: previous)
  }

  /// The warning for a source that no enabled platform uses, or nil.
  private func unusedDiagnostic(_ role: AppIconSourceName.Role, path: String) -> Diagnostic? {
    let platforms = options.appIcons.platforms
    switch role {
    case .artwork(.any):
      return nil
    case .artwork:
      if platforms.contains(.ios) { return nil }
    case .macSize:
      if platforms.contains(.macos) { return nil }
    case .watchArtwork:
      if platforms.contains(.watchos) { return nil }
    }
    let list = AppIconSlot.Platform.allCases.filter(platforms.contains).map(\.rawValue).joined(separator: ", ")
    return Diagnostic(
      path: path, severity: .warning, code: .appIconUnused,
      message: "no image of the icon set for the platforms enabled (appIcon: platforms: [\(list)]) uses this file")
  }

  /// Decodes a source, checks its size, and converts it; nil (with an error in `diagnostics`) when its size is wrong.
  private func prepare(
    _ source: OpenedSource, role: AppIconSourceName.Role, file: SourceFile, hash: String,
    diagnostics: inout [Diagnostic]
  ) throws -> Prepared? {
    let reader = try source.rowReader(limits: options.limits)
    let header = reader.header
    let expected = role.slot.pixels
    guard header.width == header.height else {
      diagnostics.append(
        error(
          file.relativePath, .appIconNotSquare,
          "is \(header.width)x\(header.height) pixels; an app icon is square, here \(expected)x\(expected)"))
      return nil
    }
    guard header.width == expected else {
      let what =
        switch role {
        case .artwork: "the artwork every size is made from"
        case .macSize(let points, let scale): "the macOS \(points)x\(points) image at \(scale)x"
        case .watchArtwork: "the watchOS image"
        }
      diagnostics.append(
        error(
          file.relativePath, .appIconSize,
          "is \(header.width)x\(header.height) pixels; \(what) must be \(expected)x\(expected)"))
      return nil
    }
    let pixels = try reader.readRows(header.height)
    try reader.finish()
    guard source.isUnchanged else { throw SourcePass.SourceChanged() }
    let image = PNGImage(header: header, colorChunks: reader.colorChunks, pixels: pixels)
    diagnostics += ImageChecks.fallbackDiagnostics(image.colorChunks, path: file.relativePath)
    let check = try converter.check(image, thresholds: options.thresholds)
    let report = check.analysis.report
    let wide: Bool
    switch options.gamutPolicy {
    case .both: wide = true
    case .srgb: wide = false
    case .auto: wide = report.verdict != .ok || Self.isWide(ColorSpaceDecision(chunks: image.colorChunks).name)
    }
    let target: ConversionTarget = wide ? .displayP3 : .sRGB
    let converted = wide ? try converter.convert(image, to: .displayP3).pixels : check.rendition.pixels
    diagnostics += clippingDiagnostics(report, path: file.relativePath, wide: wide)
    return Prepared(
      file: file, hash: hash,
      pixels: IconPixels(buffer: converted, primaries: wide ? .displayP3 : .rec709), target: target,
      colorChunks: image.colorChunks, report: report)
  }

  /// Whether a color space is wider than sRGB, so that an icon in it keeps a wide-gamut rendition.
  private static func isWide(_ name: String) -> Bool {
    name != "sRGB" && !name.hasPrefix("sRGB primaries")
  }

  /// The images of the set, with the checks of each appearance; nil when a check found an error.
  private func makeOutputs(_ prepared: [AppIconSourceName.Role: Prepared], diagnostics: inout [Diagnostic])
    -> [Output]?
  {
    let settings = options.appIcons
    var finished: [AppIconSlot.Appearance: PixelBuffer] = [:]
    for appearance in AppIconSlot.Appearance.allCases {
      guard let source = prepared[.artwork(appearance)] else { continue }
      let needed =
        appearance == .any
        ? settings.platforms.contains(.ios) || settings.platforms.contains(.watchos)
        : settings.platforms.contains(.ios)
      guard needed else { continue }
      guard let pixels = checked(source, appearance: appearance, diagnostics: &diagnostics) else { return nil }
      finished[appearance] = pixels
    }
    var watch: Output?
    if settings.platforms.contains(.watchos), let tuned = prepared[.watchArtwork] {
      guard let pixels = checked(tuned, appearance: .any, diagnostics: &diagnostics) else { return nil }
      watch = Output(slot: AppIconSlot(platform: .watchos), pixels: pixels, source: tuned, generated: false)
    }
    let appearances = Set(finished.keys)
    var resampler: Resampler?
    var outputs: [Output] = []
    for slot in AppIconSlot.slots(platforms: settings.platforms, iOSAppearances: appearances) {
      switch slot.platform {
      case .watchos where watch != nil:
        outputs.append(watch!)
      case .ios, .watchos:
        guard let pixels = finished[slot.appearance] else { continue }
        outputs.append(
          Output(slot: slot, pixels: pixels, source: prepared[.artwork(slot.appearance)]!, generated: false))
      case .macos:
        if let tuned = prepared[.macSize(points: slot.points, scale: slot.scale)] {
          outputs.append(
            Output(slot: slot, pixels: Self.opaqueWithoutAlpha(tuned.pixels), source: tuned, generated: false))
          continue
        }
        let artwork = prepared[.artwork(.any)]!
        if resampler == nil { resampler = Resampler(artwork.pixels.buffer, curve: .sRGB) }
        let resized = IconPixels(
          buffer: resampler!.resized(width: slot.pixels, height: slot.pixels), primaries: artwork.pixels.primaries)
        outputs.append(Output(slot: slot, pixels: Self.opaqueWithoutAlpha(resized), source: artwork, generated: true))
      }
    }
    return outputs
  }

  /// The pixels without their alpha channel when every pixel is opaque.
  private static func opaqueWithoutAlpha(_ pixels: IconPixels) -> PixelBuffer {
    pixels.translucentPixels == 0 ? pixels.droppingAlpha() : pixels.buffer
  }

  /// The checks of one appearance's artwork, and the pixels to write: the any appearance without alpha (flattened
  /// onto the configured background when it has transparent pixels, else an error), the dark one with a note when
  /// its background is opaque and light, the tinted one with a warning (or converted) when it is not gray. Nil
  /// (with the error in `diagnostics`) for an any-appearance icon with transparency and no background to flatten on.
  private func checked(_ source: Prepared, appearance: AppIconSlot.Appearance, diagnostics: inout [Diagnostic])
    -> PixelBuffer?
  {
    let settings = options.appIcons
    let path = source.file.relativePath
    let translucent = source.pixels.translucentPixels
    switch appearance {
    case .any:
      guard translucent > 0 else { return source.pixels.droppingAlpha() }
      guard let background = settings.background else {
        diagnostics.append(
          error(
            path, .appIconAlpha,
            "\(translucent) pixels are not fully opaque; App Store Connect refuses an app icon with transparency: "
              + "make the artwork opaque, or set appIcon: { background: \"#RRGGBB\" } to flatten it onto a color"))
        return nil
      }
      let hex = background.map { String(format: "%02X", $0) }.joined()
      diagnostics.append(
        Diagnostic(
          path: path, severity: .note, code: .appIconFlattened,
          message: "\(translucent) pixels that are not fully opaque were flattened onto #\(hex) (appIcon: background)"))
      return source.pixels.flattened(onto: background)
    case .dark:
      if translucent == 0 {
        let lightness = source.pixels.borderLightness()
        if lightness >= Self.lightBackgroundLightness {
          diagnostics.append(
            Diagnostic(
              path: path, severity: .note, code: .appIconDarkLightBackground,
              message: "the dark icon has an opaque, light background (L* \(String(format: "%.0f", lightness)) at its "
                + "edges); iOS draws its own dark background behind a dark icon whose background is transparent"))
        }
      }
      return Self.opaqueWithoutAlpha(source.pixels)
    case .tinted:
      let deltaE = source.pixels.largestDeltaEFromGray()
      var pixels = source.pixels
      if deltaE > Self.tintedGrayTolerance {
        if settings.tintedToGrayscale {
          pixels.buffer = pixels.grayscale()
        } else {
          diagnostics.append(
            Diagnostic(
              path: path, severity: .warning, code: .appIconTintedColor,
              message: "the tinted icon is not grayscale (largest ΔE2000 from its own gray "
                + "\(String(format: "%.1f", deltaE))); iOS tints it from its luminance, so its colors are lost: "
                + "make it gray, or set appIcon: { tinted: grayscale }"))
        }
      }
      return Self.opaqueWithoutAlpha(pixels)
    }
  }

  /// The ΔE2000 from gray above which a tinted icon's color counts as visible.
  static let tintedGrayTolerance = 2.0
  /// The mean L* of a dark icon's edge above which its background counts as light.
  static let lightBackgroundLightness = 50.0

  /// What the clipping verdict of a source means for an icon: a wide-gamut icon keeps Display P3 (a note); under
  /// `gamut: srgb` the clipping is reported as for images.
  private func clippingDiagnostics(_ report: ClippingReport, path: String, wide: Bool) -> [Diagnostic] {
    guard report.verdict != .ok else { return [] }
    let measures =
      String(format: "%.1f%%", report.outOfGamutShare * 100) + " of pixels outside sRGB, "
      + "\(report.plateaus.count) clipping plateaus, ΔE2000 max " + String(format: "%.1f", report.colorShift.max)
    if wide {
      return [
        Diagnostic(
          path: path, severity: .note, code: .clipping(report.verdict),
          message: "colors outside sRGB (\(measures)); the icon is written in Display P3 with its profile")
      ]
    }
    return [
      Diagnostic(
        path: path, severity: report.verdict == .error ? .error : .warning, code: .clipping(report.verdict),
        message: "colors clip on sRGB displays (\(measures)) and the gamut policy keeps sRGB only: "
          + report.reasons.joined(separator: "; "))
    ]
  }

  /// Encodes and writes the images (a file whose bytes did not change is left alone) and `Contents.json`, removes
  /// the previous build's files that are no longer written, and returns the record.
  private func write(
    _ icon: CatalogPlan.AppIcon, outputs: [Output], prepared: [AppIconSourceName.Role: Prepared],
    diagnostics: [Diagnostic], fingerprint: String, previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics = diagnostics
    let folder = catalogPath + "/" + icon.folderPath
    let written = writingFiles(of: icon.qualifiedName, diagnostics: &diagnostics) {
      () throws -> [AssetRecord.Rendition] in
      var renditions: [AssetRecord.Rendition] = []
      try CatalogFiles.makeFolders(icon.folderPath, in: catalogPath)
      let encoder = PNGEncoder(compressionLevel: options.compressionLevel)
      for output in outputs {
        let fileName = output.slot.fileName(iconName: icon.name)
        let bytes = try encoder.encode(output.pixels, colorTag: output.source.target.colorTag)
        try CatalogFiles.writeIfChanged(bytes, to: folder + "/" + fileName)
        renditions.append(
          AssetRecord.Rendition(
            idiom: output.slot.platform == .macos ? "mac" : "universal", scale: "\(output.slot.scale)x",
            appearance: output.slot.appearance.rawValue, contrast: "normal", gamut: "any",
            file: icon.folderPath + "/" + fileName, bitDepth: output.pixels.bitDepth,
            source: output.source.file.relativePath, sourceHash: output.source.hash, bytes: bytes.count,
            platform: output.slot.platform.rawValue, size: "\(output.slot.points)x\(output.slot.points)",
            generated: output.generated))
      }
      let contents = ContentsFile.appIconSet(images: outputs.map { ($0.slot, $0.slot.fileName(iconName: icon.name)) })
      try CatalogFiles.writeIfChanged(Array(contents.utf8), to: folder + "/Contents.json")
      return renditions
    }
    guard let renditions = written else {
      return failedRecord(icon.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    return builtRecord(
      icon.builtFolder, renditions: renditions, pairs: [],
      clipping: prepared.sorted(by: { $0.key < $1.key }).map {
        AssetRecord.Clipping(
          source: $0.value.file.relativePath, colorChunks: $0.value.colorChunks, report: $0.value.report)
      },
      diagnostics: diagnostics, fingerprint: fingerprint, previous: previous)
  }
}

extension CatalogBuilder {
  /// The job of an app icon set.
  func appIconJob(_ icon: CatalogPlan.AppIcon, _ converter: ColorConverter) -> Job {
    let builder = AppIconBuilder(options: options, converter: converter, catalogPath: catalogPath)
    return Job(
      key: icon.folderPath, name: icon.qualifiedName,
      sources: icon.sources.sorted(by: { $0.key < $1.key }).map {
        ($0.key.slot.fileName(iconName: icon.name), $0.value)
      },
      options: options.appIcons.fingerprint + "\n" + copyOptions(icon)
    ) { builder.build(icon, sources: $0, hashes: $1, fingerprint: $2, previous: $3) }
  }

  /// What decides a copied icon's files besides its options: that it is copied, and its files' names.
  private func copyOptions(_ icon: CatalogPlan.AppIcon) -> String {
    guard icon.copiesUnchanged else { return "" }
    let names = icon.sources.values.map(\.relativePath).sorted().compactMap { path in
      options.catalogRules.fileNames[path].map { path + "=" + $0 }
    }
    return "copied\n" + names.map { $0 + "\n" }.joined()
  }
}
