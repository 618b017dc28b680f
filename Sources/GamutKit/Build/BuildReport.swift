import Synchronization

/// The result of a build: the catalog's totals and findings, how much was redone, how long it took, the exit
/// status it implies, and the manifest.
public struct BuildReport: Sendable {
  /// The catalog folder's name, for example `Sample.xcassets`.
  public var catalog: String
  /// Totals over the catalog, as the manifest gives them.
  public var summary: CatalogManifest.Summary
  /// Every finding, as ``CatalogManifest/allDiagnostics`` orders them: general ones first, then by asset, then by
  /// color.
  public var diagnostics: [Diagnostic]
  /// Assets decoded and written this time (the others were reused).
  public var rebuiltAssets: Int
  public var duration: Duration
  /// The HTML report written after the build, when one was asked for.
  public var report: ReportWriter.Outcome? = nil
  private let records: ManifestRecords

  /// The manifest the build wrote beside the catalog, with every asset's record. The records of the assets a
  /// rerun reused are kept as JSON and decoded the first time this is read (once): a catalog of many assets
  /// reused as they were costs nothing to report until a caller wants their records.
  public var manifest: CatalogManifest { records.manifest }

  /// The report of a build that wrote the manifest `shell` (without assets) with `records`.
  init(shell: CatalogManifest, records: [StoredRecord], rebuiltAssets: Int, duration: Duration) {
    catalog = shell.catalog
    summary = shell.summary
    diagnostics = shell.diagnostics + records.flatMap(\.essentials.diagnostics) + shell.colors.flatMap(\.diagnostics)
    self.rebuiltAssets = rebuiltAssets
    self.duration = duration
    self.records = ManifestRecords(shell: shell, records: records)
  }

  /// The documented exit status the findings imply (see ``ExitStatus`` for the rule).
  public func exitStatus(strict: Bool) -> Int32 {
    ExitStatus(findings: diagnostics, strict: strict).rawValue
  }
}

/// A manifest whose records are decoded from their stored JSON when first asked for.
private final class ManifestRecords: Sendable {
  private let shell: CatalogManifest
  private let records: [StoredRecord]
  private let decoded = Mutex<CatalogManifest?>(nil)

  init(shell: CatalogManifest, records: [StoredRecord]) {
    self.shell = shell
    self.records = records
  }

  var manifest: CatalogManifest {
    decoded.withLock { decoded in
      if let decoded { return decoded }
      var manifest = shell
      // The records were encoded by this build or read back from the state, where their essentials decoded.
      manifest.assets = records.compactMap { try? $0.record() }
      decoded = manifest
      return manifest
    }
  }
}
