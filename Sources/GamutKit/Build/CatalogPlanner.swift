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
  /// Single scale, rendering intents, vector preservation and compression by configuration.
  var rules: CatalogRules
  /// Asset names that are app icons (`AppIcon` and those listed under `appIcons:`).
  var appIconNames: Set<String> = ["AppIcon"]

  init(
    aliases: NameAliases = .none, providesNamespace: @escaping @Sendable ([String]) -> Bool = { _ in false },
    allowedIdioms: Set<RenditionTraits.Idiom> = Set(RenditionTraits.Idiom.allCases),
    rules: CatalogRules = CatalogRules()
  ) {
    self.aliases = aliases
    self.providesNamespace = providesNamespace
    self.allowedIdioms = allowedIdioms
    self.rules = rules
  }

  /// Groups sources into assets. Sources must be in the scanner's sorted order, so that when two sources
  /// collide the same one wins on every run.
  func plan(_ sources: [SourceFile]) -> CatalogPlan {
    var diagnostics: [Diagnostic] = []
    var assets: [String: CatalogPlan.Asset] = [:]
    var claims = Claims()
    var appIcons: [String: CatalogPlan.AppIcon] = [:]
    for source in sources {
      let folders = source.groupPath
      guard let (parsed, icon) = parseName(source, folders: folders, diagnostics: &diagnostics),
        let qualified = claims.claim(
          source, folders: folders, parsed: parsed, lookup: icon == nil ? .image : .appIcon, planner: self,
          diagnostics: &diagnostics)
      else { continue }
      if let icon {
        diagnostics += Self.add(
          icon, source: source,
          to: &appIcons[qualified, default: .init(groupPath: folders, name: icon.iconName, sources: [:])])
        continue
      }
      if let finding = Self.add(source, parsed: parsed, to: &assets[qualified]) { diagnostics.append(finding) }
    }
    return finish(assets: assets, appIcons: appIcons, diagnostics: diagnostics)
  }

  /// The name of `source` (in the group folders `folders`) read as an app icon's source or an image's (with its
  /// single-scale rule); nil, with an error in `diagnostics`, for a name that cannot be read or an idiom that is not
  /// enabled.
  private func parseName(
    _ source: SourceFile, folders: [String], diagnostics: inout [Diagnostic]
  ) -> (SourceName, AppIconSourceName?)? {
    var parsed: SourceName
    let icon: AppIconSourceName?
    let groupPath = folders.joined(separator: "/")
    let fileName = source.fileName
    do throws(SourceNameError) {
      for folder in folders { try SourceName.validate(assetName: folder) }
      icon = try AppIconSourceName(parsing: fileName, iconNames: appIconNames)
      if let icon {
        parsed = SourceName(appIcon: icon)
      } else {
        parsed = try SourceName(parsing: fileName, aliases: aliases)
        try applySingleScale(&parsed, qualifiedName: Self.qualified(groupPath, parsed.assetName))
      }
    } catch {
      diagnostics.append(
        Diagnostic(path: source.relativePath, severity: .error, code: .invalidName, message: error.description))
      return nil
    }
    guard allowedIdioms.contains(parsed.traits.idiom) else {
      diagnostics.append(
        Diagnostic(
          path: source.relativePath, severity: .error, code: .idiomNotEnabled,
          message: "idiom '\(parsed.traits.idiom.rawValue)' is not enabled in the configuration (idioms:)"))
      return nil
    }
    return (parsed, icon)
  }

  /// The folders and asset names taken so far, folded, so that two that differ only in normalisation or case
  /// collide: the first source in sorted order keeps the name. An app icon and an image set may share a name
  /// (``AssetNameRule``: they are looked up apart, as the image per alternate icon of an icon picker is).
  private struct Claims {
    /// Folded group path -> the group path that owns it.
    var folders: [String: String] = [:]
    /// Folded lookup name and lookup -> the qualified name that owns it.
    var names: [String: String] = [:]

    /// The qualified name of the asset `source` (in the group folders `folders`) belongs to, its folder and name
    /// claimed; nil, with an error in `diagnostics`, when another folder or asset holds the folded name.
    mutating func claim(
      _ source: SourceFile, folders: [String], parsed: SourceName, lookup: AssetNameRule.Lookup,
      planner: CatalogPlanner, diagnostics: inout [Diagnostic]
    ) -> String? {
      let groupPath = folders.joined(separator: "/")
      let groupKey = CatalogPlanner.folded(groupPath)
      if let owner = self.folders[groupKey], !CatalogPlanner.sameBytes(owner, groupPath) {
        diagnostics.append(
          Diagnostic(
            path: source.relativePath, severity: .error, code: .nameCollision,
            message: "folder '\(groupPath)' collides with '\(owner)' (same name after Unicode normalisation and "
              + "case folding); skipped"))
        return nil
      }
      self.folders[groupKey] = groupPath
      let qualified = CatalogPlanner.qualified(groupPath, parsed.assetName)
      let space =
        switch lookup {
        case .image: "image/"
        case .color: "color/"
        case .appIcon: "appIcon/"
        }
      let lookupKey = space + CatalogPlanner.folded(planner.lookupName(group: folders, asset: parsed.assetName))
      if let owner = names[lookupKey], !CatalogPlanner.sameBytes(owner, qualified) {
        diagnostics.append(
          Diagnostic(
            path: source.relativePath, severity: .error, code: .nameCollision,
            message: "asset name '\(parsed.assetName)' collides with '\(owner)' (same name after Unicode "
              + "normalisation and case folding); skipped"))
        return nil
      }
      names[lookupKey] = qualified
      return qualified
    }
  }

  /// Adds an image or symbol source to its asset (made when it is the first); the error when the asset is of the
  /// other kind or already has a source in that slot.
  private static func add(_ source: SourceFile, parsed: SourceName, to slot: inout CatalogPlan.Asset?) -> Diagnostic? {
    let kind: CatalogPlan.Asset.Kind = parsed.format == .symbol ? .symbolSet : .imageSet
    var asset =
      slot ?? CatalogPlan.Asset(groupPath: source.groupPath, name: parsed.assetName, sources: [:], kind: kind)
    if asset.kind != kind {
      return Diagnostic(
        path: source.relativePath, severity: .error, code: .nameCollision,
        message: "asset name '\(parsed.assetName)' is already taken by an image set or symbol set of that name; "
          + "skipped")
    }
    if let existing = asset.sources[parsed.traits] {
      return Diagnostic(
        path: source.relativePath, severity: .error, code: .duplicateRendition,
        message: "fills the same rendition as '\(existing.relativePath)'; skipped")
    }
    asset.sources[parsed.traits] = source
    slot = asset
    return nil
  }

  /// The plan: the assets and icons in name order (each asset finished and checked for pairs) and their groups.
  private func finish(
    assets: [String: CatalogPlan.Asset], appIcons: [String: CatalogPlan.AppIcon], diagnostics: [Diagnostic]
  ) -> CatalogPlan {
    var diagnostics = diagnostics
    let sortedAssets = assets.keys.sorted(by: Self.utf8Order).compactMap { key in
      finish(assets[key]!, diagnostics: &diagnostics)
    }
    for asset in sortedAssets { diagnostics += pairingDiagnostics(asset) }
    let sortedIcons = appIcons.keys.sorted(by: Self.utf8Order).map { key in
      var icon = appIcons[key]!
      icon.copiesUnchanged = rules.isUnchanged(icon.qualifiedName)
      return icon
    }
    var groups: Set<[String]> = []
    for groupPath in sortedAssets.map(\.groupPath) + sortedIcons.map(\.groupPath) where !groupPath.isEmpty {
      for depth in 1...groupPath.count { groups.insert(Array(groupPath.prefix(depth))) }
    }
    return CatalogPlan(
      assets: sortedAssets,
      groups: groups.sorted { Self.utf8Order($0.joined(separator: "/"), $1.joined(separator: "/")) },
      diagnostics: diagnostics, appIcons: sortedIcons)
  }

  /// A vector without a scale in its name, and every PNG or JPEG of an asset that `singleScale:` names, is
  /// single-scale; such a file may say `@1x` but no other scale.
  private func applySingleScale(_ parsed: inout SourceName, qualifiedName: String) throws(SourceNameError) {
    if parsed.format.isVector && !parsed.hasScaleToken {
      parsed.traits.scale = RenditionTraits.singleScale
    } else if !parsed.format.isVector && rules.isSingleScale(qualifiedName) {
      guard parsed.traits.scale == 1 else {
        throw .invalidName("'\(qualifiedName)' is single-scale (singleScale:), so its files take no @2x or @3x")
      }
      parsed.traits.scale = RenditionTraits.singleScale
    }
  }

  /// Checks what only the whole asset shows, drops the sources that cannot go with the others (with an error each),
  /// and sets the asset's properties. Nil when no source is left.
  ///
  /// One asset takes raster images (PNG, JPEG) or vectors, not both; the raster ones stay. PNGs are converted and
  /// JPEGs copied, so the two share an asset only when its PNGs are copied too (`unchanged:`); otherwise the PNGs
  /// stay. Single-scale and scaled renditions may share a set, as with Xcode's "Individual and Single Scales".
  private func finish(_ asset: CatalogPlan.Asset, diagnostics: inout [Diagnostic]) -> CatalogPlan.Asset? {
    var asset = asset
    let formats = asset.sources.mapValues { SourceFormat(fileName: $0.fileName) ?? .png }
    let unchanged = asset.kind == .imageSet && rules.isUnchanged(asset.qualifiedName)
    let hasPNG = formats.values.contains(.png)
    let hasRaster = hasPNG || formats.values.contains(.jpeg)
    for (traits, file) in asset.sources.sorted(by: { $0.key < $1.key }) {
      let format = formats[traits]!
      let reason: String
      if hasRaster && format.isVector {
        reason = "has raster sources (PNG or JPEG), and this vector; put vectors in an asset of their own"
      } else if hasPNG && format == .jpeg && !unchanged {
        reason =
          "has PNG sources, which are converted, and this JPEG, which would be copied (list the asset under "
          + "unchanged: to copy its PNGs too)"
      } else {
        continue
      }
      diagnostics.append(
        Diagnostic(
          path: file.relativePath, severity: .error, code: .mixedRenditions,
          message: "'\(asset.qualifiedName)' " + reason + "; skipped"))
      asset.sources[traits] = nil
    }
    guard !asset.sources.isEmpty else { return nil }
    let qualified = asset.qualifiedName
    if asset.kind == .imageSet {
      asset.properties = AssetProperties(
        renderingIntent: rules.renderingIntent(qualified, name: asset.name),
        preservesVectorRepresentation: asset.isVector && rules.preservesVectors(qualified),
        compressionType: rules.compressionType(qualified))
      asset.copiesUnchanged = rules.isUnchanged(qualified)
    } else {
      asset.properties = AssetProperties()
    }
    return asset
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
              + traits.scaleName))
      case .light where !traits.highContrast && !has(.dark, highContrast: traits.highContrast):
        findings.append(
          Diagnostic(
            path: path, severity: .warning, code: .unpairedLight,
            message: "light rendition of '\(asset.qualifiedName)' has no dark rendition at \(traits.scaleName)"))
      default:
        break
      }
      if traits.highContrast && !has(traits.appearance, highContrast: false) {
        findings.append(
          Diagnostic(
            path: path, severity: .warning, code: .contrastWithoutBase,
            message: "high-contrast rendition of '\(asset.qualifiedName)' has no normal-contrast rendition with the "
              + "same appearance at \(traits.scaleName)"))
      }
    }
    return findings
  }

  /// The qualified name of asset `name` in the group folder path `group` (empty at the root).
  private static func qualified(_ group: String, _ name: String) -> String {
    group.isEmpty ? name : group + "/" + name
  }

  /// The key under which two names count as the same: Unicode NFC, then case folding. An ASCII name (most of
  /// them) is its own NFC, and folds to lower case.
  static func folded(_ name: String) -> String {
    if name.utf8.allSatisfy({ $0 < 0x80 }) { return name.lowercased() }
    return name.precomposedStringWithCanonicalMapping.folding(options: [.caseInsensitive], locale: nil)
  }

  /// Swift compares strings by canonical equivalence; names on disk differ when their bytes do.
  static func sameBytes(_ lhs: String, _ rhs: String) -> Bool {
    lhs.utf8.elementsEqual(rhs.utf8)
  }

  static func utf8Order(_ lhs: String, _ rhs: String) -> Bool {
    UTF8Order.precedes(lhs, rhs)
  }
}
