import Foundation

/// The colors a source folder defines, read as `gamut build` reads them, for commands that look colors up by name.
package enum ColorCatalogReader {
  /// The colors of every color file under `sourceRoot` and the problems found reading them.
  package static func colors(in sourceRoot: String) throws(FileError) -> (
    colors: [ColorDefinition], diagnostics: [Diagnostic]
  ) {
    let scan = try SourceScanner(root: sourceRoot).scan()
    var colors: [ColorDefinition] = []
    var diagnostics: [Diagnostic] = []
    for file in scan.colorSources {
      let result = read(file, sourceRoot: sourceRoot)
      colors += result.colors
      diagnostics += result.diagnostics
    }
    return (colors, diagnostics)
  }

  /// The color `name` refers to: a qualified name (`Group/Name`), or a plain name that exactly one color has.
  package static func find(_ name: String, in colors: [ColorDefinition]) -> ColorDefinition? {
    if let exact = colors.first(where: { $0.qualifiedName == name }) { return exact }
    let named = colors.filter { $0.name == name }
    return named.count == 1 ? named[0] : nil
  }

  /// Reads and parses one color file.
  static func read(_ file: SourceFile, sourceRoot: String) -> ColorFileParser.Result {
    guard let data = FileManager.default.contents(atPath: sourceRoot + "/" + file.relativePath) else {
      return ColorFileParser.Result(
        colors: [],
        diagnostics: [
          Diagnostic(
            path: file.relativePath, severity: .error, code: .unreadable, message: "the file could not be read")
        ])
    }
    guard let text = String(data: data, encoding: .utf8) else {
      return ColorFileParser.Result(
        colors: [],
        diagnostics: [
          Diagnostic(
            path: file.relativePath, severity: .error, code: .invalidColor, message: "the file is not UTF-8 text")
        ])
    }
    if file.relativePath.hasSuffix(DesignTokens.fileSuffix) {
      return DesignTokens.parse(
        text, source: file.relativePath,
        siblings: { name in
          let folder = (file.relativePath as NSString).deletingLastPathComponent
          let path = folder.isEmpty ? name : folder + "/" + name
          return FileManager.default.contents(atPath: sourceRoot + "/" + path).flatMap {
            String(data: $0, encoding: .utf8)
          }
        })
    }
    return ColorFileParser.parse(text, source: file.relativePath)
  }
}
