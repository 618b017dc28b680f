/// Reads an existing `.xcassets` folder into a ``CatalogTree``: every group and set with its `Contents.json`
/// entries (unknown keys kept, lines recorded), and the folders of kinds gamut does not check listed as such.
///
/// It only reads. Every problem is a finding and reading goes on: a missing or malformed `Contents.json`, a value
/// of the wrong type, a file larger than ``Limits/maximumContentsSize`` (checked before reading), nesting deeper
/// than ``Limits/maximumDepth``. Folders are listed by ``FolderWalker`` (sorted, hidden names left out, no link
/// followed out of the catalog or to a folder, special files never opened).
package struct CatalogReader: Sendable {
  /// Bounds on what one catalog may make the reader do.
  package struct Limits: Sendable {
    /// The largest `Contents.json` read, in bytes (``JSONNodeReader``'s bound).
    package var maximumContentsSize = JSONNodeReader.maximumBytes
    /// The deepest folder entered below the root (``FolderWalker/maximumDepth``).
    package var maximumDepth = FolderWalker.maximumDepth
    /// The most entries taken from one set.
    package var maximumEntries = 10_000

    package init() {}
  }

  /// The folder extensions of the catalog kinds Xcode knows and gamut does not check; a folder with any other
  /// extension is a group, as Xcode treats it.
  package static let uncheckedKinds: Set<String> = [
    "arresourcegroup", "arreferenceobject", "brandassets", "complicationset", "cubetextureset", "dataset",
    "gcdashboardimage", "gcleaderboard", "gcleaderboardset", "icon", "iconset", "imagestack", "imagestacklayer",
    "launchimage", "mipmapset", "solidimagestack", "solidimagestacklayer", "spriteatlas", "sticker",
    "stickerpack", "stickersequence", "textureset",
  ]

  package var limits: Limits

  package init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Reads the catalog at `path` (an `.xcassets` folder); findings name files under `path` as given.
  package func read(_ path: String) -> CatalogTree {
    var tree = CatalogTree(path: path, root: CatalogGroup(name: Self.lastComponent(of: path), relativePath: ""))
    guard (try? FileStatus(path: path, followingLinks: true))?.kind == .folder else {
      tree.findings.append(
        Diagnostic(path: path, severity: .error, code: .unreadable, message: "the catalog is not a folder"))
      return tree
    }
    let walker = FolderWalker(root: path, tree: .catalog, depthLimit: limits.maximumDepth)
    tree.root = readGroup(tree.root, walker.list("", depth: 0), depth: 0, walker: walker, in: &tree)
    return tree
  }

  /// The last component of a path, without a trailing slash.
  static func lastComponent(of path: String) -> String {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
  }

  private func readGroup(
    _ group: CatalogGroup, _ listing: FolderWalker.Listing, depth: Int, walker: FolderWalker,
    in tree: inout CatalogTree
  ) -> CatalogGroup {
    var group = group
    if listing.failure != nil {
      tree.findings.append(
        Diagnostic(
          path: tree.path(of: group.relativePath), severity: .error, code: .unreadable,
          message: "the folder could not be listed"))
    }
    for entry in listing.entries {
      tree.findings += CatalogNames.check(entry, walker: walker)
      switch entry.kind {
      case .file where entry.name == "Contents.json":
        if let document = readContents(entry, kind: nil, in: &tree) {
          group.document = document
          group.properties = document["properties"]?.members ?? []
        }
      case .file: group.files.append(entry.name)
      case .folder:
        if let item = readItem(entry, depth: depth + 1, walker: walker, in: &tree) { group.items.append(item) }
      case .refused, .special, .undecodableName: break
      }
    }
    return group
  }

  /// The set, group or unchecked folder `entry`, `depth` folders below the root; nil (with a finding) for a
  /// folder too deep to read.
  private func readItem(_ entry: FolderWalker.Entry, depth: Int, walker: FolderWalker, in tree: inout CatalogTree)
    -> CatalogItem?
  {
    let name = entry.name
    let dot = name.lastIndex(of: ".")
    let pathExtension = dot.map { String(name[name.index(after: $0)...]) } ?? ""
    if Self.uncheckedKinds.contains(pathExtension) {
      return .unchecked(CatalogUncheckedFolder(name: name, relativePath: entry.relativePath, kind: pathExtension))
    }
    let listing = walker.list(entry.relativePath, depth: depth)
    if let tooDeep = listing.tooDeep {
      tree.findings.append(tooDeep)
      return nil
    }
    if let kind = CatalogSet.Kind(rawValue: pathExtension) {
      let set = CatalogSet(kind: kind, name: String(name[..<dot!]), relativePath: entry.relativePath)
      return .set(readSet(set, listing, walker: walker, in: &tree))
    }
    let group = CatalogGroup(name: name, relativePath: entry.relativePath)
    return .group(readGroup(group, listing, depth: depth, walker: walker, in: &tree))
  }

  private func readSet(
    _ set: CatalogSet, _ listing: FolderWalker.Listing, walker: FolderWalker, in tree: inout CatalogTree
  ) -> CatalogSet {
    var set = set
    var contents: FolderWalker.Entry?
    for entry in listing.entries {
      tree.findings += CatalogNames.check(entry, walker: walker)
      switch entry.kind {
      case _ where entry.name == "Contents.json": contents = entry
      case .file: set.files.append(entry.name)
      case .folder: set.folders.append(entry.name)
      case .refused, .special, .undecodableName: break
      }
    }
    tree.findings += CatalogNames.nestedFolders(in: set, path: tree.path(of: set.relativePath))
    let contentsPath = tree.path(of: set.relativePath + "/Contents.json")
    guard let contents else {
      tree.findings.append(
        Diagnostic(
          path: contentsPath, severity: .error, code: .contentsUnreadable, message: "the set has no Contents.json"))
      return set
    }
    guard let document = readContents(contents, kind: set.kind, in: &tree) else { return set }
    set.document = document
    set.properties = document["properties"]?.members ?? []
    var elements = (document[set.kind.entriesKey]?.elements ?? []).filter { $0.members != nil }
    if elements.count > limits.maximumEntries {
      tree.findings.append(
        Diagnostic(
          path: contentsPath, severity: .error, code: .catalogLimit,
          message: "\(elements.count) entries; only the first \(limits.maximumEntries) are read"))
      elements = Array(elements.prefix(limits.maximumEntries))
    }
    set.entries = elements.map { CatalogEntry(line: $0.line, members: $0.members ?? []) }
    return set
  }

  /// Reads and checks one `Contents.json` as the walker listed it; nil (with a finding unless the walker already
  /// refused it) when it cannot be read or is not a JSON object.
  private func readContents(_ entry: FolderWalker.Entry, kind: CatalogSet.Kind?, in tree: inout CatalogTree)
    -> JSONNode?
  {
    let path = tree.path(of: entry.relativePath)
    func fail(_ message: String) -> JSONNode? {
      tree.findings.append(Diagnostic(path: path, severity: .error, code: .contentsUnreadable, message: message))
      return nil
    }
    switch entry.kind {
    case .file where entry.isLink:
      // A set is its folder: a Contents.json borrowed through a link (even from inside the catalog) is not read.
      return fail("Contents.json is a symbolic link; gamut does not read it through the link")
    case .file: break
    case .refused: return nil
    case .folder, .special, .undecodableName: return fail("Contents.json is not a regular file")
    }
    let size = entry.status?.size ?? 0
    guard size <= limits.maximumContentsSize else {
      return fail("Contents.json is \(size) bytes, over the limit of \(limits.maximumContentsSize)")
    }
    guard
      let bytes = try? BoundedFile.read(
        entry.openPath, limit: limits.maximumContentsSize, what: "Contents.json", followingLinks: false)
    else { return fail("Contents.json could not be read") }
    let parsed = Self.parseContents(bytes, kind: kind, path: path)
    tree.findings += parsed.findings
    return parsed.document
  }

  /// Parses the bytes of a `Contents.json` of a set of `kind` (a group's when nil) and checks its shape: the
  /// document when it is a JSON object, and the findings, which name `path`.
  package static func parseContents(_ bytes: [UInt8], kind: CatalogSet.Kind?, path: String) -> (
    document: JSONNode?, findings: [Diagnostic]
  ) {
    let document: JSONNode
    do {
      document = try JSONNodeReader.read(bytes)
    } catch {
      let finding = Diagnostic(
        path: path, severity: .error, code: .contentsInvalid, message: "not JSON: \(error.reason)", line: error.line)
      return (nil, [finding])
    }
    let findings = ContentsShapeCheck.check(document, .document(kind), path: path)
    return (document.members == nil ? nil : document, findings)
  }
}
