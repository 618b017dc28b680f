/// Finds the sources (PNG, PDF, SVG, `.symbols.svg`) under a folder, in sorted order, without following links out
/// of it.
///
/// Folders are walked depth-first with entries sorted by their UTF-8 bytes, so the result does not depend on
/// the file system's order. Symbolic links to files inside the source folder are taken; links to folders are
/// not followed (no cycles), and links that lead outside are reported and skipped. Folders with an extension
/// (`Name.xcassets`, `Name.imageset`) are catalogs or catalog parts, not groups, and are skipped with a note.
public struct SourceScanner: Sendable {
  /// The name of the configuration file the source folder may hold at its root.
  public static let configurationName = "gamut.yml"

  /// The folder to scan.
  public var root: String
  /// A folder to leave out, typically the output catalog when it lies inside the source folder.
  public var excluding: String?
  /// More folders to leave out, such as the kept area of an imported catalog (`kept:` in `gamut.yml`).
  public var alsoExcluding: [String] = []

  public init(root: String, excluding: String? = nil) {
    self.root = root
    self.excluding = excluding
  }

  /// The canonical paths of the folders left out (those that exist).
  private var excludedRealPaths: Set<String> {
    Set(([excluding].compactMap { $0 } + alsoExcluding).compactMap(Self.realPath))
  }

  /// The scan's result: the PNG sources and what was skipped and why.
  public struct Result: Sendable {
    public var sources: [SourceFile] = []
    /// Color definitions: `*.colors.yml` and `*.tokens.json` files.
    public var colorSources: [SourceFile] = []
    /// The configuration file at the root, `gamut.yml`, when there is one (the build reads it separately; the
    /// watch follows it like a source).
    public var configuration: SourceFile?
    public var diagnostics: [Diagnostic] = []
    /// The folders walked (listed), relative to the root, which is the empty path; in walking order.
    public var folders: [String] = []
  }

  /// Walks the folder.
  public func scan() throws(FileError) -> Result {
    let realRoot = try realRoot()
    let excludedReal = excludedRealPaths
    var result = Result()
    try walk(relative: "", realRoot: realRoot, excluded: excludedReal, into: &result)
    return result
  }

  /// What `scan()` would find at `relativePath` (a file or a folder below the root): the source itself, the
  /// sources under the folder, or nothing when the path is not, or no longer, a source or a group.
  ///
  /// The watch uses it to look again at only what changed. Every folder on the way must be one that `scan()`
  /// walks into: not a link, not ignored, without an extension, not the excluded folder.
  public func scan(at relativePath: String) throws(FileError) -> Result {
    let realRoot = try realRoot()
    let excludedReal = excludedRealPaths
    var result = Result()
    let components = relativePath.split(separator: "/").map(String.init)
    guard let name = components.last else {
      try walk(relative: "", realRoot: realRoot, excluded: excludedReal, into: &result)
      return result
    }
    var parent = ""
    for folder in components.dropLast() {
      parent = parent.isEmpty ? folder : parent + "/" + folder
      guard !SourceFilter.isIgnored(folder), !folder.contains("."),
        (try? FileStatus(path: root + "/" + parent))?.kind == .folder,
        excludedReal.isEmpty || Self.realPath(root + "/" + parent).map({ !excludedReal.contains($0) }) ?? true
      else { return result }
    }
    try visit(name: name, in: parent, realRoot: realRoot, excluded: excludedReal, into: &result)
    return result
  }

