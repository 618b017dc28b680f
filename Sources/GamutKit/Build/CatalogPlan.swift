/// The catalog a set of sources makes: which assets exist, in which groups, and which file fills each slot.
struct CatalogPlan: Sendable, Equatable {
  /// One named image of the catalog and the sources of its renditions.
  struct Asset: Sendable, Equatable {
    /// The catalog entry an asset becomes.
    enum Kind: String, Sendable, Equatable {
      /// `Name.imageset`: PNG renditions converted, or JPEG, PDF and SVG renditions copied.
      case imageSet
      /// `Name.symbolset`: one SF Symbols template copied.
      case symbolSet

      /// The folder's extension in the catalog.
      var folderExtension: String { self == .symbolSet ? "symbolset" : "imageset" }
    }

    /// The groups (source sub-folders) the asset lives in.
    var groupPath: [String]
    /// The asset name, which is also the imageset's folder name without `.imageset`.
    var name: String
    /// The source file of each slot. A slot's `gamut` is set only for hand-made `~p3` / `~srgb` variants.
    var sources: [RenditionTraits: SourceFile]
    var kind: Kind
    /// The `properties` its `Contents.json` carries, from the name and the configuration.
    var properties: AssetProperties
    /// Whether its PNGs are copied byte for byte (`unchanged:` in the configuration) rather than converted.
    var copiesUnchanged = false

    init(
      groupPath: [String], name: String, sources: [RenditionTraits: SourceFile], kind: Kind = .imageSet,
      properties: AssetProperties? = nil
    ) {
      self.groupPath = groupPath
      self.name = name
      self.sources = sources
      self.kind = kind
      self.properties =
        properties ?? AssetProperties(renderingIntent: name.hasSuffix("Template") ? .template : nil)
    }

    /// Whether the asset is a template image (a name ending with `Template`, or `templates:` in the configuration).
    var isTemplate: Bool { properties.renderingIntent == .template }

    /// Whether its renditions are copied as they are: JPEGs and vectors, or PNGs of an `unchanged:` asset.
    var isCopied: Bool {
      copiesUnchanged || sources.values.contains { SourceFormat(fileName: $0.fileName)?.isCopied == true }
    }

    /// Whether its renditions are vectors (PDF, SVG, a symbol) copied as they are.
    var isVector: Bool {
      sources.values.contains { SourceFormat(fileName: $0.fileName)?.isVector == true }
    }

    /// The asset's folder (`Name.imageset` or `Name.symbolset`), relative to the catalog root.
    var imageSetPath: String {
      (groupPath + [name + "." + kind.folderExtension]).joined(separator: "/")
    }

    /// `group/name`, used in messages and the manifest.
    var qualifiedName: String {
      (groupPath + [name]).joined(separator: "/")
    }
  }

  /// Assets in sorted order of their qualified names.
  var assets: [Asset]
  /// Every group folder that holds an asset, including the groups above it, sorted.
  var groups: [[String]]
  /// Findings about names: unknown tokens, invalid names, collisions, unpaired renditions.
  var diagnostics: [Diagnostic]
  /// App icons in sorted order of their qualified names; they share the assets' namespace.
  var appIcons: [AppIcon] = []
}
