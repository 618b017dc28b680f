/// Everything that decides what `gamut build` writes, from the configuration file and the command line.
public struct BuildOptions: Sendable, Equatable {
  public var gamutPolicy: GamutPolicy = .auto
  public var conversion = ConversionOptions()
  public var thresholds = ClippingThresholds()
  /// The deflate level of written PNGs (see ``CompressionLevel``).
  public var compressionLevel = CompressionLevel.default
  /// Design-export suffixes understood in source names.
  public var aliases: NameAliases = .none
  /// Which group folders provide a namespace.
  public var namespaces: NamespacePolicy = .none
  /// The idioms a source may name.
  public var idioms: Set<RenditionTraits.Idiom> = Set(RenditionTraits.Idiom.allCases)
  /// The share of a dark rendition's visible pixels that may be near pure white before a warning.
  public var darkWhiteShareLimit = 0.25
  /// Decoder limits for sources.
  public var limits: PNGLimits = .default
  /// Size limits of color, tokens and vector sources, checked before they are read.
  public var inputLimits: InputLimits = .default
  /// What `Contents.json` files list and carry: slots, single scale, rendering intents, compression.
  public var catalogRules = CatalogRules()
  /// Color sets: required variants and contrast pairs.
  public var colors = ColorOptions()
  /// Where to write the HTML report after each build (`--report`, `report:`); none by default. Not part of the
  /// fingerprint: the report is made from the manifest and changes no catalog file.
  public var reportPath: String?
  /// Which assets are app icons and how they are built.
  public var appIcons = AppIconOptions()
  /// Whether an image set's missing smaller scales are made from its largest one (`generateScales: true`).
  public var generateScales = false
  /// Where the project's Icon Composer bundles are besides the catalog's parent folder (`iconBundles:`): `.icon`
  /// bundles or folders holding them. Their checks are reported, and no app icon set may take their names. Not
  /// part of the fingerprint: no catalog file depends on them.
  public var iconBundles: [String] = []
  /// The kept area (`kept:`): a folder, relative to the source folder, whose catalog entries are copied into the
  /// catalog unchanged and which holds no sources (see `KeptSets`). None by default.
  public var keptFolder: String?

  public init() {}

  /// The text that identifies the options that change rendition files; part of every asset's fingerprint.
  var outputFingerprint: String {
    [
      "policy=\(gamutPolicy.rawValue)",
      "intent=\(conversion.intent.rawValue)",
      "bpc=\(conversion.blackPointCompensation)",
      "mapping=\(conversion.gamutMapping.rawValue)",
      "dither=\(conversion.dither)",
      "compression=\(compressionLevel)",
      "thresholds=\(thresholds)",
      "darkWhite=\(darkWhiteShareLimit)",
      "limits=\(limits.maxPixels),\(limits.maxProfileBytes)",
      catalogRules.fingerprint,
    ].joined(separator: ";") + (generateScales ? ";generateScales" : "")
  }
}

/// Which group folders set `provides-namespace`.
public enum NamespacePolicy: Sendable, Equatable {
  /// No folder provides a namespace.
  case none
  /// Every folder provides a namespace.
  case all
  /// Only these folders (paths relative to the source folder, like `Icons/Tab`).
  case folders(Set<String>)

  /// Whether the group at `path` provides a namespace.
  package func providesNamespace(_ path: [String]) -> Bool {
    switch self {
    case .none: false
    case .all: true
    case .folders(let folders): folders.contains(path.joined(separator: "/"))
    }
  }
}
