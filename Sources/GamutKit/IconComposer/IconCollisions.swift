/// The app icon sets of an existing catalog that collide with Icon Composer bundles: `Name.appiconset` anywhere in
/// the catalog (in any group) while `Name.icon` is one of the bundles (names compared without case). An app with
/// both fails App Store validation. For `gamut lint`; `gamut build` refuses to write such a set in the first place.
package enum IconCollisions {
  /// The deepest group nesting searched.
  static let maxDepth = 16

  /// One error per colliding app icon set, at the set's folder.
  package static func check(catalogPath: String, bundlePaths: [String]) -> [Diagnostic] {
    let names = Dictionary(
      bundlePaths.map { (IconBundle.name(ofPath: $0).lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    var findings: [Diagnostic] = []
    // Folders still to list, with their depth: a stack, not recursion.
    var pending: [(path: String, depth: Int)] = [(catalogPath, 0)]
    while let (folder, depth) = pending.popLast() {
      let entries = ((try? FileSystem.listFolder(folder)) ?? []).sorted().reversed()
      for entry in entries {
        let path = folder + "/" + entry
        guard (try? FileStatus(path: path))?.kind == .folder else { continue }
        if entry.hasSuffix(".appiconset") {
          let name = String(entry.dropLast(".appiconset".count))
          if let bundle = names[name.lowercased()] {
            findings.append(
              Diagnostic(
                path: path, severity: .error, code: .iconAppIconCollision,
                message:
                  "the app icon set \(entry) and the Icon Composer icon \(bundle) have the same name, which makes "
                  + "App Store validation fail; rename or remove the set, or let \(IconBundle.name(ofPath: bundle))"
                  + ".icon own the name"))
          }
        } else if !entry.contains("."), depth < maxDepth {
          pending.append((path, depth + 1))
        }
      }
    }
    return findings.sorted { $0.path < $1.path }
  }
}
