/// Reads an existing `.xcassets` folder into a ``CatalogTree``: every group and set with its `Contents.json`
/// entries (unknown keys kept, lines recorded), and the folders of kinds gamut does not check listed as such.
///
/// It only reads. Every problem is a finding and reading goes on: a missing or malformed `Contents.json`, a value
/// of the wrong type, a file larger than ``Limits/maximumContentsSize`` (checked before reading), nesting deeper
/// than ``Limits/maximumDepth``. Symbolic links to folders are not followed.
public struct CatalogReader: Sendable {
  /// Bounds on what one catalog may make the reader do.
  public struct Limits: Sendable {
    /// The largest `Contents.json` read, in bytes.
    public var maximumContentsSize = 4 << 20
    /// The deepest group folder entered below the root.
    public var maximumDepth = 32
    /// The most entries taken from one set.
    public var maximumEntries = 10_000

    public init() {}
  }

  /// The folder extensions of the catalog kinds Xcode knows and gamut does not check; a folder with any other
  /// extension is a group, as Xcode treats it.
  public static let uncheckedKinds: Set<String> = [
    "arresourcegroup", "arreferenceobject", "brandassets", "complicationset", "cubetextureset", "dataset",
    "gcdashboardimage", "gcleaderboard", "gcleaderboardset", "icon", "iconset", "imagestack", "imagestacklayer",
    "launchimage", "mipmapset", "solidimagestack", "solidimagestacklayer", "spriteatlas", "sticker",
    "stickerpack", "stickersequence", "textureset",
  ]

  public var limits: Limits

  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Reads the catalog at `path` (an `.xcassets` folder); findings name files under `path` as given.
  public func read(_ path: String) -> CatalogTree {
    var tree = CatalogTree(path: path, root: CatalogGroup(name: Self.lastComponent(of: path), relativePath: ""))
    guard (try? FileStatus(path: path, followingLinks: true))?.kind == .folder else {
      tree.findings.append(
        Diagnostic(path: path, severity: .error, code: .unreadable, message: "the catalog is not a folder"))
      return tree
    }
    tree.root = readGroup(tree.root, depth: 0, in: &tree)
    return tree
  }

  /// The last component of a path, without a trailing slash.
  static func lastComponent(of path: String) -> String {
    let trimmed = path.hasSuffix("/") && path.count > 1 ? String(path.dropLast()) : path
    return trimmed.split(separator: "/").last.map(String.init) ?? trimmed
  }

