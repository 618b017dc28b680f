import Foundation

/// What `gamut build` does with the Icon Composer bundles of a project: it finds them beside the output catalog
/// (in the catalog's parent folder) and in the places `iconBundles:` names, checks each one
/// (``IconBundleChecks``), and refuses to write an app icon set that has the name of one of them
/// (`Name.appiconset` beside `Name.icon` makes App Store validation fail).
struct IconBundleStep: Sendable {
  /// The bundles found, in path order, each inspected and checked.
  var bundles: [IconInspection]

  /// Finds and inspects the bundles beside `catalogPath` and in `configured`.
  init(catalogPath: String, configured: [String], limits: PNGLimits) {
    bundles = Self.bundlePaths(catalogPath: catalogPath, configured: configured).map {
      IconInspection(path: $0, limits: limits)
    }
  }

  /// The `.icon` bundles beside `catalogPath` (in its parent folder) and in `configured` (each a `.icon` bundle
  /// or a folder holding some), each once, in the order found.
  static func bundlePaths(catalogPath: String, configured: [String]) -> [String] {
    let parent = URL(fileURLWithPath: catalogPath).deletingLastPathComponent().path
    var paths: [String] = []
    var seen: Set<String> = []
    for place in [parent] + configured {
      let trimmed = place.count > 1 && place.hasSuffix("/") ? String(place.dropLast()) : place
      for path in trimmed.hasSuffix(".icon") ? [trimmed] : IconBundle.bundles(in: trimmed)
      where seen.insert((try? FileSystem.realPath(path)) ?? path).inserted {
        paths.append(path)
      }
    }
    return paths
  }

  /// Every finding of every bundle.
  var diagnostics: [Diagnostic] { bundles.flatMap(\.findings) }

  /// Takes out of `plan` each app icon whose name is a bundle's, with an error naming both.
  func guardCollisions(_ plan: inout CatalogPlan) {
    Self.guardCollisions(&plan, bundlePaths: bundles.map(\.path))
  }

  /// Takes out of `plan` each app icon whose name (compared without case) is the name of a bundle in
  /// `bundlePaths`, with an error naming both and how to resolve it.
  static func guardCollisions(_ plan: inout CatalogPlan, bundlePaths: [String]) {
    var kept: [CatalogPlan.AppIcon] = []
    for icon in plan.appIcons {
      guard
        let bundle = bundlePaths.first(where: { IconBundle.name(ofPath: $0).lowercased() == icon.name.lowercased() })
      else {
        kept.append(icon)
        continue
      }
      let name = IconBundle.name(ofPath: bundle)
      let sources = icon.sources.values.map(\.relativePath).sorted()
      plan.diagnostics.append(
        Diagnostic(
          path: bundle, severity: .error, code: .iconAppIconCollision,
          message:
            "the Icon Composer icon \(name).icon and the app icon set \(icon.folderPath) (from "
            + sources.joined(separator: ", ")
            + ") have the same name, which makes App Store validation fail; \(icon.folderPath) is not written. "
            + "Rename the app icon's sources (and its appIcons: entry), or remove them and let \(name).icon "
            + "own the name"))
    }
    plan.appIcons = kept
  }
}
