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

  /// Reads the bundle at `path`: the size of `icon.json` is checked before it is read.
  package init(path: String) {
    self.path = path
    defer { readAssets() }
    guard let status = try? FileStatus(path: documentPath, followingLinks: true), status.kind == .regular else {
      problem = (0, "the bundle has no icon.json (or it is not a regular file)")
      return
    }
    guard status.size <= IconJSON.maxBytes else {
      problem = (0, "icon.json is \(status.size) bytes, more than the \(IconJSON.maxBytes) gamut reads")
      return
    }
    guard let bytes = CatalogFiles.read(documentPath) else {
      problem = (0, "icon.json cannot be read")
      return
    }
    do throws(IconJSON.Error) {
      let json = try IconJSON(bytes)
      guard json.nodes[json.root].kind == .object else {
        problem = (1, "the document is not a JSON object")
        return
      }
      document = IconDocument(json)
    } catch {
      problem = (error.line, "not valid JSON: " + error.reason)
    }
  }

  private mutating func readAssets() {
    let folder = path + "/Assets"
    guard (try? FileStatus(path: folder, followingLinks: true))?.kind == .folder else { return }
    hasAssetsFolder = true
    let names = (try? FileSystem.listFolder(folder)) ?? []
    assets = names.filter { !$0.hasPrefix(".") && (try? FileStatus(path: folder + "/" + $0))?.kind == .regular }
      .sorted()
  }

  /// The `.icon` folders directly inside `folder`, sorted by path; none when it cannot be listed.
  package static func bundles(in folder: String) -> [String] {
    let names = (try? FileSystem.listFolder(folder)) ?? []
    return names.filter { $0.hasSuffix(".icon") && $0.count > 5 }.sorted()
      .map { folder.hasSuffix("/") ? folder + $0 : folder + "/" + $0 }
      .filter { (try? FileStatus(path: $0, followingLinks: true))?.kind == .folder }
  }
}
