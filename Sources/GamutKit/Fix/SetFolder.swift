/// The folder of a set being fixed, as the file system has it.
enum SetFolder {
  /// The last component of a path.
  static func name(of path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }

  /// The folder holding `path` ("" for a bare name).
  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }

  /// The folder's entries as the folder walker lists a tree copied verbatim: every name, hidden ones too (a
  /// `.DS_Store` is carried over like any file), but gamut's own temporary files.
  static func entries(in folder: String) -> [FolderWalker.Entry] {
    FolderWalker(root: folder, tree: .verbatim).list("", depth: 0).entries
  }

  /// Every name in the folder but gamut's temporary files, sorted by their bytes.
  static func names(in folder: String) -> [String] {
    entries(in: folder).map(\.name)
  }

  /// Why the folder cannot be replaced by a fixed copy, or nil: a fix carries over only regular files (a folder, a
  /// link or a special file inside a set is not something Xcode made, and is left alone with its set).
  static func problem(_ folder: String, set: CatalogSet) -> String? {
    guard (try? FileStatus(path: folder))?.kind == .folder else { return "the set folder is a link or not a folder" }
    for entry in entries(in: folder) where entry.kind != .file || entry.isLink {
      return "it holds \(QuotedValue.quote(entry.name)), which is not a regular file (a fix carries over only files)"
    }
    return nil
  }

  /// A name for a new file beside `name` in a folder holding `taken`: `tag` (`~srgb`) goes before the scale
  /// (`star@2x.png` becomes `star~srgb@2x.png`), else before the extension; `-2`, `-3`... when that is taken, in any
  /// case (a case-insensitive file system holds one of `a.png` and `A.png`).
  static func newName(beside name: String, tag: String, taken: Set<String>) -> String {
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    var stem = String(name[..<dot])
    let fileExtension = String(name[dot...])
    var scale = ""
    if let at = stem.lastIndex(of: "@"), stem[at...].count == 3, stem.hasSuffix("x") {
      scale = String(stem[at...])
      stem = String(stem[..<at])
    }
    let folded = Set(taken.map { $0.lowercased() })
    var candidate = stem + tag + scale + fileExtension
    var number = 2
    while folded.contains(candidate.lowercased()) {
      candidate = stem + tag + "-\(number)" + scale + fileExtension
      number += 1
    }
    return candidate
  }
}
