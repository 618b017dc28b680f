/// Finds what `gamut lint PATH...` checks: each PATH that is an `.xcassets` folder, and the catalogs under each PATH
/// that is another folder (a repository root, say), with the bundles beside them that a ``LintBundleChecker``
/// takes. Hidden folders, build products and dependency checkouts are not searched; links are not followed
/// (``FolderWalker``'s search).
enum LintDiscovery {
  /// The catalogs and bundles, sorted, and a finding for each PATH that is neither.
  static func find(_ paths: [String], bundleExtensions: Set<String>) -> (
    catalogs: [String], bundles: [String], findings: [Diagnostic]
  ) {
    var catalogs: [String] = []
    var bundles: [String] = []
    var findings: [Diagnostic] = []
    for path in paths {
      let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
      guard (try? FileStatus(path: trimmed, followingLinks: true))?.kind == .folder else {
        findings.append(
          Diagnostic(path: trimmed, severity: .error, code: .unreadable, message: "not a folder that can be read"))
        continue
      }
      if trimmed.hasSuffix(".xcassets") {
        catalogs.append(trimmed)
        bundles += bundlesBeside(trimmed, bundleExtensions: bundleExtensions)
        continue
      }
      search(trimmed, bundleExtensions: bundleExtensions, catalogs: &catalogs, bundles: &bundles)
    }
    return (catalogs, Array(Set(bundles)).sorted(), findings)
  }

  /// The extension of a folder name (`xcassets`), empty for a name without one.
  private static func pathExtension(_ name: String) -> String {
    let parts = name.split(separator: ".")
    return parts.count > 1 ? String(parts.last!) : ""
  }

  /// The bundles in the folder that holds `catalog` (an app's `AppIcon.icon` beside its `Assets.xcassets`).
  private static func bundlesBeside(_ catalog: String, bundleExtensions: Set<String>) -> [String] {
    let folder = catalog.lastIndex(of: "/").map { String(catalog[..<$0]) } ?? "."
    let walker = FolderWalker(root: folder, tree: .searched)
    return walker.list("", depth: 0).entries.compactMap { entry in
      entry.kind == .folder && bundleExtensions.contains(pathExtension(entry.name))
        ? walker.path(of: entry.relativePath) : nil
    }
  }

  /// The catalogs and bundles below `folder`: a catalog or bundle is taken and not entered, any other folder is
  /// searched (``FolderWalker``'s search: no link followed, hidden and dependency folders left out).
  private static func search(
    _ folder: String, bundleExtensions: Set<String>, catalogs: inout [String], bundles: inout [String]
  ) {
    let walker = FolderWalker(root: folder, tree: .searched)
    _ = try? walker.walk { entry in
      guard entry.kind == .folder else { return false }
      let kind = pathExtension(entry.name)
      if kind == "xcassets" {
        catalogs.append(walker.path(of: entry.relativePath))
      } else if bundleExtensions.contains(kind) {
        bundles.append(walker.path(of: entry.relativePath))
      } else {
        return true
      }
      return false
    }
  }
}

/// A check of a bundle that sits beside asset catalogs rather than in them (an Icon Composer `Name.icon`, say),
/// plugged into ``Linter/bundleCheckers``: lint finds each folder with the checker's extension while it searches
/// for catalogs and passes the checker its path.
public protocol LintBundleChecker: Sendable {
  /// The folder extension of the bundles it checks, without the dot (`icon`).
  var bundleExtension: String { get }
  /// The findings for the bundle at `path`, named under `path`.
  func check(bundleAt path: String) -> [Diagnostic]
}
