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

  /// Reads and parses one color file, each file (the tokens' variant files too) refused before it is read when
  /// it is larger than `maxBytes` or not a regular file.
  static func read(_ file: SourceFile, sourceRoot: String, maxBytes: Int = InputLimits.default.maxColorFileBytes)
    -> ColorFileParser.Result
  {
    func failure(_ message: String) -> ColorFileParser.Result {
      ColorFileParser.Result(
        colors: [],
        diagnostics: [Diagnostic(path: file.relativePath, severity: .error, code: .unreadable, message: message)])
    }
    func text(_ relativePath: String) throws(FileError) -> String? {
      let bytes = try BoundedFile.read(sourceRoot + "/" + relativePath, limit: maxBytes, what: "the file")
      return String(validating: bytes, as: UTF8.self)
    }
    if let problem = ColorFileParser.variantNameProblem(file.fileName) {
      return ColorFileParser.Result(
        colors: [],
        diagnostics: [Diagnostic(path: file.relativePath, severity: .error, code: .invalidName, message: problem)])
    }
    let contents: String?
    do throws(FileError) {
      contents = try text(file.relativePath)
    } catch {
      return failure("cannot read the file: \(error.reason)")
    }
    guard let contents else { return failure("the file is not UTF-8 text") }
    if file.relativePath.hasSuffix(DesignTokens.fileSuffix) {
      var unreadable: [Diagnostic] = []
      var result = DesignTokens.parse(
        contents, source: file.relativePath,
        siblings: { name in
          let folder = (file.relativePath as NSString).deletingLastPathComponent
          let path = folder.isEmpty ? name : folder + "/" + name
          guard (try? FileStatus(path: sourceRoot + "/" + path, followingLinks: true)) != nil else { return nil }
          do throws(FileError) {
            return try text(path) ?? ""
          } catch {
            unreadable.append(
              Diagnostic(
                path: path, severity: .error, code: .unreadable, message: "cannot read the file: \(error.reason)"))
            return nil
          }
        })
      result.diagnostics += unreadable
      return result
    }
    return ColorFileParser.parse(contents, source: file.relativePath)
  }
}
