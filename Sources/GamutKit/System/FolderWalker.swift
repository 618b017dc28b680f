/// The one way gamut reads a tree of folders it did not write: a source folder, a catalog others wrote, an Icon
/// Composer bundle, the kept area of an import, a repository searched for catalogs.
///
/// One policy for all of them, so that no reader decides links, names or depth again:
/// - **Order.** Each folder's entries are sorted by their UTF-8 bytes, whatever the file system's order.
/// - **Names.** Hidden names (a leading dot: `.DS_Store`, `.git`, gamut's own `.gamut-tmp-*`) are passed over without
///   a finding. In a source folder, so are the temporary names of files still being written (``isTemporaryName(_:)``);
///   in a catalog or a bundle such a name is a file Xcode takes, so it is listed. A searched folder also passes over
///   the folders other projects own (``skippedSearchFolders``). A tree copied or compared verbatim (the kept area,
///   a catalog being imported) passes over only gamut's own temporary files: a `.dataset` may name `.data.json`.
/// - **Links.** A link is never followed out of the root: one that leads outside it, or nowhere, is a finding and
///   is not read. A link to a file inside the root is taken (its target is checked again when it is opened); a link
///   to a folder inside it is a note and is not followed, so no walk meets a cycle. A search for catalogs follows
///   no link and says nothing of them (a repository's links lead to tools and dependencies, not to its catalogs).
/// - **Special files.** A FIFO, socket or device is never opened (a FIFO would block the reader): it comes to the
///   caller as ``Entry/Kind/special``, which decides what it means there.
/// - **Depth.** No folder deeper than ``maximumDepth`` below the root is listed; a deeper one is a finding. The walk
///   keeps its own stack, so no tree can exhaust the thread's.
///
/// ``list(_:depth:)`` reads one folder (for readers that build their own tree, like the catalog reader);
/// ``walk(_:)`` goes through the whole tree depth first, asking the caller at each folder whether to enter it.
struct FolderWalker: Sendable {
  /// The deepest folder listed below a root, which is depth 0: a catalog's groups, a source folder's groups.
  static let maximumDepth = 32

  /// Folders a search for catalogs never enters: build output and the dependencies other projects own.
  static let skippedSearchFolders: Set<String> = [
    "DerivedData", "build", "Build", "Pods", "Carthage", "node_modules", "SourcePackages",
  ]

  /// Suffixes of names still being written by some tool (a copy, a download, an editor).
  static let temporarySuffixes = [".tmp", ".part", ".crdownload", ".download", ".partial", "~", ".swp"]

  /// What the root is: it decides which names are passed over and how findings are worded and coded.
  enum Tree: Sendable {
    /// A source folder of `gamut build` (and its kept area): findings name paths relative to the root.
    case sourceFolder
    /// An asset catalog others wrote (`gamut lint`, `gamut import`).
    case catalog
    /// An Icon Composer bundle or a folder of one.
    case bundle
    /// A folder searched for catalogs and bundles (`gamut lint PATH`): no link is followed or reported.
    case searched
    /// A tree copied or compared byte for byte (the kept area, a catalog `gamut import` reads): every name but
    /// gamut's own temporary files.
    case verbatim
  }

  /// One name in a folder, after the policy: a file, a folder, a special file, or a name that cannot be read.
  struct Entry: Sendable {
    enum Kind: Sendable, Equatable {
      /// A regular file, or a link to one inside the root.
      case file
      /// A folder (never a link to one).
      case folder
      /// A FIFO, socket or device (or a link to one inside the root): never opened.
      case special
      /// A name that is not valid UTF-8 (Linux), which cannot be named again to open it.
      case undecodableName
      /// A link not followed, or a folder too deep to list: the finding that says so, in its place in the walk.
      case refused(Diagnostic)
    }

    var name: String
    /// The path below the root (`Icons/Star.imageset/star.png`).
    var relativePath: String
    var kind: Kind
    /// What the file system says of it (of its target for a link); nil for an undecodable name or a refusal.
    var status: FileStatus?
    /// Whether it is a symbolic link (followed to a file inside the root, or refused).
    var isLink: Bool
    /// The path to open it by: its own path, or for a link its target's canonical path (inside the root).
    var openPath: String
  }

  /// One folder as listed.
  struct Listing: Sendable {
    /// The entries, refusals (links not followed) in their places.
    var entries: [Entry] = []
    /// The finding for a folder too deep to list.
    var tooDeep: Diagnostic?
    /// Why the folder could not be listed, when it could not.
    var failure: FileError?
  }

