import GamutKit

/// What `gamut lint --fix` prints about the fix: in text, the lines before lint's own summary; in JSON, the `fix`
/// object of lint's document.
struct FixSummary: Encodable {
  struct Written: Encodable {
    var name: String
    var new: Bool
    var description: String
  }

  struct Change: Encodable {
    var path: String
    var codes: [String]
    var written: [Written]
    var removed: [String]
    var contentsDiff: String?
  }

  struct Unfixed: Encodable {
    var finding: FindingRecord
    var reason: String
  }

  struct Rendition: Encodable {
    var path: String
    var verdict: String
  }

  var dryRun: Bool
  /// Findings fixed, by code.
  var fixed: [String: Int]
  var changes: [Change]
  var unfixed: [Unfixed]
  /// sRGB renditions made from wide-gamut art, with their clipping verdict.
  var renditions: [Rendition]
  var backedUp: Int
  /// Folders that could not be written (each as it was).
  var failures: [String]
  /// Catalogs a search found that gamut build writes: linted, not fixed.
  var skipped: [String]

  init(_ report: FixReport) {
    dryRun = report.dryRun
    fixed = Dictionary(report.fixedByCode.map { ($0.code.rawValue, $0.count) }, uniquingKeysWith: +)
    changes = report.changes.map { change in
      Change(
        path: change.path, codes: change.codes.map(\.rawValue),
        written: change.written.map { Written(name: $0.name, new: $0.isNew, description: $0.description) },
        removed: change.removed, contentsDiff: change.contentsDiff)
    }
    unfixed = report.unfixed.map { Unfixed(finding: FindingRecord($0.finding), reason: $0.reason) }
    renditions = report.renditions.map { Rendition(path: $0.path, verdict: $0.verdict.rawValue) }
    backedUp = report.backedUp
    failures = report.failures.map(\.description)
    skipped = report.skipped
  }

  /// The lines text output prints before lint's summary: each folder changed (with, for a dry run, what each file
  /// is and the `Contents.json` diff), the sRGB renditions' clipping verdicts, the findings left, the count fixed.
  func lines(backup: String?) -> [String] {
    let verb = dryRun ? "would fix" : "fixed"
    var lines: [String] = []
    for change in changes {
      lines.append(
        "\(verb) \(change.path) (\(change.codes.joined(separator: ", "))):" + (dryRun ? "" : " " + outline(change)))
      guard dryRun else { continue }
      for file in change.written {
        lines.append("  write \(file.name)\(file.new ? " (new)" : ""): \(file.description)")
      }
      for name in change.removed { lines.append("  remove \(name)") }
      if let diff = change.contentsDiff, !diff.isEmpty {
        lines.append(diff.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
      }
    }
    for rendition in renditions {
      let said =
        rendition.verdict == "ok"
        ? "nothing visible is clipped"
        : "clipping \(rendition.verdict): sRGB screens lose what the clipping check measured; Display P3 screens get the art as drawn"
      lines.append("sRGB rendition \(rendition.path): \(said)")
    }
    for left in unfixed {
      let at = left.finding.diagnostic.line.map { ":\($0)" } ?? ""
      lines.append("not fixed: \(left.finding.diagnostic.code) at \(left.finding.diagnostic.path)\(at): \(left.reason)")
    }
    for catalog in skipped {
      lines.append(
        "not fixed: \(catalog) is written by gamut build from a source folder; fix its sources and build again")
    }
    if let backup, !dryRun, backedUp > 0 {
      lines.append("backup: \(backedUp) original file\(backedUp == 1 ? "" : "s") in \(backup)")
    }
    let total = fixed.values.reduce(0, +)
    let byCode = fixed.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
    lines.append(
      "\(verb) \(total) finding\(total == 1 ? "" : "s")" + (total == 0 ? "" : ": " + byCode)
        + (unfixed.isEmpty ? "" : "; \(unfixed.count) of the codes asked for remain"))
    return lines
  }

  /// `wrote a~srgb.png (new), a.png; removed b.png; Contents.json rewritten`.
  private func outline(_ change: Change) -> String {
    var parts: [String] = []
    if !change.written.isEmpty {
      parts.append("wrote " + change.written.map { $0.name + ($0.new ? " (new)" : "") }.joined(separator: ", "))
    }
    if !change.removed.isEmpty { parts.append("removed " + change.removed.joined(separator: ", ")) }
    if change.contentsDiff != nil { parts.append("Contents.json rewritten") }
    return parts.joined(separator: "; ")
  }
}
