/// `contents-layout`: a `Contents.json` (of a set, a group or the catalog root) in the layout of an older Xcode:
/// Xcode's spacing (two-space indentation, `"key" : value`, one member per line), but its keys not in byte order or
/// no final newline, which is how Xcode wrote them before 2020 (`info` with `version` before `author`, `idiom` before
/// `filename`). Xcode rewrites such a file the next time someone edits the set. A file spaced otherwise (by hand, by
/// a script) is not an older Xcode's and is not reported. "The same values" is import's one rule,
/// ``CatalogEquivalence``: a file whose rewrite would not be equivalent (a key written twice) is not reported.
package enum ContentsLayoutLint {
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
      guard let bytes = read(path), hasXcodeSpacing(bytes), rewritten(bytes, document: document) != nil
      else { return nil }
      return Diagnostic(path: path, severity: .note, code: .contentsLayout, message: message)
    }
  }

  /// The bytes of the `Contents.json` at `path`, within the catalog reader's bound; nil when it cannot be read.
  static func read(_ path: String) -> [UInt8]? {
    try? BoundedFile.read(path, limit: CatalogReader.Limits().maximumContentsSize, what: "Contents.json")
  }

  /// Whether `bytes` are spaced as Xcode spaces JSON, whatever the order of the keys and with or without a final
  /// newline: the same bytes as their tokens re-spaced by ``XcodeJSON/reindented(compact:indent:)``.
  package static func hasXcodeSpacing(_ bytes: [UInt8]) -> Bool {
    var compact: [UInt8] = []
    compact.reserveCapacity(bytes.count)
    var inString = false
    var escaped = false
    for byte in bytes {
      if inString {
        compact.append(byte)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          inString = false
        }
      } else if byte == UInt8(ascii: "\"") {
        inString = true
        compact.append(byte)
      } else if ![UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(byte) {
        compact.append(byte)
      }
    }
    let spaced = XcodeJSON.reindented(compact: compact[...], indent: 0)
    return bytes == spaced || bytes == spaced + [UInt8(ascii: "\n")]
  }

  /// The bytes of `document` (read from `bytes`) in today's layout, when they differ from `bytes` and hold the
  /// same values; nil when the file is in today's layout already or could not be rewritten with the same values.
  package static func rewritten(_ bytes: [UInt8], document: JSONNode) -> [UInt8]? {
    guard let value = XcodeJSON(document) else { return nil }
    let rendered = value.renderedBytes()
    guard case .equivalent = CatalogEquivalence.contents(bytes, rendered) else { return nil }
    return rendered
  }
}
