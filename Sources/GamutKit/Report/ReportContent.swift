/// Everything a report shows: the catalog's manifest entries, kind by kind.
///
/// Each kind of asset has its own entry type and its own card renderer (`ImageAssetCard`, `ColorSetCard`,
/// `AppIconCard`); a new kind of asset adds an array here and a renderer, nothing else.
public struct ReportContent: Sendable {
  /// The catalog folder's name, for example `Sample.xcassets`.
  public var catalog: String
  /// The tool that wrote the manifest, for example `gamut 0.2.0`.
  public var generator: String
  public var options: CatalogManifest.Options
  public var summary: CatalogManifest.Summary
  /// Findings that belong to no asset (the manifest's findings that name an asset's source file are on its card).
  public var diagnostics: [Diagnostic]
  package var images: [ReportImageSet]
  public var colors: [ColorSetEntry]
  public var appIcons: [AppIconEntry]
  /// The Icon Composer bundles found beside the catalog, inspected and checked.
  package var iconBundles: [IconInspection] = []
  /// Manifest keys whose entries this version could not read (shown in the report).
  public var skipped: [String] = []
  /// The heading, when not a build's (title, how it was built, counts of assets and failures): lint's.
  package var heading: ReportHeading?

  /// The content of a manifest, with the color sets and app icons that the manifest's other entries describe.
  public init(manifest: CatalogManifest, colors: [ColorSetEntry] = [], appIcons: [AppIconEntry] = []) {
    catalog = manifest.catalog
    generator = manifest.generator
    options = manifest.options
    summary = manifest.summary
    var records = manifest.assets
    diagnostics = Self.placing(manifest.diagnostics, onto: &records)
    images = records.filter { !$0.isAppIcon }.map(ReportImageSet.init(record:))
    // Color sets and app icon sets are records of the manifest; the report shows them with cards of their own.
    self.colors = manifest.colors.map(\.reportEntry) + colors
    self.appIcons = records.filter(\.isAppIcon).map(\.appIconEntry) + appIcons
  }

  /// The content of catalogs gamut only read, under `heading`: their image sets, app icons and color sets, and the
  /// findings about no set.
  package init(
    heading: ReportHeading, images: [ReportImageSet], colors: [ColorSetEntry] = [], appIcons: [AppIconEntry],
    diagnostics: [Diagnostic]
  ) {
    catalog = heading.title
    generator = GamutVersion.generator
    // A catalog gamut only read was built with no options of gamut's: the heading says what it is instead.
    options = CatalogManifest.Options(
      gamut: "", intent: "", blackPointCompensation: false, gamutMapping: "", dither: false, compression: 0)
    summary = CatalogManifest.Summary(
      assets: images.count + appIcons.count + colors.count, failedAssets: 0,
      renditions: images.reduce(0) { $0 + $1.renditions.count }, pairs: 0, warnings: 0, errors: 0,
      colorSets: colors.count)
    self.diagnostics = diagnostics
    self.images = images
    self.colors = colors
    self.appIcons = appIcons
    self.heading = heading
  }
}
