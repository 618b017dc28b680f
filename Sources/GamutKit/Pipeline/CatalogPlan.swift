/// The catalog a set of sources makes: which assets exist, in which groups, and which file fills each slot.
public struct CatalogPlan: Sendable, Equatable {
  /// One named image of the catalog and the sources of its renditions.
  public struct Asset: Sendable, Equatable {
    /// The catalog entry an asset becomes.
    public enum Kind: String, Sendable, Equatable {
      /// `Name.imageset`: PNG renditions converted, or PDF/SVG renditions copied.
      case imageSet
      /// `Name.symbolset`: one SF Symbols template copied.
      case symbolSet

      /// The folder's extension in the catalog.
      public var folderExtension: String { self == .symbolSet ? "symbolset" : "imageset" }
    }

    /// The groups (source sub-folders) the asset lives in.
    public var groupPath: [String]
    /// The asset name, which is also the imageset's folder name without `.imageset`.
    public var name: String
    /// The source file of each slot. A slot's `gamut` is set only for hand-made `~p3` / `~srgb` variants.
    public var sources: [RenditionTraits: SourceFile]
    public var kind: Kind
    /// The `properties` its `Contents.json` carries, from the name and the configuration.
    public var properties: AssetProperties

    public init(
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
    public var isTemplate: Bool { properties.renderingIntent == .template }

    /// Whether its renditions are vectors (PDF, SVG, a symbol) copied as they are.
    public var isVector: Bool {
      sources.values.contains { SourceFormat(fileName: $0.fileName)?.isVector == true }
    }

    /// The asset's folder (`Name.imageset` or `Name.symbolset`), relative to the catalog root.
    public var imageSetPath: String {
      (groupPath + [name + "." + kind.folderExtension]).joined(separator: "/")
    }

    /// `group/name`, used in messages and the manifest.
    public var qualifiedName: String {
      (groupPath + [name]).joined(separator: "/")
    }
  }

  /// Assets in sorted order of their qualified names.
  public var assets: [Asset]
  /// Every group folder that holds an asset, including the groups above it, sorted.
  public var groups: [[String]]
  /// Findings about names: unknown tokens, invalid names, collisions, unpaired renditions.
  public var diagnostics: [Diagnostic]
}
