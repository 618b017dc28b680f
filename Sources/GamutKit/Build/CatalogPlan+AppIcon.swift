extension CatalogPlan {
  /// One app icon of the catalog and its sources: the artwork of each appearance and any hand-tuned sizes.
  struct AppIcon: Sendable, Equatable {
    /// The groups (source sub-folders) the icon lives in.
    var groupPath: [String]
    /// The icon name, which is also the icon set's folder name without `.appiconset`.
    var name: String
    /// The source of each role.
    var sources: [AppIconSourceName.Role: SourceFile]
    /// Whether its images are copied byte for byte from sources of every size (`unchanged:`), not converted and
    /// resampled.
    var copiesUnchanged = false

    init(groupPath: [String], name: String, sources: [AppIconSourceName.Role: SourceFile]) {
      self.groupPath = groupPath
      self.name = name
      self.sources = sources
    }

    /// The icon set folder, relative to the catalog root.
    var folderPath: String {
      (groupPath + [name + ".appiconset"]).joined(separator: "/")
    }

    /// The names of the files the icon set holds for `platforms` (for the build step's file lists).
    func fileNames(platforms: Set<AppIconSlot.Platform>) -> [String] {
      let appearances = Set(
        sources.keys.compactMap { role -> AppIconSlot.Appearance? in
          if case .artwork(let appearance) = role { appearance } else { nil }
        })
      return AppIconSlot.slots(platforms: platforms, iOSAppearances: appearances).map { $0.fileName(iconName: name) }
    }

    /// `group/name`, used in messages and the manifest.
    var qualifiedName: String {
      (groupPath + [name]).joined(separator: "/")
    }
  }
}

extension SourceName {
  /// The name of an app icon source as the planner sees every source: its asset name, in the universal idiom.
  init(appIcon: AppIconSourceName) {
    assetName = appIcon.iconName
    traits = RenditionTraits()
    format = .png
    hasScaleToken = false
  }
}

extension CatalogPlanner {
  /// Puts an app icon source into its icon, or reports that another source already fills its role.
  static func add(_ name: AppIconSourceName, source: SourceFile, to icon: inout CatalogPlan.AppIcon) -> [Diagnostic] {
    if let existing = icon.sources[name.role] {
      return [
        Diagnostic(
          path: source.relativePath, severity: .error, code: .duplicateRendition,
          message: "fills the same app icon image as '\(existing.relativePath)'; skipped")
      ]
    }
    icon.sources[name.role] = source
    return []
  }
}
