/// Bounds on the text and vector files gamut reads (color files, design tokens, `gamut.yml`, SVG, PDF, manifests),
/// each checked against the file's size (`fstat`) before a byte of it is read, so that a huge or sparse file costs
/// nothing. The PNG decoder has its own, ``PNGLimits``.
///
/// Every limit can be raised for trusted input (`--max-text-kib`, `--max-vector-mib`); docs/hostile-input.md lists
/// them.
public struct InputLimits: Sendable, Equatable {
  /// Largest color file (`*.colors.yml`) or design tokens file (`*.tokens.json`, each variant file too).
  public var maxColorFileBytes: Int
  /// Largest configuration file (`gamut.yml`).
  public var maxConfigurationBytes: Int
  /// Largest vector source (PDF, SVG, symbol) copied into the catalog.
  public var maxVectorBytes: Int
  /// Largest manifest `gamut report` reads.
  public var maxManifestBytes: Int

  public init(
    maxColorFileBytes: Int = 4 << 20, maxConfigurationBytes: Int = 1 << 20, maxVectorBytes: Int = 256 << 20,
    maxManifestBytes: Int = 256 << 20
  ) {
    self.maxColorFileBytes = maxColorFileBytes
    self.maxConfigurationBytes = maxConfigurationBytes
    self.maxVectorBytes = maxVectorBytes
    self.maxManifestBytes = maxManifestBytes
  }

  /// 4 MiB per color or tokens file, 1 MiB of configuration, 256 MiB per vector source and per manifest.
  public static let `default` = InputLimits()
}