  /// What a whole walk did besides visiting entries.
  struct Walk: Sendable {
    /// The folders listed, relative to the root (the root is the empty path), in walking order.
    var folders: [String] = []
    /// The folders that could not be listed (the walk went on past them).
    var failures: [FileError] = []
  }

  /// The root folder, as given.
  let root: String
  let tree: Tree
  /// The deepest folder listed: ``maximumDepth`` unless a caller's limits lower it.
  let depthLimit: Int
  /// The root's canonical path, to tell whether a link stays inside; nil when it does not resolve.
  private let realRoot: String?

  /// A walker of the folder `root`, a `tree` of its kind, that lists folders down to `depthLimit`.
  init(root: String, tree: Tree, depthLimit: Int = FolderWalker.maximumDepth) {
    self.root = root
    self.tree = tree
    self.depthLimit = depthLimit
    realRoot = try? FileSystem.realPath(root)
  }

  /// Whether `name` ends like a file still being written (`x.tmp`, `x.part`, `x~`...), in any case.
  static func isTemporaryName(_ name: String) -> Bool {
    let lower = name.lowercased()
    return temporarySuffixes.contains { lower.hasSuffix($0) }
  }

  /// Whether a walk of a `tree` passes over `name` without a finding: a hidden name anywhere, a temporary name in
  /// a source folder, a folder another project owns in a search.
  static func passesOver(_ name: String, in tree: Tree) -> Bool {
    if tree == .verbatim { return AtomicFile.isTemporaryName(name) }
    if name.hasPrefix(".") { return true }
    switch tree {
    case .sourceFolder: return isTemporaryName(name)
    case .searched: return skippedSearchFolders.contains(name)
    case .catalog, .bundle, .verbatim: return false
    }
  }

  /// Whether this walk passes over `name` without a finding.
  func passesOver(_ name: String) -> Bool {
    Self.passesOver(name, in: tree)
  }

  /// The path of something below the root (the root itself for the empty path).
  func path(of relativePath: String) -> String {
    guard !relativePath.isEmpty else { return root }
    return root == "." ? relativePath : root + "/" + relativePath
  }

  /// The path a finding names: relative to the root in a source folder, under the root as given elsewhere.
  func findingPath(_ relativePath: String) -> String {
    tree == .sourceFolder ? relativePath : path(of: relativePath)
  }

  /// The entries of the folder `relativePath`, which lies `depth` folders below the root: sorted, the policy
  /// applied. A folder deeper than ``depthLimit`` is not listed (a finding says so).
  func list(_ relativePath: String, depth: Int) -> Listing {
    var listing = Listing()
    guard depth <= depthLimit else {
      listing.tooDeep = tooDeep(relativePath)
      return listing
    }
    let folder = path(of: relativePath)
    let names: [(name: String, status: FileStatus?)]
    do {
      names = try FileSystem.listFolderWithStatus(folder)
    } catch {
      listing.failure = FileError(path: folder, operation: "read the folder", errno: error)
      return listing
    }
    for (name, status) in names.sorted(by: { UTF8Order.precedes($0.name, $1.name) }) where !passesOver(name) {
      let entryPath = relativePath.isEmpty ? name : relativePath + "/" + name
      if let entry = entry(name, relativePath: entryPath, status: status) { listing.entries.append(entry) }
    }
    return listing
  }

  /// Walks the tree depth first in sorted order. `visit` sees every entry, a folder's before what it holds, and
  /// says for a folder whether to enter it (its answer for anything else is ignored); it may throw to stop. A
  /// folder too deep to enter comes to `visit` as a refusal right after the folder itself.
  func walk(_ visit: (Entry) throws(FileError) -> Bool) throws(FileError) -> Walk {
    try walk(from: "", depth: 0, visit)
  }

