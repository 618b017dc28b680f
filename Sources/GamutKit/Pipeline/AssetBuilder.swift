import Foundation

/// Builds one asset: decodes its sources, converts and checks them, decides its gamut renditions under the policy,
/// and writes the imageset (rendition files and `Contents.json`) atomically.
struct AssetBuilder: Sendable {
  var options: BuildOptions
  var converter: ColorConverter
  /// The catalog folder.
  var catalogPath: String
  /// The source folder.
  var sourceRoot: String

  /// A source that decoded, with its sRGB rendition and clipping check.
  private struct CheckedSource {
    var traits: RenditionTraits
    var file: SourceFile
    var hash: String
    var image: PNGImage
    var check: CheckResult
  }

  /// A file to write into the imageset.
  private struct PlannedRendition {
    var traits: RenditionTraits
    var source: CheckedSource
    var pixels: PixelBuffer
    var colorTag: PNGEncoder.ColorTag
  }

  /// Builds `asset`, whose sources have the given content bytes and hashes, and returns its record.
  /// `previous` is the asset's last record, whose files are removed when this build no longer writes them.
  func build(
    _ asset: CatalogPlan.Asset, contents: [String: [UInt8]], hashes: [String: String], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics: [Diagnostic] = []
    var checked: [CheckedSource] = []
    for (traits, file) in asset.sources.sorted(by: { $0.key < $1.key }) {
      let path = file.relativePath
      guard let bytes = contents[path], let hash = hashes[path] else {
        diagnostics.append(error(path, "unreadable", "the file could not be read"))
        continue
      }
      do {
        let image = try PNGDecoder(limits: options.limits).decode(bytes)
        if let finding = ImageChecks.unusableProfileDiagnostic(image.colorChunks, path: path) {
          diagnostics.append(finding)
        }
        let check = try converter.check(image, thresholds: options.thresholds)
        checked.append(CheckedSource(traits: traits, file: file, hash: hash, image: image, check: check))
      } catch let failure as PNGError {
        diagnostics.append(error(path, "unreadable-png", failure.reason))
      } catch {
        diagnostics.append(self.error(path, "conversion-failed", "\(error)"))
      }
    }
    guard !checked.isEmpty else {
      return failedRecord(asset, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    diagnostics += ImageChecks.sizeDiagnostics(checked.map { ($0.traits, $0.file.relativePath, $0.image.pixels) })
    let split = needsGamutPair(checked)
    var planned: [PlannedRendition] = []
    do {
      planned = try plan(checked, split: split, diagnostics: &diagnostics)
    } catch {
      diagnostics.append(self.error(asset.qualifiedName, "conversion-failed", "\(error)"))
      return failedRecord(asset, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    for source in checked where source.traits.appearance == .dark {
      if let finding = ImageChecks.darkWhiteDiagnostic(
        source.check.rendition.pixels, path: source.file.relativePath, limit: options.darkWhiteShareLimit)
      {
        diagnostics.append(finding)
      }
    }
    return write(
      asset, planned: planned, checked: checked, diagnostics: diagnostics, fingerprint: fingerprint,
      previous: previous)
  }

  /// Whether the asset gets paired sRGB and Display P3 renditions.
  private func needsGamutPair(_ checked: [CheckedSource]) -> Bool {
    if checked.contains(where: { $0.traits.gamut != nil }) { return true }
    switch options.gamutPolicy {
    case .both: return true
    case .srgb: return false
    case .auto: return checked.contains { $0.check.analysis.report.verdict != .ok }
    }
  }

  /// The renditions to write: one per slot, or an sRGB and a Display P3 one per slot when `split`.
  private func plan(_ checked: [CheckedSource], split: Bool, diagnostics: inout [Diagnostic]) throws
    -> [PlannedRendition]
  {
    var bySlot: [RenditionTraits: [CheckedSource]] = [:]
    for source in checked { bySlot[source.traits.withoutGamut, default: []].append(source) }
    var planned: [PlannedRendition] = []
    for slot in bySlot.keys.sorted() {
      let sources = bySlot[slot]!
      let handMadeSRGB = sources.first { $0.traits.gamut == .sRGB }
      let handMadeP3 = sources.first { $0.traits.gamut == .displayP3 }
      let main = sources.first { $0.traits.gamut == nil }
      guard let forSRGB = handMadeSRGB ?? main ?? handMadeP3 else { continue }
      diagnostics += clippingDiagnostics(forSRGB, split: split)
      var srgbTraits = slot
      srgbTraits.gamut = split ? .sRGB : nil
      let srgb = forSRGB.check.rendition
      planned.append(
        PlannedRendition(traits: srgbTraits, source: forSRGB, pixels: srgb.pixels, colorTag: srgb.colorTag))
      guard split, let forP3 = handMadeP3 ?? main ?? handMadeSRGB else { continue }
      let p3 = try converter.convert(forP3.image, to: .displayP3)
      var p3Traits = slot
      p3Traits.gamut = .displayP3
      planned.append(PlannedRendition(traits: p3Traits, source: forP3, pixels: p3.pixels, colorTag: p3.colorTag))
    }
    return planned
  }

  /// What the clipping verdict of a source means under the policy.
  private func clippingDiagnostics(_ source: CheckedSource, split: Bool) -> [Diagnostic] {
    let report = source.check.analysis.report
    guard report.verdict != .ok else { return [] }
    let path = source.file.relativePath
    let measures =
      "\(percent(report.outOfGamutShare)) of pixels outside sRGB, \(report.plateaus.count) clipping plateaus, "
      + "\(percent(report.lostDistinctions.share)) of neighbouring pairs merged, ΔE2000 max "
      + String(format: "%.1f", report.colorShift.max)
    if split {
      return [
        Diagnostic(
          path: path, severity: .note, code: "clipping-\(report.verdict.rawValue)",
          message: "sRGB rendition clips (\(measures)); a Display P3 rendition is written beside it")
      ]
    }
    let severity: Diagnostic.Severity = report.verdict == .error ? .error : .warning
    return [
      Diagnostic(
        path: path, severity: severity, code: "clipping-\(report.verdict.rawValue)",
        message: "colors clip on sRGB displays (\(measures)) and the gamut policy keeps sRGB only: "
          + report.reasons.joined(separator: "; "))
    ]
  }

  /// Encodes and writes the renditions and the imageset's `Contents.json`, and removes files of the previous build
  /// that this one does not write.
  private func write(
    _ asset: CatalogPlan.Asset, planned: [PlannedRendition], checked: [CheckedSource], diagnostics: [Diagnostic],
    fingerprint: String, previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics = diagnostics
    let folder = catalogPath + "/" + asset.imageSetPath
    var renditions: [AssetRecord.Rendition] = []
    do {
      try CatalogFiles.makeFolders(asset.imageSetPath, in: catalogPath)
      let encoder = PNGEncoder(compressionLevel: options.compressionLevel)
      for rendition in planned.sorted(by: { $0.traits < $1.traits }) {
        let fileName = rendition.traits.fileName(assetName: asset.name)
        let bytes = try encoder.encode(rendition.pixels, colorTag: rendition.colorTag)
        try CatalogFiles.writeIfChanged(bytes, to: folder + "/" + fileName)
        renditions.append(
          AssetRecord.Rendition(
            traits: rendition.traits, file: asset.imageSetPath + "/" + fileName,
            bitDepth: rendition.pixels.bitDepth, source: rendition.source.file.relativePath,
            sourceHash: rendition.source.hash, bytes: bytes.count))
      }
      let contents = ContentsFile.imageSet(
        renditions: planned.map { ($0.traits, $0.traits.fileName(assetName: asset.name)) },
        isTemplate: asset.isTemplate)
      try CatalogFiles.writeIfChanged(Array(contents.utf8), to: folder + "/Contents.json")
    } catch {
      diagnostics.append(self.error(asset.qualifiedName, "write-failed", "\(error)"))
      return failedRecord(asset, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    let written = Set(renditions.map(\.file))
    for old in previous?.renditions ?? [] where !written.contains(old.file) {
      CatalogFiles.remove(old.file, in: catalogPath)
    }
    return AssetRecord(
      name: asset.name, group: asset.groupPath.joined(separator: "/"), imageSet: asset.imageSetPath,
      template: asset.isTemplate, status: .built, renditions: renditions,
      pairs: AssetRecord.pairs(of: renditions),
      clipping: checked.map { AssetRecord.Clipping(source: $0.file.relativePath, image: $0.image, check: $0.check) },
      diagnostics: diagnostics, fingerprint: fingerprint)
  }

  /// The record of an asset that could not be built: the previous outputs stay in place (the catalog stays
  /// complete and valid) and the errors say why.
  private func failedRecord(
    _ asset: CatalogPlan.Asset, previous: AssetRecord?, diagnostics: [Diagnostic], fingerprint: String
  ) -> AssetRecord {
    AssetRecord(
      name: asset.name, group: asset.groupPath.joined(separator: "/"), imageSet: asset.imageSetPath,
      template: asset.isTemplate, status: .failed, renditions: previous?.renditions ?? [],
      pairs: previous?.pairs ?? [], clipping: [], diagnostics: diagnostics, fingerprint: fingerprint)
  }

  private func error(_ path: String, _ code: String, _ message: String) -> Diagnostic {
    Diagnostic(path: path, severity: .error, code: code, message: message)
  }

  private func percent(_ share: Double) -> String {
    String(format: "%.1f%%", share * 100)
  }
}
