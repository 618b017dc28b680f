/// `gamut-manifest.json`: the machine-readable account of a catalog, written beside it by every build.
///
/// Deterministic: no times and no absolute paths, assets in sorted order, keys sorted, so an unchanged catalog has
/// an unchanged manifest. docs/manifest.md documents the schema.
public struct CatalogManifest: Codable, Sendable, Equatable {
  /// Totals over the catalog.
  public struct Summary: Codable, Sendable, Equatable {
    public var assets: Int
    public var failedAssets: Int
    public var renditions: Int
    public var pairs: Int
    public var warnings: Int
    public var errors: Int
  }

  /// The options that shaped the outputs, for the record.
  public struct Options: Codable, Sendable, Equatable {
    public var gamut: String
    public var intent: String
    public var blackPointCompensation: Bool
    public var gamutMapping: String
    public var dither: Bool
    public var compression: Int
  }

  /// Bumped when the schema changes incompatibly.
  public var schemaVersion = 1
  public var generator = CatalogBuilder.toolVersion
  /// The catalog folder's name, for example `Sample.xcassets`.
  public var catalog: String
  public var options: Options
  public var assets: [AssetRecord]
  /// Findings that belong to no asset (skipped files, links, name collisions), in source order.
  public var diagnostics: [Diagnostic]
  public var summary: Summary

  public init(catalogName: String, options: BuildOptions, assets: [AssetRecord], diagnostics: [Diagnostic]) {
    catalog = catalogName
    self.options = Options(
      gamut: options.gamutPolicy.rawValue, intent: options.conversion.intent.rawValue,
      blackPointCompensation: options.conversion.blackPointCompensation,
      gamutMapping: options.conversion.gamutMapping.rawValue, dither: options.conversion.dither,
      compression: options.compressionLevel)
    self.assets = assets
    self.diagnostics = diagnostics
    let all = diagnostics + assets.flatMap(\.diagnostics)
    summary = Summary(
      assets: assets.count, failedAssets: assets.filter { $0.status == .failed }.count,
      renditions: assets.filter { $0.status == .built }.reduce(0) { $0 + $1.renditions.count },
      pairs: assets.reduce(0) { $0 + $1.pairs.count }, warnings: all.filter { $0.severity == .warning }.count,
      errors: all.filter { $0.severity == .error }.count)
  }

  /// Every diagnostic, general ones first, then by asset.
  public var allDiagnostics: [Diagnostic] {
    diagnostics + assets.flatMap(\.diagnostics)
  }
}