  private func walk(relative: String, realRoot: String, excluded: Set<String>, into result: inout Result)
    throws(FileError)
  {
    let folder = relative.isEmpty ? root : root + "/" + relative
    let names: [String]
    do {
      names = try FileSystem.listFolder(folder)
    } catch {
      throw FileError(path: folder, operation: "read the folder", errno: error)
    }
    result.folders.append(relative)
    for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }) {
      try visit(name: name, in: relative, realRoot: realRoot, excluded: excluded, into: &result)
    }
  }

  /// Takes the entry `name` of the folder `relative`: a source, a folder to walk, or something to skip.
  private func visit(
    name: String, in relative: String, realRoot: String, excluded: Set<String>, into result: inout Result
  )
    throws(FileError)
  {
    let folder = relative.isEmpty ? root : root + "/" + relative
    if SourceFilter.isIgnored(name) { return }
    let path = folder + "/" + name
    let relativePath = relative.isEmpty ? name : relative + "/" + name
    if name == Self.configurationName {
      if relative.isEmpty, let status = try? FileStatus(path: path), status.kind == .regular {
        result.configuration = SourceFile(
          relativePath: name, size: status.size, modificationTime: status.modificationTime, inode: status.inode)
      }
      return
    }
    guard let status = try? FileStatus(path: path) else {
      // Vanished since listed, or a name that is not UTF-8: listFolder replaced its bad bytes, so it is not found.
      if name.unicodeScalars.contains("\u{FFFD}") && SourceFormat(fileName: name) != nil {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .error, code: .invalidName,
            message: "the file name is not valid UTF-8; skipped"))
      }
      return
    }
    guard let target = followed(status, path: path, relativePath: relativePath, realRoot: realRoot, into: &result)
    else { return }
    switch target.kind {
    case .folder:
      if !excluded.isEmpty, let real = Self.realPath(path), excluded.contains(real) { return }
      if name.contains(".") {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .warning, code: .folderWithExtension,
            message: "a folder with an extension is not a catalog group; skipped"))
        return
      }
      try walk(relative: relativePath, realRoot: realRoot, excluded: excluded, into: &result)
    case .regular:
      take(name, relativePath: relativePath, status: target, into: &result)
    default:
      // A FIFO, socket or device named like a source: never opened (reading a FIFO blocks), but said.
      if SourceFormat(fileName: name) != nil || ColorSourceKind.isColorSource(name) {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .error, code: .unreadable,
            message: "is not a regular file (a FIFO, socket or device); not read"))
      }
    }
  }

  /// The status of the entry at `path`, through its link when it is one: nil (with the finding in `result`) for a
  /// link that leads outside the source folder, nowhere, or to a folder.
  private func followed(
    _ status: FileStatus, path: String, relativePath: String, realRoot: String, into result: inout Result
  ) -> FileStatus? {
    guard status.kind == .symbolicLink else { return status }
    guard let real = Self.realPath(path), real == realRoot || real.hasPrefix(realRoot + "/"),
      let followed = try? FileStatus(path: path, followingLinks: true)
    else {
      result.diagnostics.append(
        Diagnostic(
          path: relativePath, severity: .warning, code: .linkOutsideSource,
          message: "symbolic link leads outside the source folder (or nowhere); not followed"))
      return nil
    }
    if followed.kind == .folder {
      result.diagnostics.append(
        Diagnostic(
          path: relativePath, severity: .note, code: .folderLink,
          message: "symbolic link to a folder; not followed"))
      return nil
    }
    return followed
  }

  /// Takes the regular file `name`: an image or vector source, a color source, or a warning for an image format
  /// gamut does not read; anything else is left alone.
  private func take(_ name: String, relativePath: String, status: FileStatus, into result: inout Result) {
    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    let file = SourceFile(
      relativePath: relativePath, size: status.size, modificationTime: status.modificationTime, inode: status.inode)
    if SourceFormat(fileName: name) != nil {
      result.sources.append(file)
    } else if ColorSourceKind.isColorSource(name) {
      result.colorSources.append(file)
    } else if SourceFilter.otherImageExtensions.contains(ext) {
      result.diagnostics.append(
        Diagnostic(
          path: relativePath, severity: .warning, code: .notPNG,
          message: "not a PNG, JPEG, PDF or SVG; gamut does not take this kind of file, so it is not in the catalog"))
    }
  }

  /// The root's canonical path.
  private func realRoot() throws(FileError) -> String {
    do {
      return try FileSystem.realPath(root)
    } catch {
      throw FileError(path: root, operation: "open the source folder", errno: error)
    }
  }

  /// The canonical absolute path, resolving every link, or `nil` when it does not exist.
  static func realPath(_ path: String) -> String? {
    try? FileSystem.realPath(path)
  }
}
