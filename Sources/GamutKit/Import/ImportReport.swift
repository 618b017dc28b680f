/// What `gamut import` did with each entry of the catalog, and the table it prints.
public struct ImportReport: Sendable, Equatable {
  /// One row: a catalog entry, a folder's `Contents.json` or a loose file.
  public struct Row: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
      /// Rebuilt from sources, byte for byte the same.
      case identical
      /// Rebuilt from sources, the same meaning in today's Xcode spelling (docs/import.md, "Equivalence"); says
      /// which spellings differ.
      case equivalent(String)
      /// Copied verbatim into the kept area, for a reason from the documented list.
      case kept(KeepReason)
      /// Not carried, or still not equivalent after the import: the import writes nothing.
      case differs(String)
    }

    /// Path relative to the catalog.
    public var path: String
    public var outcome: Outcome
    /// How the sources rebuild it (`PNGs copied unchanged`, `color`...).
    public var note: String

    public init(path: String, outcome: Outcome, note: String) {
      self.path = path
      self.outcome = outcome
      self.note = note
    }
  }

  /// A file or folder that is no part of what Xcode compiles, left out of the import, with why.
  public struct LeftOut: Sendable, Equatable {
    public var path: String
    public var reason: String
  }

  public var catalogPath: String
  public var rows: [Row]
  public var leftOut: [LeftOut] = []

  public init(catalogPath: String, rows: [Row], leftOut: [LeftOut] = []) {
    self.catalogPath = catalogPath
    self.rows = rows
    self.leftOut = leftOut
  }

  public var identicalCount: Int { rows.filter { $0.outcome == .identical }.count }
  public var equivalentCount: Int { rows.filter { if case .equivalent = $0.outcome { true } else { false } }.count }
  public var keptCount: Int { rows.filter { if case .kept = $0.outcome { true } else { false } }.count }
  public var differsCount: Int { rows.filter { if case .differs = $0.outcome { true } else { false } }.count }

  /// The table: one line per row, except that entries kept for their kind fold into one line per kind with a count,
  /// then the files left out, then a summary line.
  public var table: String {
    // Control characters in names (a newline, an escape) are written escaped: one row stays one line.
    let lines = tableLines.map {
      (path: Diagnostic.printable($0.path), status: $0.status, note: Diagnostic.printable($0.note))
    }
    let width = min(60, lines.map(\.path.count).max() ?? 10)
    var text = lines.map { line in
      let path =
        line.path.count >= width ? line.path : line.path + String(repeating: " ", count: width - line.path.count)
      let status = line.status + String(repeating: " ", count: max(1, 11 - line.status.count))
      var text = path + "  " + status + line.note
      while text.hasSuffix(" ") { text.removeLast() }
      return text
    }
    if !leftOut.isEmpty {
      text.append("left out (no part of what Xcode compiles): \(leftOut.count)")
      text += leftOut.prefix(20).map { "  \(Diagnostic.printable($0.path)): \($0.reason)" }
      if leftOut.count > 20 { text.append("  ... and \(leftOut.count - 20) more") }
    }
    text.append(summary)
    return text.joined(separator: "\n") + "\n"
  }

  /// The table's rows as path, status and note.
  private var tableLines: [(path: String, status: String, note: String)] {
    var byKind: [String: [String]] = [:]
    for row in rows {
      if case .kept(let reason) = row.outcome, reason.kind == .entryKind {
        byKind[reason.detail, default: []].append(row.path)
      }
    }
    var lines: [(path: String, status: String, note: String)] = []
    for row in rows {
      switch row.outcome {
      case .identical: lines.append((row.path, "identical", row.note))
      case .equivalent(let how):
        lines.append((row.path, "equivalent", [row.note, how].filter { !$0.isEmpty }.joined(separator: "; ")))
      case .kept(let reason) where reason.kind == .entryKind:
        guard let paths = byKind.removeValue(forKey: reason.detail) else { continue }
        let shown = paths.prefix(3).joined(separator: ", ") + (paths.count > 3 ? ", ..." : "")
        let folders = "\(paths.count) \(reason.detail) folder\(paths.count == 1 ? "" : "s")"
        lines.append((folders, "kept", "kind: gamut does not make this kind (\(shown))"))
      case .kept(let reason): lines.append((row.path, "kept", reason.description))
      case .differs(let how): lines.append((row.path, "differs", how))
      }
    }
    return lines
  }

  /// `Name.xcassets: 43 entries: 30 identical, 10 equivalent, 3 kept (7 %), 0 differ`.
  public var summary: String {
    let share = rows.isEmpty ? 0 : (keptCount * 100 + rows.count / 2) / rows.count
    return "\(catalogPath): \(rows.count) entries: \(identicalCount) identical, \(equivalentCount) equivalent, "
      + "\(keptCount) kept (\(share) %), \(differsCount) differ"
  }
}
