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
    /// Colorsets written (or kept from the last build).
    public var colorSets: Int

    private enum CodingKeys: String, CodingKey {
      case assets, failedAssets, renditions, pairs, warnings, errors, colorSets
    }

    /// Decodes a summary; `colorSets` is 0 when absent (manifests written before color sets).
    public init(from decoder: any Decoder) throws {
      let values = try decoder.container(keyedBy: CodingKeys.self)
      assets = try values.decode(Int.self, forKey: .assets)
      failedAssets = try values.decode(Int.self, forKey: .failedAssets)
      renditions = try values.decode(Int.self, forKey: .renditions)
      pairs = try values.decode(Int.self, forKey: .pairs)
      warnings = try values.decode(Int.self, forKey: .warnings)
      errors = try values.decode(Int.self, forKey: .errors)
      colorSets = try values.decodeIfPresent(Int.self, forKey: .colorSets) ?? 0
    }

    init(assets: Int, failedAssets: Int, renditions: Int, pairs: Int, warnings: Int, errors: Int, colorSets: Int) {
      self.assets = assets
      self.failedAssets = failedAssets
      self.renditions = renditions
      self.pairs = pairs
      self.warnings = warnings
      self.errors = errors
      self.colorSets = colorSets
    }
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

  /// Bumped when the schema changes incompatibly: 2 since a finding's line is its own key (`line`); version 1 wrote
  /// it into the path (`Colors/Palette.colors.yml:12`). ``readableSchemaVersions`` lists the versions gamut reads.
  public var schemaVersion = Self.currentSchemaVersion

  /// How the output-path guard recognises a manifest gamut wrote: it starts with the `assets` key and ends with
  /// the `generator`, `options`, `schemaVersion` and `summary` keys (in the byte order of keys gamut writes).
  package static let ownedFile = OutputPathGuard.OwnedFile(what: "a gamut manifest") { head, tail in
    OutputPathGuard.OwnedFile.bytes(head, startWith: "{\n  \"assets\" : [")
      && OutputPathGuard.OwnedFile.bytes(tail, contain: "\n  \"generator\" : \"gamut ")
      && OutputPathGuard.OwnedFile.bytes(tail, contain: "\n  \"schemaVersion\" : ")
  }

  /// The schema version gamut writes.
  public static let currentSchemaVersion = 2
  /// The schema versions gamut reads: 1 differs from 2 only in where a finding's line is.
  public static let readableSchemaVersions = 1...2
  public var generator = GamutVersion.generator
  /// The catalog folder's name, for example `Sample.xcassets`.
  public var catalog: String
  public var options: Options
  public var assets: [AssetRecord]
  /// Every color from the color files, in sorted order of their qualified names.
  public var colors: [ColorRecord]
  /// Findings that belong to no asset (skipped files, links, name collisions), in source order.
  public var diagnostics: [Diagnostic]
  public var summary: Summary

  /// The manifest of a catalog whose build used `options`.
  package init(
    catalogName: String, options: Options, assets: [AssetRecord], colors: [ColorRecord] = [],
    diagnostics: [Diagnostic]
  ) {
    catalog = catalogName
    self.options = options
    self.assets = assets
    self.colors = colors
    self.diagnostics = diagnostics
    summary = Self.summary(
      of: assets.map { ($0.status, $0.renditions.count, $0.pairs.count, $0.diagnostics) }, colors: colors,
      diagnostics: diagnostics)
  }

  /// The manifest of a build whose assets are `records`, without them (`assets` is empty): the shell that
  /// ``ManifestWriter`` writes the stored records into, with the summary and findings that count them.
  init(
    catalogName: String, options: Options, records: [StoredRecord], colors: [ColorRecord],
    diagnostics: [Diagnostic]
  ) {
    self.init(catalogName: catalogName, options: options, assets: [], colors: colors, diagnostics: diagnostics)
    summary = Self.summary(
      of: records.map {
        ($0.essentials.status, $0.essentials.renditions.count, $0.essentials.pairCount, $0.essentials.diagnostics)
      }, colors: colors, diagnostics: diagnostics)
  }

  /// The totals over assets (status, renditions, pairs, findings of each), colors and general findings.
  private static func summary(
    of assets: [(status: AssetRecord.Status, renditions: Int, pairs: Int, diagnostics: [Diagnostic])],
    colors: [ColorRecord], diagnostics: [Diagnostic]
  ) -> Summary {
    let all = diagnostics + assets.flatMap(\.diagnostics) + colors.flatMap(\.diagnostics)
    return Summary(
      assets: assets.count, failedAssets: assets.filter { $0.status == .failed }.count,
      renditions: assets.filter { $0.status == .built }.reduce(0) { $0 + $1.renditions },
      pairs: assets.reduce(0) { $0 + $1.pairs }, warnings: all.filter { $0.severity == .warning }.count,
      errors: all.filter { $0.severity == .error }.count,
      colorSets: colors.filter { $0.status == .built }.count)
  }

  private enum CodingKeys: String, CodingKey {
    case schemaVersion, generator, catalog, options, assets, colors, diagnostics, summary
  }

  /// Decodes a manifest. `colors` is read leniently: absent, or in a shape this version does not know, it is empty
  /// (a manifest written before color sets, or by another tool), so the rest of the manifest still reads.
  public init(from decoder: any Decoder) throws {
    let values = try decoder.container(keyedBy: CodingKeys.self)
    schemaVersion = try values.decode(Int.self, forKey: .schemaVersion)
    generator = try values.decode(String.self, forKey: .generator)
    catalog = try values.decode(String.self, forKey: .catalog)
    options = try values.decode(Options.self, forKey: .options)
    assets = try values.decode([AssetRecord].self, forKey: .assets)
    colors = (try? values.decodeIfPresent([ColorRecord].self, forKey: .colors)) ?? []
    diagnostics = try values.decode([Diagnostic].self, forKey: .diagnostics)
    summary = try values.decode(Summary.self, forKey: .summary)
  }

  /// Every diagnostic, general ones first, then by asset.
  public var allDiagnostics: [Diagnostic] {
    diagnostics + assets.flatMap(\.diagnostics) + colors.flatMap(\.diagnostics)
  }
}
