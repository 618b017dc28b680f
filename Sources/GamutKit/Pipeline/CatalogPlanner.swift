import Foundation

/// Turns the scanned sources into a ``CatalogPlan``, diagnosing what the names get wrong.
///
/// Everything here works on names only; checks that need the images (sizes, white areas, clipping) run when the
/// assets are processed.
struct CatalogPlanner: Sendable {
  /// How design-export suffixes map to tokens.
  var aliases: NameAliases
  /// Whether a group folder (by its path of names) provides a namespace for the assets inside it.
  var providesNamespace: @Sendable ([String]) -> Bool
  /// The idioms a source may name; a file for any other idiom is an error.
  var allowedIdioms: Set<RenditionTraits.Idiom>
  /// Asset names that are app icons (`AppIcon` and those listed under `appIcons:`).
  var appIconNames: Set<String> = ["AppIcon"]

  init(
    aliases: NameAliases = .none, providesNamespace: @escaping @Sendable ([String]) -> Bool = { _ in false },
    allowedIdioms: Set<RenditionTraits.Idiom> = Set(RenditionTraits.Idiom.allCases)
  ) {
    self.aliases = aliases
    self.providesNamespace = providesNamespace
    self.allowedIdioms = allowedIdioms
  }

  /// Groups sources into assets. Sources must be in the scanner's sorted order, so that when two sources
  /// collide the same one wins on every run.
  func plan(_ sources: [SourceFile]) -> CatalogPlan {
    var diagnostics: [Diagnostic] = []
    var assets: [String: CatalogPlan.Asset] = [:]
    var claimedNames: [String: String] = [:]  // folded lookup name -> qualified name that owns it
    var claimedFolders: [String: String] = [:]  // folded group path -> group path that owns it
    var appIcons: [String: CatalogPlan.AppIcon] = [:]
    for source in sources {
      let parsed: SourceName
      let icon: AppIconSourceName?
      do throws(SourceNameError) {
        for folder in source.groupPath { try SourceName.validate(assetName: folder) }
        icon = try AppIconSourceName(parsing: source.fileName, iconNames: appIconNames)
        if let icon {
          parsed = SourceName(appIcon: icon)
        } else {
          parsed = try SourceName(parsing: source.fileName, aliases: aliases)
        }
      } catch {
        diagnostics.append(
          Diagnostic(path: source.relativePath, severity: .error, code: .invalidName, message: error.description))
        continue
      }
      guard allowedIdioms.contains(parsed.traits.idiom) else {
        diagnostics.append(
          Diagnostic(
            path: source.relativePath, severity: .error, code: .idiomNotEnabled,
            message: "idiom '\(parsed.traits.idiom.rawValue)' is not enabled in the configuration (idioms:)"))
        continue
      }
      let groupKey = Self.folded(source.groupPath.joined(separator: "/"))
      let groupPath = source.groupPath.joined(separator: "/")
      if let owner = claimedFolders[groupKey], !Self.sameBytes(owner, groupPath) {
        diagnostics.append(
          Diagnostic(
            path: source.relativePath, severity: .error, code: .nameCollision,
            message: "folder '\(groupPath)' collides with '\(owner)' (same name after Unicode normalisation and "
              + "case folding); skipped"))
        continue
      }
      claimedFolders[groupKey] = groupPath
      let qualified = (source.groupPath + [parsed.assetName]).joined(separator: "/")
      let lookupKey = Self.folded(lookupName(group: source.groupPath, asset: parsed.assetName))
      if let owner = claimedNames[lookupKey], !Self.sameBytes(owner, qualified) {
        diagnostics.append(
          Diagnostic(
            path: source.relativePath, severity: .error, code: .nameCollision,
            message: "asset name '\(parsed.assetName)' collides with '\(owner)' (same name after Unicode "
              + "normalisation and case folding); skipped"))
        continue
      }
      claimedNames[lookupKey] = qualified
      if let icon {
        diagnostics += Self.add(
          icon, source: source,
          to: &appIcons[qualified, default: .init(groupPath: source.groupPath, name: icon.iconName, sources: [:])])
        continue
      }
      var asset =
        assets[qualified] ?? CatalogPlan.Asset(groupPath: source.groupPath, name: parsed.assetName, sources: [:])
      if let existing = asset.sources[parsed.traits] {
        diagnostics.append(
          Diagnostic(
            path: source.relativePath, severity: .error, code: .duplicateRendition,
            message: "fills the same rendition as '\(existing.relativePath)'; skipped"))
        continue
      }
      asset.sources[parsed.traits] = source
      assets[qualified] = asset
    }
    let sortedAssets = assets.keys.sorted(by: Self.utf8Order).map { assets[$0]! }
    for asset in sortedAssets { diagnostics += pairingDiagnostics(asset) }
    let sortedIcons = appIcons.keys.sorted(by: Self.utf8Order).map { appIcons[$0]! }
    var groups: Set<[String]> = []
    for groupPath in sortedAssets.map(\.groupPath) + sortedIcons.map(\.groupPath) where !groupPath.isEmpty {
      for depth in 1...groupPath.count { groups.insert(Array(groupPath.prefix(depth))) }
    }
    return CatalogPlan(
      assets: sortedAssets,
      groups: groups.sorted { Self.utf8Order($0.joined(separator: "/"), $1.joined(separator: "/")) },
      diagnostics: diagnostics, appIcons: sortedIcons)
  }

