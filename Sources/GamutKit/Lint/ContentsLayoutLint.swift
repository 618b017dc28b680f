/// `contents-layout`: a `Contents.json` (of a set, a group or the catalog root) holding the values Xcode would write
/// but not in the layout Xcode writes today (``XcodeJSON``: keys in byte order, two-space indentation, `"key" :
/// value`, a final newline). Files from Xcode before 2020 put `info` first with `version` before `author`; Xcode
/// rewrites them the next time someone edits the set. "The same values" is import's one rule,
/// ``CatalogEquivalence``: a file whose rewrite would not be equivalent (a key written twice) is not reported.
enum ContentsLayoutLint {
  /// The one message, the same for every file so that lint's output folds them.
  static let message =
    "written in the layout of an older Xcode (key order, spacing or line ends), with the same values as today's; "
    + "Xcode rewrites it the next time the set is edited (gamut lint --fix contents-layout rewrites it now)"

  /// The findings for every `Contents.json` of `tree` that is in an older layout.
  static func check(_ tree: CatalogTree) -> [Diagnostic] {
    let documents =
      [(tree.root.relativePath, tree.root.document)] + tree.groups.map { ($0.relativePath, $0.document) }
      + tree.sets.map { ($0.set.relativePath, $0.set.document) }
    return documents.compactMap { relativePath, document in
      guard let document else { return nil }
      let path = tree.path(of: relativePath.isEmpty ? "Contents.json" : relativePath + "/Contents.json")
      guard let bytes = CatalogFiles.read(path), rewritten(bytes, document: document) != nil else { return nil }
      return Diagnostic(path: path, severity: .note, code: .contentsLayout, message: message)
    }
  }

  /// The bytes of `document` (read from `bytes`) in today's layout, when they differ from `bytes` and hold the
  /// same values; nil when the file is in today's layout already or could not be rewritten with the same values.
  static func rewritten(_ bytes: [UInt8], document: JSONNode) -> [UInt8]? {
    guard let value = XcodeJSON(document) else { return nil }
    let rendered = value.renderedBytes()
    guard case .equivalent = CatalogEquivalence.contents(bytes, rendered) else { return nil }
    return rendered
  }
}
