/// What `gamut import` did with each entry of the catalog, and the table it prints.
public struct ImportReport: Sendable, Equatable {
  /// One row: a catalog entry, a group's `Contents.json` or a loose file.
  public struct Row: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
      /// Rebuilt from sources, and the rebuild equals the original.
      case identical
      /// Copied verbatim into the kept area, for the reason given (a named gap in what gamut writes).
      case kept(String)
      /// Still not equal after the import: a bug, reported rather than hidden.
      case differs(String)
    }

    /// Path relative to the catalog.
    public var path: String
    public var outcome: Outcome
    /// How the sources rebuild it (`PNGs copied unchanged`, `color`...).
    public var note: String
  }

  public var catalogPath: String
  public var rows: [Row]

  public var identicalCount: Int { rows.filter { $0.outcome == .identical }.count }
  public var keptCount: Int { rows.filter { if case .kept = $0.outcome { true } else { false } }.count }
  public var differsCount: Int { rows.filter { if case .differs = $0.outcome { true } else { false } }.count }

  /// The table: one line per row, then a summary line.
  public var table: String {
    let width = min(60, rows.map(\.path.count).max() ?? 10)
    var lines: [String] = []
    for row in rows {
      let path = row.path.count > width ? row.path : row.path + String(repeating: " ", count: width - row.path.count)
      switch row.outcome {
      case .identical: lines.append("\(path)  identical  \(row.note)")
      case .kept(let reason): lines.append("\(path)  kept       \(reason)")
      case .differs(let how): lines.append("\(path)  differs    \(how)")
      }
    }
    lines.append(summary)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `Name.xcassets: 40 identical, 3 kept, 0 differ`.
  public var summary: String {
    "\(catalogPath): \(rows.count) entries: \(identicalCount) identical, \(keptCount) kept, \(differsCount) differ"
  }
}
