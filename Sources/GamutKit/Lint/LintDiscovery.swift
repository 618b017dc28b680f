/// Finds what `gamut lint PATH...` checks: each PATH that is an `.xcassets` folder, and the catalogs under each PATH
/// that is another folder (a repository root, say), with the bundles beside them that a ``LintBundleChecker``
/// takes. Hidden folders, build products and dependency checkouts are not searched; links are not followed.
enum LintDiscovery {
  /// Folder names not searched: build output and dependencies another project owns.
  static let skippedFolders: Set<String> = [
    "DerivedData", "build", "Build", "Pods", "Carthage", "node_modules", "SourcePackages",
  ]
  /// The deepest folder searched below a PATH.
  static let maximumDepth = 24

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
      search(trimmed, depth: 0, bundleExtensions: bundleExtensions, catalogs: &catalogs, bundles: &bundles)
    }
    return (catalogs, Array(Set(bundles)).sorted(), findings)
  }

  /// The bundles in the folder that holds `catalog` (an app's `AppIcon.icon` beside its `Assets.xcassets`).
  private static func bundlesBeside(_ catalog: String, bundleExtensions: Set<String>) -> [String] {
    let folder = catalog.lastIndex(of: "/").map { String(catalog[..<$0]) } ?? "."
    let names = (try? FileSystem.listFolder(folder)) ?? []
    return names.sorted().compactMap { name in
      let parts = name.split(separator: ".")
      guard parts.count > 1, !name.hasPrefix("."), bundleExtensions.contains(String(parts.last!)) else { return nil }
      let path = folder == "." ? name : folder + "/" + name
      return (try? FileStatus(path: path))?.kind == .folder ? path : nil
    }
  }

  private static func search(
    _ folder: String, depth: Int, bundleExtensions: Set<String>, catalogs: inout [String], bundles: inout [String]
  ) {
    guard depth <= maximumDepth, let names = try? FileSystem.listFolder(folder) else { return }
    for name in names.sorted() where !name.hasPrefix(".") && !skippedFolders.contains(name) {
      let path = folder == "." ? name : folder + "/" + name
      guard (try? FileStatus(path: path))?.kind == .folder else { continue }
      let pathExtension = name.split(separator: ".").count > 1 ? String(name.split(separator: ".").last!) : ""
      if pathExtension == "xcassets" {
        catalogs.append(path)
      } else if bundleExtensions.contains(pathExtension) {
        bundles.append(path)
      } else {
        search(path, depth: depth + 1, bundleExtensions: bundleExtensions, catalogs: &catalogs, bundles: &bundles)
      }
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
