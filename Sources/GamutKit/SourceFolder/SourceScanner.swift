#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// Finds the PNG sources under a folder, in sorted order, without following links out of it.
///
/// Folders are walked depth-first with entries sorted by their UTF-8 bytes, so the result does not depend on
/// the file system's order. Symbolic links to files inside the source folder are taken; links to folders are
/// not followed (no cycles), and links that lead outside are reported and skipped. Folders with an extension
/// (`Name.xcassets`, `Name.imageset`) are catalogs or catalog parts, not groups, and are skipped with a note.
public struct SourceScanner: Sendable {
  /// The folder to scan.
  public var root: String
  /// A folder to leave out, typically the output catalog when it lies inside the source folder.
  public var excluding: String?

  public init(root: String, excluding: String? = nil) {
    self.root = root
    self.excluding = excluding
  }

  /// The scan's result: the PNG sources and what was skipped and why.
  public struct Result: Sendable {
    public var sources: [SourceFile] = []
    public var diagnostics: [Diagnostic] = []
  }

  /// Walks the folder.
  public func scan() throws(FileError) -> Result {
    guard let realRoot = Self.realPath(root) else {
      throw FileError(path: root, operation: "open the source folder", errno: errno)
    }
    let excludedReal = excluding.flatMap(Self.realPath)
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
    guard let realRoot = Self.realPath(root) else {
      throw FileError(path: root, operation: "open the source folder", errno: errno)
    }
    let excludedReal = excluding.flatMap(Self.realPath)
    var result = Result()
    let components = relativePath.split(separator: "/").map(String.init)
    guard let name = components.last else {
      try walk(relative: "", realRoot: realRoot, excluded: excludedReal, into: &result)
      return result
    }
    var parent = ""
    for folder in components.dropLast() {
      parent = parent.isEmpty ? folder : parent + "/" + folder
      var info = stat()
      guard !SourceFilter.isIgnored(folder), !folder.contains("."), lstat(root + "/" + parent, &info) == 0,
        (info.st_mode & S_IFMT) == S_IFDIR, excludedReal == nil || Self.realPath(root + "/" + parent) != excludedReal
      else { return result }
    }
    try visit(name: name, in: parent, realRoot: realRoot, excluded: excludedReal, into: &result)
    return result
  }

  private func walk(relative: String, realRoot: String, excluded: String?, into result: inout Result) throws(FileError)
  {
    let folder = relative.isEmpty ? root : root + "/" + relative
    guard let names = Self.listFolder(folder) else {
      throw FileError(path: folder, operation: "read the folder", errno: errno)
    }
    for name in names.sorted(by: { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }) {
      try visit(name: name, in: relative, realRoot: realRoot, excluded: excluded, into: &result)
    }
  }

  /// Takes the entry `name` of the folder `relative`: a source, a folder to walk, or something to skip.
  private func visit(name: String, in relative: String, realRoot: String, excluded: String?, into result: inout Result)
    throws(FileError)
  {
    let folder = relative.isEmpty ? root : root + "/" + relative
    if SourceFilter.isIgnored(name) || name == "gamut.yml" { return }
    let path = folder + "/" + name
    let relativePath = relative.isEmpty ? name : relative + "/" + name
    var info = stat()
    guard lstat(path, &info) == 0 else {
      // Vanished since listed, or a name that is not UTF-8: listFolder replaced its bad bytes, so it is not found.
      if name.unicodeScalars.contains("\u{FFFD}") && name.lowercased().hasSuffix(".png") {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .error, code: .invalidName,
            message: "the file name is not valid UTF-8; skipped"))
      }
      return
    }
    var target = info
    if (info.st_mode & S_IFMT) == S_IFLNK {
      guard let real = Self.realPath(path), real == realRoot || real.hasPrefix(realRoot + "/"),
        stat(path, &target) == 0
      else {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .warning, code: .linkOutsideSource,
            message: "symbolic link leads outside the source folder (or nowhere); not followed"))
        return
      }
      if (target.st_mode & S_IFMT) == S_IFDIR {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .note, code: .folderLink,
            message: "symbolic link to a folder; not followed"))
        return
      }
    }
    switch target.st_mode & S_IFMT {
    case S_IFDIR:
      if let excluded, Self.realPath(path) == excluded { return }
      if name.contains(".") {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .warning, code: .folderWithExtension,
            message: "a folder with an extension is not a catalog group; skipped"))
        return
      }
      try walk(relative: relativePath, realRoot: realRoot, excluded: excluded, into: &result)
    case S_IFREG:
      let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
      if ext == "png" {
        result.sources.append(
          SourceFile(
            relativePath: relativePath, size: Int(target.st_size),
            modificationTime: Self.nanoseconds(of: target), inode: UInt64(target.st_ino)))
      } else if SourceFilter.otherImageExtensions.contains(ext) {
        result.diagnostics.append(
          Diagnostic(
            path: relativePath, severity: .warning, code: .notPNG,
            message: "not a PNG; gamut takes PNG sources only, so this file is not in the catalog"))
      }
    default:
      return
    }
  }

  static func nanoseconds(of info: stat) -> Int64 {
    #if canImport(Darwin)
      Int64(info.st_mtimespec.tv_sec) * 1_000_000_000 + Int64(info.st_mtimespec.tv_nsec)
    #else
      Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #endif
  }

  /// The canonical absolute path, resolving every link, or `nil` when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let resolved = realpath(path, nil) else { return nil }
    defer { free(resolved) }
    return String(cString: resolved)
  }

  /// The names in a folder, without `.` and `..`, or `nil` when it cannot be opened.
  static func listFolder(_ path: String) -> [String]? {
    guard let directory = opendir(path) else { return nil }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }
}