  /// The name code uses to look the asset up: namespaced groups prefix it with their folder names.
  private func lookupName(group: [String], asset: String) -> String {
    var parts: [String] = []
    for depth in group.indices where providesNamespace(Array(group.prefix(depth + 1))) {
      parts.append(group[depth])
    }
    return (parts + [asset]).joined(separator: "/")
  }

  /// Unpaired light/dark renditions and high contrast without its base.
  private func pairingDiagnostics(_ asset: CatalogPlan.Asset) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    let slots = Set(asset.sources.keys)
    for traits in asset.sources.keys.sorted() {
      let path = asset.sources[traits]!.relativePath
      func has(_ appearance: RenditionTraits.Appearance, highContrast: Bool) -> Bool {
        var other = traits
        other.appearance = appearance
        other.highContrast = highContrast
        return slots.contains(other)
      }
      switch traits.appearance {
      case .dark where traits.highContrast:
        break  // paired through its normal-contrast base, checked below
      case .dark where !has(.any, highContrast: traits.highContrast) && !has(.light, highContrast: traits.highContrast):
        findings.append(
          Diagnostic(
            path: path, severity: .warning, code: .unpairedDark,
            message: "dark rendition of '\(asset.qualifiedName)' has no light or any-appearance rendition at "
              + "\(traits.scale)x"))
      case .light where !traits.highContrast && !has(.dark, highContrast: traits.highContrast):
        findings.append(
          Diagnostic(
            path: path, severity: .warning, code: .unpairedLight,
            message: "light rendition of '\(asset.qualifiedName)' has no dark rendition at \(traits.scale)x"))
      default:
        break
      }
      if traits.highContrast && !has(traits.appearance, highContrast: false) {
        findings.append(
          Diagnostic(
            path: path, severity: .warning, code: .contrastWithoutBase,
            message: "high-contrast rendition of '\(asset.qualifiedName)' has no normal-contrast rendition with the "
              + "same appearance at \(traits.scale)x"))
      }
    }
    return findings
  }

  /// The key under which two names count as the same: Unicode NFC, then case folding.
  static func folded(_ name: String) -> String {
    name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
  }

  /// Swift compares strings by canonical equivalence; names on disk differ when their bytes do.
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    Array(lhs.utf8) == Array(rhs.utf8)
  }

  static func utf8Order(_ lhs: String, _ rhs: String) -> Bool {
    Array(lhs.utf8).lexicographicallyPrecedes(rhs.utf8)
  }
}
