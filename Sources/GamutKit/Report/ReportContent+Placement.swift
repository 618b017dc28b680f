import Foundation

extension ReportContent {
  /// Puts each of `findings` that names a source file of one of `records` (an image set's or app icon's rendition,
  /// clipping check or own finding) on that record, so that its card shows it and takes its level; returns the
  /// findings that belong to no record.
  ///
  /// The planner's findings about names (`unpaired-dark` for `Eclipse~dark@2x.png`, ...) are made before any asset
  /// is built, so the manifest keeps them beside the assets; the report shows them where the user looks.
  static func placing(_ findings: [Diagnostic], onto records: inout [AssetRecord]) -> [Diagnostic] {
    var owners: [String: Int] = [:]
    for (index, record) in records.enumerated() {
      let sources =
        record.renditions.map(\.source) + record.clipping.map(\.source) + record.diagnostics.map(\.path)
      for source in sources where owners[source] == nil { owners[source] = index }
    }
    var rest: [Diagnostic] = []
    for finding in findings {
      if let owner = owners[finding.path] {
        records[owner].diagnostics.append(finding)
      } else {
        rest.append(finding)
      }
    }
    return rest
  }

  /// Sets the Icon Composer bundles shown beside the catalog, and puts each general finding about one of them
  /// (about its folder or a file in it: the app icon set collision, the bundle's checks) on its card, which then
  /// takes its level; a finding the card shows already is not repeated.
  package mutating func setIconBundles(_ bundles: [IconInspection]) {
    iconBundles = bundles
    let folders = bundles.map { Self.absolute($0.path) }
    diagnostics = diagnostics.filter { finding in
      let path = Self.absolute(finding.path)
      guard let index = folders.firstIndex(where: { path == $0 || path.hasPrefix($0 + "/") }) else { return true }
      if !iconBundles[index].findings.contains(finding) { iconBundles[index].findings.append(finding) }
      return false
    }
  }

  /// `path` made absolute and standardized, so that a bundle named relative to one folder meets a finding that
  /// names it from another.
  private static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }
}
