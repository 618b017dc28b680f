/// The name checks of a catalog: two assets with one name (within one namespace: the groups that provide one),
/// and names that Xcode's generated asset symbols turn into one Swift identifier.
///
/// The identifier rule (see docs/lint.md): Xcode 15 and later generate `ColorResource` and `ImageResource`
/// constants from color and image set names (`GENERATE_ASSET_SYMBOLS`); Xcode 15's release notes say the names
/// are made camel case with a trailing "Color" or "Image" removed. gamut's reading of that, not checked against
/// Xcode here: split into words at every character that is not a letter or digit, the first word's first letter
/// lowercased, each later word's first letter uppercased, a trailing `Color` (colors) or `Image` (images) dropped,
/// a leading digit prefixed with `_`. Colors and images are separate types, so they collide only with their own
/// kind.
enum NameLint {
  /// The findings for the sets of one catalog.
  static func check(_ sets: [CatalogTree.PlacedSet], context: LintContext) -> [Diagnostic] {
    duplicates(sets, context: context) + symbolCollisions(sets, context: context)
  }

  /// `duplicate-asset-name`: each set whose name (namespace included) an earlier set of the catalog already has,
  /// judged by ``AssetNameRule`` from the two kinds (an app icon set and an image set of one name are not a finding).
  /// The message says when a group without `provides-namespace` is why.
  private static func duplicates(_ sets: [CatalogTree.PlacedSet], context: LintContext) -> [Diagnostic] {
    var earlier: [String: [CatalogTree.PlacedSet]] = [:]
    var findings: [Diagnostic] = []
    for placed in sets {
      let key = placed.assetName.lowercased()
      defer { earlier[key, default: []].append(placed) }
      let lookup = AssetNameRule.Lookup(placed.set.kind)
      for other in earlier[key] ?? [] {
        let otherLookup = AssetNameRule.Lookup(other.set.kind)
        let sameBytes = other.assetName == placed.assetName
        guard let severity = AssetNameRule.severity(lookup, otherLookup, sameBytes: sameBytes) else { continue }
        let plainGroups = (placed.groups + other.groups).filter { !$0.providesNamespace }.map(\.name)
        let why =
          other.groups.map(\.relativePath) != placed.groups.map(\.relativePath) && !plainGroups.isEmpty
          ? "; group '\(plainGroups[0])' does not provide a namespace (provides-namespace), so its children share "
            + "the names of the folder above it" : ""
        findings.append(
          Diagnostic(
            path: context.path(of: placed.set), severity: severity, code: .duplicateAssetName,
            message: "the asset name '\(placed.assetName)' is also '\(other.set.relativePath)'s: "
              + AssetNameRule.consequence(lookup, otherLookup, sameBytes: sameBytes) + why))
        break
      }
    }
    return findings
  }

  /// `symbol-collision`: color sets (or image sets) of one namespace whose names differ but make one identifier.
  private static func symbolCollisions(_ sets: [CatalogTree.PlacedSet], context: LintContext) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for kind in [CatalogSet.Kind.colorSet, .imageSet] {
      let groups = Dictionary(grouping: sets.filter { $0.set.kind == kind }) { placed in
        placed.namespace.joined(separator: "/") + "/" + identifier(placed.set.name, kind: kind)
      }
      for (key, members) in groups.sorted(by: { $0.key < $1.key }) where Set(members.map(\.set.name)).count > 1 {
        let identifier = String(key.split(separator: "/").last ?? "")
        for placed in members.dropFirst() where placed.set.name != members[0].set.name {
          let type = kind == .colorSet ? "ColorResource" : "ImageResource"
          findings.append(
            Diagnostic(
              path: context.path(of: placed.set), severity: .note, code: .symbolCollision,
              message: "'\(placed.set.name)' and '\(members[0].set.name)' both become \(type).\(identifier) in "
                + "Xcode's generated asset symbols, which keep the first and warn about the other (it gets no "
                + "symbol; it still loads by name)"))
        }
      }
    }
    return findings
  }

  /// The Swift identifier Xcode's asset symbols make of a set's name (the rule above).
  static func identifier(_ name: String, kind: CatalogSet.Kind) -> String {
    let words = name.split { !($0.isLetter || $0.isNumber) }.map(String.init)
    var joined = ""
    for (index, word) in words.enumerated() {
      let first = word.prefix(1)
      joined += (index == 0 ? first.lowercased() : first.uppercased()) + word.dropFirst()
    }
    let suffix = kind == .colorSet ? "Color" : "Image"
    if joined.count > suffix.count, joined.hasSuffix(suffix) { joined.removeLast(suffix.count) }
    if let first = joined.first, first.isNumber { joined = "_" + joined }
    return joined
  }
}
