import Foundation
import GamutKit

/// The end-of-build summary: counts for people, and the JSON form for `--json`.
struct BuildSummary: Encodable {
  var catalog: String
  var summary: CatalogManifest.Summary
  var rebuiltAssets: Int
  var seconds: Double
  var exitStatus: Int32
  /// Every finding, its path as the user can open it.
  var diagnostics: [FindingRecord]
  /// The HTML report written, when one was asked for.
  var report: String?

  init(report: BuildReport, sourceRoot: String, exitStatus: ExitStatus) {
    catalog = report.catalog
    summary = report.summary
    rebuiltAssets = report.rebuiltAssets
    let components = report.duration.components
    seconds = ((Double(components.seconds) + Double(components.attoseconds) / 1e18) * 1000).rounded() / 1000
    self.exitStatus = exitStatus.rawValue
    self.report = report.report?.reportPath
    diagnostics = report.diagnostics.map { FindingRecord($0.located(in: sourceRoot)) }
  }

  var text: String {
    let s = summary
    func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
    return "\(catalog): \(plural(s.assets, "asset")) (\(rebuiltAssets) rebuilt"
      + (s.failedAssets > 0 ? ", \(s.failedAssets) failed" : "") + "), \(plural(s.renditions, "rendition")), "
      + "\(plural(s.pairs, "light/dark pair")), "
      + (s.colorSets > 0 ? "\(plural(s.colorSets, "color set")), " : "")
      + "\(plural(s.warnings, "warning")), \(plural(s.errors, "error")) "
      + "in " + String(format: "%.2f s", seconds)
  }
}
