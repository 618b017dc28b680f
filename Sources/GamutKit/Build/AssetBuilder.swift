import Foundation

/// Builds one asset: decodes its sources, converts and checks them, decides its gamut renditions under the policy,
/// and writes the imageset (rendition files and `Contents.json`) atomically.
struct AssetBuilder: CatalogFolderBuilder, Sendable {
  var options: BuildOptions
  var converter: ColorConverter
  /// The catalog folder.
  var catalogPath: String
  /// The source folder.
  var sourceRoot: String

  /// A source that decoded, with its clipping check and the renditions written from it so far.
  private struct CheckedSource {
    var traits: RenditionTraits
    var file: SourceFile
    var hash: String
    var source: OpenedSource
    var output: SourcePass.Output
    var report: ClippingReport
  }

  /// Which source makes each slot's renditions: per slot (traits without gamut), a hand-made sRGB source for the
  /// sRGB rendition, else the main one, else a hand-made Display P3 one; the reverse for Display P3.
  private struct Roles {
    var sRGB: [RenditionTraits: RenditionTraits] = [:]
    var displayP3: [RenditionTraits: RenditionTraits] = [:]

    init(_ traits: [RenditionTraits]) {
      var bySlot: [RenditionTraits: [RenditionTraits]] = [:]
      for source in traits { bySlot[source.withoutGamut, default: []].append(source) }
      for (slot, sources) in bySlot {
        let handMadeSRGB = sources.first { $0.gamut == .sRGB }
        let handMadeP3 = sources.first { $0.gamut == .displayP3 }
        let main = sources.first { $0.gamut == nil }
        sRGB[slot] = handMadeSRGB ?? main ?? handMadeP3
        displayP3[slot] = handMadeP3 ?? main ?? handMadeSRGB
      }
    }

    /// The slots whose sRGB rendition `source` makes.
    func makesSRGB(_ source: RenditionTraits) -> Bool { sRGB[source.withoutGamut] == source }
    /// The slots whose Display P3 rendition `source` makes, when the asset is split.
    func makesP3(_ source: RenditionTraits) -> Bool { displayP3[source.withoutGamut] == source }
  }

  /// A file to put into the imageset.
  private struct PlannedRendition {
    var traits: RenditionTraits
    var source: CheckedSource
    var written: RenditionWriter
  }