  /// The names in a folder, sorted, hidden ones left out, each with what it is (links to regular files count as
  /// files, links to folders as links).
  private func list(_ folder: String) -> [(name: String, kind: FileStatus.Kind)]? {
    guard let names = try? FileSystem.listFolder(folder) else { return nil }
    return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
      guard var kind = (try? FileStatus(path: folder + "/" + name))?.kind else { return nil }
      if kind == .symbolicLink, (try? FileStatus(path: folder + "/" + name, followingLinks: true))?.kind == .regular {
        kind = .regular
      }
      return (name, kind)
    }
  }

  private func readGroup(_ group: CatalogGroup, depth: Int, in tree: inout CatalogTree) -> CatalogGroup {
    var group = group
    let folder = tree.path(of: group.relativePath)
    guard let entries = list(folder) else {
      tree.findings.append(
        Diagnostic(path: folder, severity: .error, code: .unreadable, message: "the folder could not be listed"))
      return group
    }
    for (name, kind) in entries {
      let relativePath = group.relativePath.isEmpty ? name : group.relativePath + "/" + name
      switch kind {
      case .regular where name == "Contents.json":
        if let document = readContents(relativePath, kind: nil, optional: true, in: &tree) {
          group.document = document
          group.properties = document["properties"]?.members ?? []
        }
      case .regular: group.files.append(name)
      case .folder:
        if let item = readItem(name, relativePath: relativePath, depth: depth, in: &tree) { group.items.append(item) }
      case .symbolicLink:
        tree.findings.append(
          Diagnostic(
            path: tree.path(of: relativePath), severity: .note, code: .folderLink,
            message: "a symbolic link inside the catalog, not followed"))
      case .other: break
      }
    }
    return group
  }

  private func readItem(_ name: String, relativePath: String, depth: Int, in tree: inout CatalogTree) -> CatalogItem? {
    let dot = name.lastIndex(of: ".")
    let pathExtension = dot.map { String(name[name.index(after: $0)...]) } ?? ""
    if let kind = CatalogSet.Kind(rawValue: pathExtension) {
      let setName = String(name[..<dot!])
      return .set(readSet(CatalogSet(kind: kind, name: setName, relativePath: relativePath), in: &tree))
    }
    if Self.uncheckedKinds.contains(pathExtension) {
      return .unchecked(CatalogUncheckedFolder(name: name, relativePath: relativePath, kind: pathExtension))
    }
    guard depth < limits.maximumDepth else {
      tree.findings.append(
        Diagnostic(
          path: tree.path(of: relativePath), severity: .error, code: .catalogLimit,
          message: "groups nested more than \(limits.maximumDepth) deep; not read"))
      return nil
    }
    return .group(readGroup(CatalogGroup(name: name, relativePath: relativePath), depth: depth + 1, in: &tree))
  }

  private func readSet(_ set: CatalogSet, in tree: inout CatalogTree) -> CatalogSet {
    var set = set
    let listed = list(tree.path(of: set.relativePath)) ?? []
    set.files = listed.filter { $0.kind == .regular && $0.name != "Contents.json" }.map(\.name)
    set.folders = listed.filter { $0.kind == .folder }.map(\.name)
    let contentsPath = set.relativePath + "/Contents.json"
    guard let document = readContents(contentsPath, kind: set.kind, optional: false, in: &tree) else {
      return set
    }
    set.document = document
    set.properties = document["properties"]?.members ?? []
    var elements = (document[set.kind.entriesKey]?.elements ?? []).filter { $0.members != nil }
    if elements.count > limits.maximumEntries {
      tree.findings.append(
        Diagnostic(
          path: tree.path(of: contentsPath), severity: .error, code: .catalogLimit,
          message: "\(elements.count) entries; only the first \(limits.maximumEntries) are read"))
      elements = Array(elements.prefix(limits.maximumEntries))
    }
    set.entries = elements.map { CatalogEntry(line: $0.line, members: $0.members ?? []) }
    return set
  }

  /// Reads and checks one `Contents.json`; nil with a finding when it cannot be read or is not a JSON object (or,
  /// when `optional`, quietly when it is absent).
  private func readContents(
    _ relativePath: String, kind: CatalogSet.Kind?, optional: Bool, in tree: inout CatalogTree
  ) -> JSONNode? {
    let path = tree.path(of: relativePath)
    func fail(_ code: DiagnosticCode, _ message: String, line: Int? = nil) -> JSONNode? {
      tree.findings.append(Diagnostic(path: path, severity: .error, code: code, message: message, line: line))
      return nil
    }
    guard let status = try? FileStatus(path: path, followingLinks: true) else {
      return optional ? nil : fail(.contentsUnreadable, "the set has no Contents.json")
    }
    guard status.kind == .regular else { return fail(.contentsUnreadable, "Contents.json is not a regular file") }
    guard status.size <= limits.maximumContentsSize else {
      return fail(
        .contentsUnreadable, "Contents.json is \(status.size) bytes, over the limit of \(limits.maximumContentsSize)")
    }
    guard let bytes = CatalogFiles.read(path) ?? readThroughLink(path) else {
      return fail(.contentsUnreadable, "Contents.json could not be read")
    }
    let parsed = Self.parseContents(bytes, kind: kind, path: path)
    tree.findings += parsed.findings
    return parsed.document
  }

  /// Parses the bytes of a `Contents.json` of a set of `kind` (a group's when nil) and checks its shape: the
  /// document when it is a JSON object, and the findings, which name `path`.
  public static func parseContents(_ bytes: [UInt8], kind: CatalogSet.Kind?, path: String) -> (
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

  /// The bytes of a file reached through a symbolic link, bounded like a direct read.
  private func readThroughLink(_ path: String) -> [UInt8]? {
    guard let target = try? FileSystem.realPath(path) else { return nil }
    return CatalogFiles.read(target)
  }
}
