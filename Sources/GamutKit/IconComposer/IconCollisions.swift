/// The app icon sets of an existing catalog that collide with Icon Composer bundles: `Name.appiconset` anywhere in
/// the catalog (in any group) while `Name.icon` is one of the bundles (names compared without case). An app with
/// both fails App Store validation. For `gamut lint`; `gamut build` refuses to write such a set in the first place.
package enum IconCollisions {
  /// One error per colliding app icon set of `catalog` (as the catalog reader read it), at the set's folder.
  package static func check(_ catalog: CatalogTree, bundlePaths: [String]) -> [Diagnostic] {
    let names = Dictionary(
      bundlePaths.map { (IconBundle.name(ofPath: $0).lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    var findings: [Diagnostic] = []
    for placed in catalog.sets where placed.set.kind == .appIconSet {
      guard let bundle = names[placed.set.name.lowercased()] else { continue }
      let entry = placed.set.name + ".appiconset"
      findings.append(
        Diagnostic(
          path: catalog.path(of: placed.set.relativePath), severity: .error, code: .iconAppIconCollision,
          message:
            "the app icon set \(entry) and the Icon Composer icon \(bundle) have the same name, which makes "
            + "App Store validation fail; rename or remove the set, or let \(IconBundle.name(ofPath: bundle))"
            + ".icon own the name"))
    }
    return findings.sorted { $0.path < $1.path }
  }
}
