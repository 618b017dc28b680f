import Foundation

/// What `gamut build` does with the Icon Composer bundles of a project: it finds them beside the output catalog
/// (in the catalog's parent folder) and in the places `iconBundles:` names, checks each one
/// (``IconBundleChecks``), and refuses to write an app icon set that has the name of one of them
/// (`Name.appiconset` beside `Name.icon` makes App Store validation fail).
struct IconBundleStep: Sendable {
  /// The bundles found, in path order, each inspected and checked.
  var bundles: [IconInspection]

  /// Finds and inspects the bundles beside `catalogPath` and in `configured` (each a `.icon` bundle or a folder
  /// holding some).
  init(catalogPath: String, configured: [String], limits: PNGLimits) {
    let parent = URL(fileURLWithPath: catalogPath).deletingLastPathComponent().path
    var paths: [String] = []
    for place in [parent] + configured {
      let trimmed = place.count > 1 && place.hasSuffix("/") ? String(place.dropLast()) : place
      let found = trimmed.hasSuffix(".icon") ? [trimmed] : IconBundle.bundles(in: trimmed)
      for path in found {
        let real = (try? FileSystem.realPath(path)) ?? path
        if !paths.contains(where: { ((try? FileSystem.realPath($0)) ?? $0) == real }) { paths.append(path) }
      }
    }
    bundles = paths.map { IconInspection(path: $0, limits: limits) }
  }

  /// Every finding of every bundle.
  var diagnostics: [Diagnostic] { bundles.flatMap(\.findings) }

  /// Takes out of `plan` each app icon whose name is a bundle's, with an error naming both.
  func guardCollisions(_ plan: inout CatalogPlan) {
    var kept: [CatalogPlan.AppIcon] = []
    for icon in plan.appIcons {
      guard let bundle = bundles.first(where: { $0.name.lowercased() == icon.name.lowercased() }) else {
        kept.append(icon)
        continue
      }
      let sources = icon.sources.values.map(\.relativePath).sorted()
      plan.diagnostics.append(
        Diagnostic(
          path: bundle.path, severity: .error, code: .iconAppIconCollision,
          message:
            "the Icon Composer icon \(bundle.name).icon and the app icon set \(icon.folderPath) (from "
            + sources.joined(separator: ", ")
            + ") have the same name, which makes App Store validation fail; \(icon.folderPath) is not written. "
            + "Rename the app icon's sources (and its appIcons: entry), or remove them and let \(bundle.name).icon "
            + "own the name"))
    }
    plan.appIcons = kept
  }
}
