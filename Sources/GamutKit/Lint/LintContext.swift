import Foundation

/// What every check of one catalog shares: the catalog, the platforms it serves, the configuration, and a converter
/// whose routes are built once per color space.
struct LintContext {
  var tree: CatalogTree
  var platforms: CatalogPlatforms
  var configuration: LintConfiguration
  var converter: ColorConverter

  init(tree: CatalogTree, configuration: LintConfiguration) {
    self.tree = tree
    platforms = CatalogPlatforms(tree)
    self.configuration = configuration
    converter = ColorConverter(options: configuration.options.conversion)
  }

  /// The path of a set's folder, or of a file in it.
  func path(of set: CatalogSet, file: String? = nil) -> String {
    tree.path(of: set.relativePath + (file.map { "/" + $0 } ?? ""))
  }

  /// A finding at an entry of a set's `Contents.json`.
  func atEntry(
    _ set: CatalogSet, line: Int?, _ severity: Diagnostic.Severity, _ code: DiagnosticCode, _ message: String
  ) -> Diagnostic {
    Diagnostic(path: path(of: set, file: "Contents.json"), severity: severity, code: code, message: message, line: line)
  }

  /// One decimal place.
  static func format(_ value: Double) -> String {
    String(format: "%.1f", value)
  }

  /// A share as a percentage with one decimal.
  static func percent(_ share: Double) -> String {
    String(format: "%.1f%%", share * 100)
  }
}
