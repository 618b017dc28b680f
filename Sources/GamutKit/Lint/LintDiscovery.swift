/// Finds what `gamut lint PATH...` checks. Each PATH is one of:
/// - an `.xcassets` folder: that catalog, with the bundles beside it that a ``LintBundleChecker`` takes;
/// - a set folder (`.imageset`, `.colorset`, `.appiconset`, `.symbolset`): that set, checked as part of the catalog
///   around it (the nearest `.xcassets` above it, else its own folder), so that names and platforms are judged as in
///   the whole catalog, and only the set's findings kept;
/// - a bundle a checker takes (an Icon Composer `Name.icon`);
/// - another folder: searched for catalogs and bundles (a repository root) by ``FolderWalker``'s search: hidden
///   folders, build products and dependency checkouts are not searched, links are not followed, 32 folders deep.
///
/// Any other PATH (a file, a missing path, a folder with nothing lint checks) is refused: lint never reports success
/// on something it did not look at.
enum LintDiscovery {
  /// What was found.
  struct Found {
    /// The catalogs to lint, sorted, each once.
    var catalogs: [String] = []
    /// For a catalog linted for some of its sets only: those sets' folders, relative to the catalog. A catalog absent
    /// here is linted whole.
    var onlySets: [String: [String]] = [:]
    var bundles: [String] = []
    /// Each PATH refused, with why.
    var refused: [(path: String, reason: String)] = []
  }

  /// The catalogs, sets and bundles of `paths`, and the paths refused.
  static func find(_ paths: [String], bundleExtensions: Set<String>) -> Found {
    var found = Found()
    var whole: Set<String> = []
    for path in paths {
      let trimmed = path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
      guard (try? FileStatus(path: trimmed, followingLinks: true))?.kind == .folder else {
        let exists = (try? FileStatus(path: trimmed, followingLinks: true)) != nil
        found.refused.append(
          (
            trimmed,
            exists
              ? "not a folder: lint takes a catalog, a set, an .icon bundle or a "
                + "folder to search" : "no such file or folder"
          ))
        continue
      }
      let pathExtension = Self.pathExtension(trimmed)
      if pathExtension == "xcassets" {
        whole.insert(trimmed)
        found.catalogs.append(trimmed)
        found.bundles += bundlesBeside(trimmed, bundleExtensions: bundleExtensions)
      } else if CatalogSet.Kind(rawValue: pathExtension) != nil {
        let catalog = enclosingCatalog(of: trimmed)
        found.catalogs.append(catalog)
        let prefix = catalog == "/" ? "/" : catalog + "/"
        let relative = trimmed.hasPrefix(prefix) ? String(trimmed.dropFirst(prefix.count)) : trimmed
        found.onlySets[catalog, default: []].append(relative)
      } else if bundleExtensions.contains(pathExtension) {
        found.bundles.append(trimmed)
      } else {
        let before = (found.catalogs.count, found.bundles.count)
        search(trimmed, bundleExtensions: bundleExtensions, into: &found, whole: &whole)
        if (found.catalogs.count, found.bundles.count) == before {
          found.refused.append((trimmed, "no asset catalog, set or bundle lint checks was found in this folder"))
        }
      }
    }
    for catalog in whole { found.onlySets[catalog] = nil }
    found.catalogs = Array(Set(found.catalogs)).sorted()
    found.bundles = Array(Set(found.bundles)).sorted()
    return found
  }

  /// The extension of the last component of `path` ("" when it has none).
  static func pathExtension(_ path: String) -> String {
    let name = path.split(separator: "/").last ?? ""
    let parts = name.split(separator: ".")
    return parts.count > 1 ? String(parts.last!) : ""
  }

  /// The nearest `.xcassets` folder above a set folder, or the folder holding it when there is none.
  private static func enclosingCatalog(of set: String) -> String {
    var components = set.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    while let last = components.last {
      if last.hasSuffix(".xcassets") { return components.joined(separator: "/") }
      components = components.dropLast()
    }
    let parent = set.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return parent.isEmpty ? (set.hasPrefix("/") ? "/" : ".") : parent
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
  /// searched (``FolderWalker``'s search).
  private static func search(
    _ folder: String, bundleExtensions: Set<String>, into found: inout Found, whole: inout Set<String>
  ) {
    let walker = FolderWalker(root: folder, tree: .searched)
    _ = try? walker.walk { entry in
      guard entry.kind == .folder else { return false }
      let path = walker.path(of: entry.relativePath)
      let kind = pathExtension(entry.name)
      if kind == "xcassets" {
        found.catalogs.append(path)
        whole.insert(path)
      } else if bundleExtensions.contains(kind) {
        found.bundles.append(path)
      } else {
        return true
      }
      return false
    }
  }
}

/// A check of a bundle that sits beside asset catalogs rather than in them (an Icon Composer `Name.icon`, say),
/// plugged into ``Linter/bundleCheckers``: lint finds each folder with the checker's extension while it searches
/// for catalogs, or is given it, and passes the checker its path.
package protocol LintBundleChecker: Sendable {
  /// The folder extension of the bundles it checks, without the dot (`icon`).
  var bundleExtension: String { get }
  /// The findings for the bundle at `path`, named under `path`.
  func check(bundleAt path: String) -> [Diagnostic]
}
