extension CatalogManifest {
  /// The manifest of a build with `options`.
  public init(
    catalogName: String, options: BuildOptions, assets: [AssetRecord], colors: [ColorRecord] = [],
    diagnostics: [Diagnostic]
  ) {
    self.init(
      catalogName: catalogName, options: Options(options), assets: assets, colors: colors, diagnostics: diagnostics)
  }
}

extension CatalogManifest.Options {
  /// The options of `options` that the manifest records.
  init(_ options: BuildOptions) {
    self.init(
      gamut: options.gamutPolicy.rawValue, intent: options.conversion.intent.rawValue,
      blackPointCompensation: options.conversion.blackPointCompensation,
      gamutMapping: options.conversion.gamutMapping.rawValue, dither: options.conversion.dither,
      compression: options.compressionLevel)
  }
}
