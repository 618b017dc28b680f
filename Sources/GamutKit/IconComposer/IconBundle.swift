/// An Icon Composer bundle on disk: `Name.icon/icon.json` and the flat `Assets/` folder of layer files.
///
/// Reading never fails: a bundle whose `icon.json` is missing, too large or not JSON has no document and a
/// ``problem`` (with the line, for JSON); the checks report it.
package struct IconBundle: Sendable {
  /// The bundle folder, as given.
  package var path: String
  /// The read document, nil when `icon.json` could not be read.
  package var document: IconDocument?
  /// Why `icon.json` could not be read, and the line (0 when it is about the whole file).
  package var problem: (line: Int, reason: String)?
  /// The names of the regular files in `Assets/`, sorted; hidden files (`.DS_Store`) left out.
  package var assets: [String] = []
  /// Whether `Assets/` is a folder.
  package var hasAssetsFolder = false
  /// What listing the bundle found: links not followed, special files, names no Mac can hold.
  package var findings: [Diagnostic] = []

  /// The icon's name: the folder name without `.icon`.
  package var name: String { Self.name(ofPath: path) }

  /// The name of the bundle at `path`: its folder name without `.icon`.
  package static func name(ofPath path: String) -> String {
    let last = path.split(separator: "/").last.map(String.init) ?? path
    return last.hasSuffix(".icon") ? String(last.dropLast(5)) : last
  }

  /// `path/icon.json`.
  package var documentPath: String { path + "/icon.json" }

  /// `path/Assets/name`.
  package func assetPath(_ name: String) -> String { path + "/Assets/" + name }

  /// Reads the bundle at `path`, its folders listed by ``FolderWalker`` (no link followed out of the bundle,
  /// special files never opened): the size of `icon.json` is checked before it is read.
  package init(path: String) {
    self.path = path
    let walker = FolderWalker(root: path, tree: .bundle)
    var documentEntry: FolderWalker.Entry?
    for entry in walker.list("", depth: 0).entries {
      if entry.name == "icon.json" {
        documentEntry = entry
        continue
      }
      findings += CatalogNames.check(entry, walker: walker)
      if entry.name == "Assets", entry.kind == .folder { readAssets(walker) }
    }
    readDocument(documentEntry)
  }

  private mutating func readDocument(_ entry: FolderWalker.Entry?) {
    guard let entry, entry.kind == .file, let status = entry.status else {
      if case .refused = entry?.kind {
        problem = (0, "icon.json is a symbolic link that leads outside the bundle (or nowhere); not read")
      } else {
        problem = (0, "the bundle has no icon.json (or it is not a regular file)")
      }
      return
    }
    let limit = JSONNodeReader.maximumBytes
    guard status.size <= limit else {
      problem = (0, "icon.json is \(status.size) bytes, more than the \(limit) gamut reads")
      return
    }
    guard let bytes = try? BoundedFile.read(entry.openPath, limit: limit, what: "icon.json", followingLinks: false)
    else {
      problem = (0, "icon.json cannot be read")
      return
    }
    do throws(JSONNodeReader.Failure) {
      let json = try JSONNodeReader.read(bytes)
      guard json.kind == .object else {
        problem = (1, "the document is not a JSON object")
        return
      }
      document = IconDocument(json)
    } catch {
      problem = (error.line, "not valid JSON: " + error.reason)
    }
  }

  /// The files of `Assets/` (links to files inside the bundle taken), sorted; the walker's findings about the rest.
  private mutating func readAssets(_ walker: FolderWalker) {
    hasAssetsFolder = true
    for entry in walker.list("Assets", depth: 1).entries {
      findings += CatalogNames.check(entry, walker: walker)
      if entry.kind == .file { assets.append(entry.name) }
    }
  }

  /// The `.icon` folders directly inside `folder`, sorted by path; none when it cannot be listed. Links are not
  /// followed (``FolderWalker``'s search).
  package static func bundles(in folder: String) -> [String] {
    let walker = FolderWalker(root: folder, tree: .searched)
    return walker.list("", depth: 0).entries.compactMap { entry in
      entry.kind == .folder && entry.name.hasSuffix(".icon") && entry.name.count > 5
        ? (folder.hasSuffix("/") ? folder + entry.name : folder + "/" + entry.name) : nil
    }
  }
}
