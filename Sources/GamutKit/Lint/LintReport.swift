/// The HTML report of a linted catalog: the build's report (``ReportWriter``), fed with the catalog's own sets and
/// files instead of a manifest. Image sets show their renditions with lint's findings; app icon sets their images.
/// Color sets are not shown (a build's report shows the colors gamut wrote).
public enum LintReport {
  /// Writes the report of `catalog` (one of `result`'s) to `reportPath`.
  public static func write(
    _ result: LintResult, catalog: CatalogTree, to reportPath: String, options: BuildOptions
  ) throws(FileError) -> ReportWriter.Outcome {
    let findings = result.findings.map(\.diagnostic).filter { $0.path.hasPrefix(catalog.path + "/") }
    var assets: [AssetRecord] = []
    var icons: [AppIconEntry] = []
    for placed in catalog.sets {
      let set = placed.set
      let folder = catalog.path(of: set.relativePath)
      let own = findings.filter { $0.path.hasPrefix(folder + "/") }
      switch set.kind {
      case .imageSet: assets.append(record(placed, catalog: catalog, findings: own))
      case .appIconSet:
        let images = set.entries.compactMap { entry in
          entry.filename.map {
            AppIconEntry.Image(
              appearance: entry.luminosity ?? "any", file: set.relativePath + "/" + $0, platform: entry.platform,
              size: entry.size)
          }
        }
        icons.append(
          AppIconEntry(
            name: set.name, group: placed.groups.map(\.name).joined(separator: "/"), images: images, diagnostics: own))
      case .colorSet, .symbolSet: break
      }
    }
    let general = findings.filter { finding in
      !catalog.sets.contains { finding.path.hasPrefix(catalog.path(of: $0.set.relativePath) + "/") }
    }
    let manifest = CatalogManifest(
      catalogName: CatalogReader.lastComponent(of: catalog.path), options: options, assets: assets,
      diagnostics: general)
    let writer = ReportWriter(reportPath: reportPath, catalogPath: catalog.path, limits: options.limits)
    return try writer.write(ReportContent(manifest: manifest, appIcons: icons))
  }

  /// An image set as a manifest record: each filled entry a rendition (the catalog's own file as its source).
  private static func record(_ placed: CatalogTree.PlacedSet, catalog: CatalogTree, findings: [Diagnostic])
    -> AssetRecord
  {
    let set = placed.set
    let renditions = set.entries.compactMap { entry -> AssetRecord.Rendition? in
      guard let file = entry.filename, let traits = entry.traits else { return nil }
      let path = catalog.path(of: set.relativePath + "/" + file)
      let bytes = CatalogFiles.read(path) ?? []
      let bitDepth = bytes.count > 24 && bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) ? Int(bytes[24]) : 0
      return AssetRecord.Rendition(
        traits: traits, file: set.relativePath + "/" + file, bitDepth: bitDepth, source: set.relativePath + "/" + file,
        sourceHash: bytes.isEmpty ? "" : ContentHash.of(bytes), bytes: bytes.count)
    }
    return AssetRecord(
      name: set.name, group: placed.groups.map(\.name).joined(separator: "/"), imageSet: set.relativePath,
      template: set.templateRenderingIntent == "template",
      status: findings.contains { $0.severity == .error } ? .failed : .built,
      renditions: renditions, pairs: AssetRecord.pairs(of: renditions), clipping: [], diagnostics: findings,
      fingerprint: "")
  }
}