  /// Builds `asset` from its opened sources (by relative path; a source missing there could not be read) with the
  /// given content hashes, and returns its record. `previous` is the asset's last record, whose files are removed
  /// when this build no longer writes them.
  ///
  /// Every source is read once to convert it to sRGB and measure its clipping, writing the renditions it is known
  /// to make; when the gamut policy then asks for Display P3 renditions (or a source failed and another takes its
  /// place), the sources concerned are read again for them.
  func build(
    _ asset: CatalogPlan.Asset, sources: [String: OpenedSource], hashes: [String: String], fingerprint: String,
    previous: AssetRecord?
  ) -> AssetRecord {
    if asset.isVector {
      return buildVectors(asset, sources: sources, hashes: hashes, fingerprint: fingerprint, previous: previous)
    }
    var diagnostics: [Diagnostic] = []
    do {
      try CatalogFiles.makeFolders(asset.imageSetPath, in: catalogPath)
    } catch {
      diagnostics.append(self.error(asset.qualifiedName, .writeFailed, "\(error)"))
      return failedRecord(asset.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    let pass = SourcePass(converter: converter, options: options, folder: catalogPath + "/" + asset.imageSetPath)
    let entries = asset.sources.sorted(by: { $0.key < $1.key })
    let knownSplit = knownSplit(entries.map(\.key))
    var checked = check(
      entries, sources: sources, hashes: hashes, pass: pass, knownSplit: knownSplit, diagnostics: &diagnostics)
    guard !checked.isEmpty else {
      return failedRecord(asset.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    diagnostics += ImageChecks.sizeDiagnostics(
      checked.map { ($0.traits, $0.file.relativePath, $0.output.header.width, $0.output.header.height) })
    let split = knownSplit ?? checked.contains { $0.report.verdict != .ok }
    var planned: [PlannedRendition] = []
    do {
      planned = try plan(&checked, split: split, pass: pass, diagnostics: &diagnostics)
    } catch {
      diagnostics.append(self.error(asset.qualifiedName, .conversionFailed, "\(error)"))
      return failedRecord(asset.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    for source in checked where source.traits.appearance == .dark {
      if let finding = source.output.whiteArea.diagnostic(
        path: source.file.relativePath, limit: options.darkWhiteShareLimit)
      {
        diagnostics.append(finding)
      }
    }
    return write(
      asset, planned: planned, checked: checked, diagnostics: diagnostics, fingerprint: fingerprint,
      previous: previous)
  }

  /// The first pass: reads each source once to convert it to sRGB and check its clipping, writing the renditions it
  /// is known to make; a source that cannot be read or converted gets its error and another source takes its place.
  private func check(
    _ entries: [(key: RenditionTraits, value: SourceFile)], sources: [String: OpenedSource], hashes: [String: String],
    pass: SourcePass, knownSplit: Bool?, diagnostics: inout [Diagnostic]
  ) -> [CheckedSource] {
    var checked: [CheckedSource] = []
    var failed: Set<RenditionTraits> = []
    for (traits, file) in entries {
      let path = file.relativePath
      guard let source = sources[path], let hash = hashes[path] else {
        diagnostics.append(error(path, .unreadable, "the file could not be read"))
        failed.insert(traits)
        continue
      }
      let roles = Roles(entries.map(\.key).filter { !failed.contains($0) })
      let request = SourcePass.Request(
        check: true, sRGB: roles.makesSRGB(traits), displayP3: knownSplit == true && roles.makesP3(traits),
        whiteArea: traits.appearance == .dark)
      do {
        let output = try pass.run(source, request: request)
        diagnostics += ImageChecks.fallbackDiagnostics(output.colorChunks, path: path)
        if let finding = ImageChecks.invertedGammaDiagnostic(output.colorChunks, path: path) {
          diagnostics.append(finding)
        }
        checked.append(
          CheckedSource(traits: traits, file: file, hash: hash, source: source, output: output, report: output.report!))
      } catch {
        diagnostics.append(sourceDiagnostic(path, error, source: source))
        failed.insert(traits)
      }
    }
    return checked
  }

  /// Whether the asset gets paired sRGB and Display P3 renditions, when that is known before any source is read:
  /// always with a hand-made gamut variant or `--gamut both`, never with `--gamut srgb`; nil when the clipping
  /// checks decide (`auto`).
  private func knownSplit(_ sources: [RenditionTraits]) -> Bool? {
    if sources.contains(where: { $0.gamut != nil }) { return true }
    switch options.gamutPolicy {
    case .both: return true
    case .srgb: return false
    case .auto: return nil
    }
  }

  /// The renditions to put into the imageset: one per slot, or an sRGB and a Display P3 one per slot when `split`.
  /// A rendition the first pass did not write is made by reading its source again.
  private func plan(
    _ checked: inout [CheckedSource], split: Bool, pass: SourcePass, diagnostics: inout [Diagnostic]
  ) throws -> [PlannedRendition] {
    let roles = Roles(checked.map(\.traits))
    for index in checked.indices {
      let traits = checked[index].traits
      let request = SourcePass.Request(
        sRGB: roles.makesSRGB(traits) && checked[index].output.sRGB == nil,
        displayP3: split && roles.makesP3(traits) && checked[index].output.displayP3 == nil)
      guard request.sRGB || request.displayP3 else { continue }
      let again = try pass.run(checked[index].source, request: request)
      checked[index].output.sRGB = checked[index].output.sRGB ?? again.sRGB
      checked[index].output.displayP3 = checked[index].output.displayP3 ?? again.displayP3
    }
    let byTraits = Dictionary(uniqueKeysWithValues: checked.map { ($0.traits, $0) })
    var planned: [PlannedRendition] = []
    for slot in Set(checked.map(\.traits.withoutGamut)).sorted() {
      let forSRGB = byTraits[roles.sRGB[slot]!]!
      diagnostics += clippingDiagnostics(forSRGB, split: split)
      var srgbTraits = slot
      srgbTraits.gamut = split ? .sRGB : nil
      planned.append(PlannedRendition(traits: srgbTraits, source: forSRGB, written: forSRGB.output.sRGB!))
      guard split else { continue }
      let forP3 = byTraits[roles.displayP3[slot]!]!
      var p3Traits = slot
      p3Traits.gamut = .displayP3
      planned.append(PlannedRendition(traits: p3Traits, source: forP3, written: forP3.output.displayP3!))
    }
    return planned
  }

  /// The error finding for a source that could not be read, converted or written.
  private func sourceDiagnostic(_ path: String, _ failure: any Error, source: OpenedSource) -> Diagnostic {
    switch failure {
    case let failure as PNGError where failure.kind == .notPNG:
      // Say what the file is, when its first bytes tell: `.png` files are often WebP, JPEG or PSD in disguise.
      if let head = source.bytes(limit: FileSignature.headLength), let what = FileSignature.describe(head) {
        error(path, .unreadablePNG, "is \(what), not PNG")
      } else {
        error(path, .unreadablePNG, failure.reason)
      }
    case let failure as FileError: error(path, .writeFailed, "\(failure)")
    default: readFailureDiagnostic(path, failure)
    }
  }

  /// What the clipping verdict of a source means under the policy.
  private func clippingDiagnostics(_ source: CheckedSource, split: Bool) -> [Diagnostic] {
    let report = source.report
    guard report.verdict != .ok else { return [] }
    let path = source.file.relativePath
    let measures =
      "\(percent(report.outOfGamutShare)) of pixels outside sRGB, \(percent(report.colorShift.shareAbove1)) "
      + "visibly changed (ΔE2000 > 1), \(report.plateaus.count) clipping plateaus, "
      + "\(percent(report.lostDistinctions.share)) of neighbouring pairs merged, ΔE2000 max "
      + String(format: "%.1f", report.colorShift.max)
    if split {
      return [
        Diagnostic(
          path: path, severity: .note, code: .clipping(report.verdict),
          message: "sRGB rendition clips (\(measures)); a Display P3 rendition is written beside it")
      ]
    }
    let severity: Diagnostic.Severity = report.verdict == .error ? .error : .warning
    return [
      Diagnostic(
        path: path, severity: severity, code: .clipping(report.verdict),
        message: "colors clip on sRGB displays (\(measures)) and the gamut policy keeps sRGB only: "
          + report.reasons.joined(separator: "; "))
    ]
  }

  /// Puts the renditions into the imageset (a file whose bytes did not change is left as it was) with its
  /// `Contents.json`, and removes files of the previous build that this one does not write. Rendition files
  /// written but not planned are discarded when their writers go.
  private func write(
    _ asset: CatalogPlan.Asset, planned: [PlannedRendition], checked: [CheckedSource], diagnostics: [Diagnostic],
    fingerprint: String, previous: AssetRecord?
  ) -> AssetRecord {
    var diagnostics = diagnostics
    let folder = catalogPath + "/" + asset.imageSetPath
    let written = writingFiles(of: asset.qualifiedName, diagnostics: &diagnostics) {
      () throws -> [AssetRecord.Rendition] in
      var renditions: [AssetRecord.Rendition] = []
      for rendition in planned.sorted(by: { $0.traits < $1.traits }) {
        let fileName = rendition.traits.fileName(assetName: asset.name)
        try rendition.written.file.commit(to: folder + "/" + fileName)
        renditions.append(
          AssetRecord.Rendition(
            traits: rendition.traits, file: asset.imageSetPath + "/" + fileName,
            bitDepth: rendition.written.target.bitDepth, source: rendition.source.file.relativePath,
            sourceHash: rendition.source.hash, bytes: rendition.written.file.bytesWritten))
      }
      let completed = try addingGeneratedScales(asset, planned: planned.map(\.traits).sorted(), written: renditions)
      let contents = ContentsFile.imageSet(
        renditions: planned.map { ($0.traits, $0.traits.fileName(assetName: asset.name)) } + completed.generated,
        properties: asset.properties, slots: options.catalogRules.slots)
      try CatalogFiles.writeIfChanged(Array(contents.utf8), to: folder + "/Contents.json")
      return completed.renditions
    }
    guard let renditions = written else {
      return failedRecord(asset.builtFolder, previous: previous, diagnostics: diagnostics, fingerprint: fingerprint)
    }
    return builtRecord(
      asset.builtFolder, renditions: renditions, pairs: AssetRecord.pairs(of: renditions),
      clipping: checked.map {
        AssetRecord.Clipping(source: $0.file.relativePath, colorChunks: $0.output.colorChunks, report: $0.report)
      },
      diagnostics: diagnostics, fingerprint: fingerprint, previous: previous)
  }

  private func percent(_ share: Double) -> String {
    String(format: "%.1f%%", share * 100)
  }
}
