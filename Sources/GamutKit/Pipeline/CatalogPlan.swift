/// The catalog a set of sources makes: which assets exist, in which groups, and which file fills each slot.
struct CatalogPlan: Sendable, Equatable {
  /// One named image of the catalog and the sources of its renditions.
  struct Asset: Sendable, Equatable {
    /// The groups (source sub-folders) the asset lives in.
    var groupPath: [String]
    /// The asset name, which is also the imageset's folder name without `.imageset`.
    var name: String
    /// The source file of each slot. A slot's `gamut` is set only for hand-made `~p3` / `~srgb` variants.
    var sources: [RenditionTraits: SourceFile]

    init(groupPath: [String], name: String, sources: [RenditionTraits: SourceFile]) {
      self.groupPath = groupPath
      self.name = name
      self.sources = sources
    }

    /// Whether the asset is a template image (its name ends with `Template`).
    var isTemplate: Bool { name.hasSuffix("Template") }

    /// The imageset folder, relative to the catalog root.
    var imageSetPath: String {
      (groupPath + [name + ".imageset"]).joined(separator: "/")
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
