/// File work of an import outside any catalog: the hidden work folder beside the destination, copies into it
/// (streamed, links never followed), and removal.
enum ImportFiles {

  /// The hidden folder an import works in, beside its destination: `.NAME.gamut-import-ID/` holding the staged
  /// source folder (`folder/`) and the check build (`check/`). The import holds an advisory lock on it while it
  /// runs; a work folder nobody holds is a killed import's leftover, which the next import beside it removes.
  final class WorkFolder {
    let path: String
    private let descriptor: FileDescriptor
    private var finished = false
    /// The folders above it that the import created, innermost first; removed again when they stay empty.
    private let createdParents: [String]

    /// The prefix of every work folder for the destination named `base`.
    static func prefix(base: String) -> String { "." + base + ".gamut-import-" }

    /// Removes the unheld work folders of earlier imports into `base` in `parent`, then makes and locks a new one.
    init(parent: String, base: String) throws(FileError) {
      createdParents = try ImportFiles.makeFolders(parent).reversed()
      WorkFolder.removeLeftovers(parent: parent, base: base)
      var name = ""
      var made: String?
      for _ in 0..<8 where made == nil {
        name = Self.prefix(base: base) + String(UInt64.random(in: 0...UInt64.max), radix: 36)
        do {
          try FileSystem.makeFolder(parent + "/" + name, permissions: 0o700)
          made = parent + "/" + name
        } catch  where error == .exists {
          continue
        } catch {
          throw FileError(path: parent + "/" + name, operation: "create the import's work folder", errno: error)
        }
      }
      guard let made else {
        throw FileError(path: parent, operation: "create the import's work folder", reason: "no free name")
      }
      path = made
      do {
        descriptor = try FileDescriptor.open(made, .readOnly, options: [.noFollow])
        _ = try descriptor.tryLock()
      } catch {
        ImportFiles.remove(made)
        throw FileError(path: made, operation: "lock the import's work folder", errno: error)
      }
    }

    /// Removes the work folder and releases its lock; the import calls it on every way out.
    func finish() {
      guard !finished else { return }
      finished = true
      ImportFiles.remove(path)
      descriptor.unlock()
      try? descriptor.close()
      for folder in createdParents { FileSystem.removeFolder(folder) }
    }

    deinit { finish() }

    /// Removes every work folder for `base` in `parent` that no running import holds.
    static func removeLeftovers(parent: String, base: String) {
      let prefix = Self.prefix(base: base)
      for name in (try? FileSystem.listFolder(parent)) ?? [] where name.hasPrefix(prefix) {
        let path = parent + "/" + name
        guard (try? FileStatus(path: path))?.kind == .folder,
          let file = try? FileDescriptor.open(path, .readOnly, options: [.noFollow])
        else { continue }
        defer { try? file.close() }
        guard (try? file.tryLock()) == true else { continue }
        ImportFiles.remove(path)
        file.unlock()
      }
    }
  }

  /// Copies the regular file at `source` to `destination`, creating its folders; streamed, a link never followed.
  static func copyFile(_ source: String, to destination: String) throws(FileError) {
    try makeFolders(parentOf(destination))
    try StreamedFile.copy(source, to: destination)
  }

  /// Copies a folder's files and folders block by block, as ``FolderWalker`` walks a tree read verbatim (every name
  /// but gamut's own temporary files, 32 folders deep), leaving out the paths in `skipping` (the bytes of
  /// `source/relative`); a link, special file or unnamable name is refused by the copy.
  static func copyFolder(_ source: String, to destination: String, skipping: Set<[UInt8]> = []) throws(FileError) {
    try makeFolders(destination)
    let walker = FolderWalker(root: source, tree: .verbatim)
    let walk = try walker.walk { entry throws(FileError) in
      let path = walker.path(of: entry.relativePath)
      guard !skipping.contains(Array(path.utf8)) else { return false }
      let target = destination + "/" + entry.relativePath
      switch entry.kind {
      case .folder:
        try makeFolders(target)
        return true
      case .refused(let finding) where !entry.isLink:
        throw FileError(path: path, operation: "copy", reason: finding.message)
      default:
        try StreamedFile.copy(path, to: target)
      }
      return false
    }
    if let failure = walk.failures.first { throw failure }
  }

  /// Creates `path` and the folders above it that are missing, and returns those it created, outermost first; a
  /// component that is a file is refused by name.
  @discardableResult
  static func makeFolders(_ path: String) throws(FileError) -> [String] {
    var created: [String] = []
    var current = path.hasPrefix("/") ? "" : "."
    for component in path.split(separator: "/") {
      current += "/" + component
      if let status = try? FileStatus(path: current, followingLinks: true) {
        guard status.kind == .folder else {
          throw FileError(path: current, operation: "create a folder inside it", reason: "it is not a folder")
        }
        continue
      }
      do {
        try FileSystem.makeFolder(current)
        created.append(current)
      } catch  where error != .exists {
        throw FileError(path: current, operation: "create the folder", errno: error)
      } catch {}
    }
    return created
  }

  /// Removes a folder and everything in it, never following a link (a link is removed, not what it leads to);
  /// quietly does nothing when it is absent. Walks with a stack, not recursion.
  static func remove(_ path: String) {
    var pending: [(path: String, emptied: Bool)] = [(path, false)]
    while let (current, emptied) = pending.popLast() {
      guard let status = try? FileStatus(path: current) else { continue }
      guard status.kind == .folder else {
        FileSystem.removeFile(current)
        continue
      }
      if emptied {
        FileSystem.removeFolder(current)
        continue
      }
      pending.append((current, true))
      for name in (try? FileSystem.listFolder(current)) ?? [] { pending.append((current + "/" + name, false)) }
    }
  }

  /// Whether `path` is an existing folder with nothing in it, or does not exist.
  static func isAbsentOrEmpty(_ path: String) throws(FileError) -> Bool {
    guard let status = try? FileStatus(path: path, followingLinks: true) else { return true }
    guard status.kind == .folder else {
      throw FileError(path: path, operation: "import into", reason: "it is not a folder")
    }
    do {
      return try FileSystem.listFolder(path).isEmpty
    } catch {
      throw FileError(path: path, operation: "read the folder", errno: error)
    }
  }

  /// The folder part of a path (`.` for a bare name).
  static func parentOf(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}
