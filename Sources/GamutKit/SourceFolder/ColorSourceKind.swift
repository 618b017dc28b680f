/// Which source files hold color definitions.
enum ColorSourceKind {
  /// The file-name ending of a YAML color file.
  static let colorsSuffix = ".colors.yml"
  /// The file-name ending of a design tokens file.
  static let tokensSuffix = ".tokens.json"

  /// Whether `name` is a color file (`*.colors.yml`) or a design tokens file (`*.tokens.json`), by its ending in
  /// any letter case, with something before it.
  static func isColorSource(_ name: String) -> Bool {
    let lower = name.lowercased()
    return [colorsSuffix, tokensSuffix].contains { lower.hasSuffix($0) && lower.count > $0.count }
  }
}
