import GamutKit

/// A change `gamut lint --fix` would make, as a SARIF 2.1.0 `fix` (`result.fixes[]`): a description and one
/// `artifactChange` whose `replacement` swaps the changed run of characters of a `Contents.json` (`deletedRegion` as
/// `charOffset` and `charLength`, counted in Unicode code points as the run's `columnKind` says) for the new text.
/// Only changes to the text alone are described (``GamutKit/FixReport/Change/isTextOnly``): a converted PNG is not
/// an edit a viewer applies.
enum SARIFFix {
  /// The key of the result a fix belongs to: code, path and line of its finding.
  static func key(_ diagnostic: Diagnostic) -> String {
    "\(diagnostic.code)\u{0}\(diagnostic.path)\u{0}\(diagnostic.line ?? 0)"
  }

  /// The fixes of the text-only changes of `report`, by the key of each finding they fix.
  static func fixes(_ report: FixReport) -> [String: XcodeJSON] {
    var fixes: [String: XcodeJSON] = [:]
    for change in report.changes where change.isTextOnly {
      guard let contents = change.contents else { continue }
      let fix = self.fix(
        path: change.path + "/Contents.json", before: contents.before ?? "", after: contents.after,
        codes: change.codes.map(\.rawValue))
      for finding in change.fixes { fixes[key(finding.diagnostic)] = fix }
    }
    return fixes
  }

  /// The fix that turns the text `before` of the file at `path` into `after`: the run between their common start
  /// and end replaced.
  static func fix(path: String, before: String, after: String, codes: [String]) -> XcodeJSON {
    let old = Array(before.unicodeScalars)
    let new = Array(after.unicodeScalars)
    var start = 0
    while start < min(old.count, new.count), old[start] == new[start] { start += 1 }
    var end = 0
    while end < min(old.count, new.count) - start, old[old.count - 1 - end] == new[new.count - 1 - end] { end += 1 }
    var inserted = String.UnicodeScalarView()
    inserted.append(contentsOf: new[start..<(new.count - end)])
    let replacement: XcodeJSON = .object([
      "deletedRegion": .object(["charOffset": .integer(start), "charLength": .integer(old.count - end - start)]),
      "insertedContent": .object(["text": .string(String(inserted))]),
    ])
    return .object([
      "description": .object(["text": .string("gamut lint --fix=\(codes.joined(separator: ",")) (docs/fix.md)")]),
      "artifactChanges": .array([
        .object([
          "artifactLocation": .object(["uri": .string(SARIFLog.uri(path))]),
          "replacements": .array([replacement]),
        ])
      ]),
    ])
  }
}