  /// Walks the folder `relativePath`, `depth` folders below the root, and everything below it, as ``walk(_:)``
  /// walks the root.
  func walk(from relativePath: String, depth: Int, _ visit: (Entry) throws(FileError) -> Bool)
    throws(FileError) -> Walk
  {
    var walk = Walk()
    // The listings being gone through, innermost last, each with the index of its next entry.
    var open: [(entries: [Entry], next: Int, depth: Int)] = []
    func enter(_ relativePath: String, depth: Int) {
      var listing = list(relativePath, depth: depth)
      if let failure = listing.failure { walk.failures.append(failure) }
      if let finding = listing.tooDeep {
        listing.entries = [Entry(refusing: relativePath, finding, in: self)]
      } else if listing.failure == nil, depth <= depthLimit {
        walk.folders.append(relativePath)
      }
      open.append((listing.entries, 0, depth))
    }
    enter(relativePath, depth: depth)
    while let top = open.last {
      guard top.next < top.entries.count else {
        open.removeLast()
        continue
      }
      open[open.count - 1].next += 1
      let entry = top.entries[top.next]
      if try visit(entry), entry.kind == .folder { enter(entry.relativePath, depth: top.depth + 1) }
    }
    return walk
  }

  /// The entry for `name` at `relativePath` after the link rule (not the name rule): a refusal for a link that is
  /// not followed, nil for a name that is not there (or vanished since it was listed) or a link in a search.
  func entry(_ name: String, relativePath: String) -> Entry? {
    entry(name, relativePath: relativePath, status: try? FileStatus(path: path(of: relativePath)))
  }

  /// ``entry(_:relativePath:)`` for a name whose status (of a link itself) was taken while listing its folder.
  private func entry(_ name: String, relativePath: String, status: FileStatus?) -> Entry? {
    let entryPath = path(of: relativePath)
    guard let status else {
      // Vanished since listed, or a name that is not UTF-8: listing replaced its bad bytes, so it is not found.
      guard name.unicodeScalars.contains("\u{FFFD}") else { return nil }
      return Entry(
        name: name, relativePath: relativePath, kind: .undecodableName, status: nil, isLink: false,
        openPath: entryPath)
    }
    guard status.kind == .symbolicLink else {
      return Entry(
        name: name, relativePath: relativePath, kind: Self.kind(status), status: status, isLink: false,
        openPath: entryPath)
    }
    guard tree != .searched else { return nil }
    guard let realRoot, let target = try? FileSystem.realPath(entryPath),
      target == realRoot || target.hasPrefix(realRoot == "/" ? "/" : realRoot + "/"),
      let followed = try? FileStatus(path: target)
    else {
      return Entry(refusing: relativePath, linkOutside(relativePath), in: self, isLink: true)
    }
    guard followed.kind != .folder else {
      let finding = Diagnostic(
        path: findingPath(relativePath), severity: .note, code: .folderLink,
        message: "symbolic link to a folder; not followed")
      return Entry(refusing: relativePath, finding, in: self, isLink: true)
    }
    return Entry(
      name: name, relativePath: relativePath, kind: Self.kind(followed), status: followed, isLink: true,
      openPath: target)
  }

  private static func kind(_ status: FileStatus) -> Entry.Kind {
    switch status.kind {
    case .regular: .file
    case .folder: .folder
    case .symbolicLink, .other: .special
    }
  }

  private func linkOutside(_ relativePath: String) -> Diagnostic {
    switch tree {
    case .sourceFolder:
      Diagnostic(
        path: relativePath, severity: .warning, code: .linkOutsideSource,
        message: "symbolic link leads outside the source folder (or nowhere); not followed")
    case .catalog, .bundle, .searched, .verbatim:
      Diagnostic(
        path: path(of: relativePath), severity: .warning, code: .linkOutsideCatalog,
        message: "symbolic link leads outside the \(tree == .bundle ? "bundle" : "catalog") (or nowhere); not "
          + "followed, not read")
    }
  }

  /// The finding for a folder too deep to list; none in a search, which simply goes no deeper.
  private func tooDeep(_ relativePath: String) -> Diagnostic? {
    switch tree {
    case .searched: nil
    case .catalog:
      Diagnostic(
        path: path(of: relativePath), severity: .error, code: .catalogLimit,
        message: "groups nested more than \(depthLimit) deep; not read")
    case .sourceFolder, .bundle, .verbatim:
      Diagnostic(
        path: findingPath(relativePath), severity: .error, code: .folderTooDeep,
        message: "folders nested more than \(depthLimit) deep; not read")
    }
  }
}

extension FolderWalker.Entry {
  /// The refusal of what lies at `relativePath`, with the finding that says why.
  fileprivate init(
    refusing relativePath: String, _ finding: Diagnostic, in walker: FolderWalker, isLink: Bool = false
  ) {
    let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
    self.init(
      name: name, relativePath: relativePath, kind: .refused(finding), status: nil, isLink: isLink,
      openPath: walker.path(of: relativePath))
  }
}
