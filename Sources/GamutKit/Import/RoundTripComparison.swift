/// One round of `gamut import`'s check: every folder's `Contents.json`, every entry and every loose file of the
/// original compared with the rebuilt catalog, as the table's rows.
///
/// The rebuilt catalog also holds gamut's build records at its root, `.gamut-state.json` and `.gamut.lock` (and,
/// after a killed build, `.gamut-journal.jsonl`): they are gamut's, no entry of the catalog, and no part of what
/// Xcode compiles (hidden names), so no row compares them and `gamut build` writes them into the catalog it builds
/// from the imported folder as into any other.
struct RoundTripComparison {
  var plan: ImportPlan
  var inventory: ImportInventory
  /// The original catalog and the one built from the imported folder.
  var original: String
  var rebuilt: String

  /// The rows, in catalog order (folders' `Contents.json`, entries, loose files, then what was refused), and the
  /// translated entries or folder files whose rebuild is not equivalent, to keep next round.
  func rows() -> ([ImportReport.Row], [(path: String, reason: String)]) {
    var rows: [ImportReport.Row] = []
    var differing: [(path: String, reason: String)] = []
    let kept = Dictionary(plan.kept.map { (Array($0.path.utf8), $0.reason) }) { first, _ in first }
    let translated = Dictionary(plan.translated.map { (Array($0.path.utf8), $0) }) { first, _ in first }
    let folders = ([""] + inventory.groupPaths).map { $0.isEmpty ? "Contents.json" : $0 + "/Contents.json" }
    let refused = Set(inventory.survey.refused.map { Array($0.path.utf8) })
    for path in folders where !refused.contains(Array(path.utf8)) {
      if let reason = kept[Array(path.utf8)] {
        rows.append(keptRow(path, reason: reason))
        continue
      }
      var verdict = RoundTripCheck.compareContents(original + "/" + path, rebuilt + "/" + path)
      if verdict == .identical, (try? FileStatus(path: ImportFiles.parentOf(rebuilt + "/" + path))) == nil {
        verdict = .equivalent(CatalogEquivalence.Spelling.emptyFolder.rawValue)
      }
      // A folder without Contents.json cannot be kept (there is nothing to copy): its row stays `differs`.
      if case .differs(let how) = verdict, (try? FileStatus(path: original + "/" + path)) != nil {
        differing.append((path, "Contents.json: " + how))
      }
      rows.append(row(path, verdict, note: ""))
    }
    for entry in inventory.entries {
      let refusals = inventory.refusals(inside: entry.path)
      if let first = refusals.first {
        let more = refusals.count > 1 ? " (and \(refusals.count - 1) more)" : ""
        rows.append(.init(path: entry.path, outcome: .differs(Self.refusal(first, in: entry.path) + more), note: ""))
      } else if let reason = kept[Array(entry.path.utf8)] {
        rows.append(keptRow(entry.path, reason: reason))
      } else if let translation = translated[Array(entry.path.utf8)] {
        let named = Set((entry.set?.entries ?? []).compactMap(\.filename))
        let verdict = RoundTripCheck.compareSet(
          entry.path, original: original, rebuilt: rebuilt, named: named, leftOut: inventory.leftOut(inside: entry.path)
        )
        if case .differs(let how) = verdict { differing.append((entry.path, how)) }
        rows.append(row(entry.path, verdict, note: translation.note))
      }
    }
    for file in inventory.looseFiles {
      if let reason = kept[Array(file.utf8)] { rows.append(keptRow(file, reason: reason)) }
    }
    let entryPaths = inventory.entries.map(\.path)
    for item in inventory.survey.refused
    where !entryPaths.contains(where: { item.path.utf8.starts(with: ($0 + "/").utf8) }) {
      rows.append(.init(path: item.path, outcome: .differs(item.reason), note: ""))
    }
    return (rows, differing)
  }

  /// The row of a compared entry or folder file expressed as sources.
  private func row(_ path: String, _ verdict: CatalogEquivalence.Verdict, note: String) -> ImportReport.Row {
    switch verdict {
    case .identical: .init(path: path, outcome: .identical, note: note)
    case .equivalent(let how): .init(path: path, outcome: .equivalent(how), note: note)
    case .differs(let how): .init(path: path, outcome: .differs(how), note: note)
    }
  }

  /// The row of something kept verbatim: `kept`, or `differs` when even the verbatim copy did not come back.
  private func keptRow(_ path: String, reason: KeepReason) -> ImportReport.Row {
    switch RoundTripCheck.compareVerbatim(
      path, original: original, rebuilt: rebuilt, leftOut: inventory.survey.leftOutPaths)
    {
    case .differs(let how): .init(path: path, outcome: .differs("kept (\(reason)) yet " + how), note: "")
    case .identical, .equivalent: .init(path: path, outcome: .kept(reason), note: "")
    }
  }

  /// `'Name.imageset/x.png' is a symbolic link...`, the refused item named inside its entry.
  private static func refusal(_ item: ImportSurvey.Item, in entry: String) -> String {
    let inner = String(decoding: item.path.utf8.dropFirst(entry.utf8.count + 1), as: UTF8.self)
    return (inner.isEmpty ? "" : QuotedValue.quote(inner) + ": ") + item.reason
  }
}
