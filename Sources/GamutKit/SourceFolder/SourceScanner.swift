/// Finds the sources (PNG, PDF, SVG, `.symbols.svg`) under a folder, in sorted order, without following links out
/// of it.
///
/// The walk is `FolderWalker`'s (sorted, depth first, its rules for links, hidden and temporary names and depth).
/// Folders with an extension (`Name.xcassets`, `Name.imageset`) are catalogs or catalog parts, not groups, and are
/// skipped with a warning.
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
    try scan(from: "", depth: 0)
  }

  /// What `scan()` would find at `relativePath` (a file or a folder below the root): the source itself, the
  /// sources under the folder, or nothing when the path is not, or no longer, a source or a group.
  ///
  /// The watch uses it to look again at only what changed. Every folder on the way must be one that `scan()`
  /// walks into: not a link, not ignored, without an extension, not the excluded folder.
  public func scan(at relativePath: String) throws(FileError) -> Result {
    let components = relativePath.split(separator: "/").map(String.init)
    guard let name = components.last else { return try scan() }
    let walker = try walker()
    let excludedReal = excludedRealPaths
    var result = Result()
    var parent = ""
    for folder in components.dropLast() {
      parent = parent.isEmpty ? folder : parent + "/" + folder
      guard !walker.passesOver(folder), !folder.contains("."),
        (try? FileStatus(path: root + "/" + parent))?.kind == .folder,
        excludedReal.isEmpty || Self.realPath(root + "/" + parent).map({ !excludedReal.contains($0) }) ?? true
      else { return result }
    }
    guard !walker.passesOver(name), let entry = walker.entry(name, relativePath: relativePath) else { return result }
    guard take(entry, excluded: excludedReal, into: &result) else { return result }
    var below = try scan(from: relativePath, depth: components.count)
    below.diagnostics = result.diagnostics + below.diagnostics
    return below
  }

  /// The sources in the folder `relativePath`, `depth` folders below the root, and below it.
  private func scan(from relativePath: String, depth: Int) throws(FileError) -> Result {
    let walker = try walker()
    let excludedReal = excludedRealPaths
    var result = Result()
    let walk = try walker.walk(from: relativePath, depth: depth) { entry in
      take(entry, excluded: excludedReal, into: &result)
    }
    if let failure = walk.failures.first { throw failure }
    result.folders = walk.folders
    return result
  }

  /// Takes one entry of the walk: a source, a folder to walk (true), or something to skip or report.
  private func take(_ entry: FolderWalker.Entry, excluded: Set<String>, into result: inout Result) -> Bool {
    let relativePath = entry.relativePath
    if entry.name == Self.configurationName {
      if !relativePath.contains("/"), entry.kind == .file, !entry.isLink, let status = entry.status {
        result.configuration = SourceFile(
          relativePath: entry.name, size: status.size, modificationTime: status.modificationTime,
          inode: status.inode)
      }
      return false
    }
    switch entry.kind {
    case .refused(let finding):
      result.diagnostics.append(finding)
    case .undecodableName:
      if SourceFormat(fileName: entry.name) != nil {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .error, code: .invalidName,
            message: "the file name is not valid UTF-8; skipped"))
      }
    case .folder:
      if !excluded.isEmpty, let real = Self.realPath(entry.openPath), excluded.contains(real) { return false }
      guard !entry.name.contains(".") else {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .warning, code: .folderWithExtension,
            message: "a folder with an extension is not a catalog group; skipped"))
        return false
      }
      return true
    case .file:
      if let status = entry.status { take(entry.name, relativePath: relativePath, status: status, into: &result) }
    case .special:
      // A FIFO, socket or device named like a source: never opened (reading a FIFO blocks), but said.
      if SourceFormat(fileName: entry.name) != nil || ColorSourceKind.isColorSource(entry.name) {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .error, code: .unreadable,
            message: "is not a regular file (a FIFO, socket or device); not read"))
      }
    }
    return false
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

  /// The walker of the root, once the root is known to resolve.
  private func walker() throws(FileError) -> FolderWalker {
    do {
      _ = try FileSystem.realPath(root)
    } catch {
      throw FileError(path: root, operation: "open the source folder", errno: error)
    }
    return FolderWalker(root: root, tree: .sourceFolder)
  }

  /// The canonical absolute path, resolving every link, or `nil` when it does not exist.
  static func realPath(_ path: String) -> String? {
    try? FileSystem.realPath(path)
  }
}
