/// What lint's text output shows of a run, decided by pure functions over its findings, so that any printer (the
/// terminal, a CI annotation reporter) shows the same thing:
///
/// - a severity filter: findings below ``Options/minimumSeverity`` are left out of the lines (and counted in the
///   summary, as SwiftLint's and ESLint's `--quiet` do);
/// - notes that fire on most sets of their kind (at least ``Options/widespreadSets`` sets and more than half of those
///   of the kind they concern) folded into one line with their count, unless ``Options/allNotes``;
/// - identical findings (same code, severity and message) at ``Options/repeatsFolded`` or more paths folded into the
///   first, with the number of the others; errors are never folded, each is worth a line;
/// - a per-code summary (code, severity, count) of every finding, as ruff's `--statistics`.
package struct LintDigest: Sendable {
  package struct Options: Sendable {
    package var minimumSeverity: Diagnostic.Severity = .note
    /// Lists every note, widespread or not.
    package var allNotes = false
    /// The fewest sets a note must fire on to be folded as widespread.
    package var widespreadSets = 4
    /// The fewest identical findings that are folded into one line.
    package var repeatsFolded = 3

    package init(minimumSeverity: Diagnostic.Severity = .note, allNotes: Bool = false) {
      self.minimumSeverity = minimumSeverity
      self.allNotes = allNotes
    }
  }

  /// One line of output.
  package enum Line: Sendable, Equatable {
    /// A finding as it is.
    case finding(LintFinding)
    /// The first of `count` findings with one code, severity and message; the others are at other paths.
    case repeated(LintFinding, count: Int)
    /// A note on `sets` of the `total` sets of `kind` (`color set`...), listed with `--all-notes`.
    case widespread(code: DiagnosticCode, sets: Int, total: Int, kind: String)

    /// The text: the finding's `path:line: severity: message`, with `(and N more like it)` for a repeat, or
    /// `note: CODE on N of M KINDs (...)` for a widespread note.
    package var text: String {
      switch self {
      case .finding(let finding): "\(finding.diagnostic)"
      case .repeated(let finding, let count): "\(finding.diagnostic) (and \(count - 1) more like it)"
      case .widespread(let code, let sets, let total, let kind):
        "note: \(code) on \(sets) of \(total) \(kind)s (a note on most of them: listed with --all-notes)"
      }
    }
  }

  /// A code's count among all findings, at one severity.
  package struct CodeCount: Sendable, Equatable {
    package var code: DiagnosticCode
    package var severity: Diagnostic.Severity
    package var count: Int

    /// `    36  error    missing-file`.
    package var text: String {
      let number = String(count)
      let severity = severity.rawValue
      return String(repeating: " ", count: max(0, 6 - number.count)) + number + "  " + severity
        + String(repeating: " ", count: max(1, 9 - severity.count)) + code.rawValue
    }
  }

  /// The lines to show, in the findings' order.
  package private(set) var lines: [Line] = []
  /// Every code found, worst severity first, then most found, then by name.
  package private(set) var codes: [CodeCount] = []
  /// How many findings the severity filter left out.
  package private(set) var filtered = 0

  /// The digest of `result` (its findings and the sets of the catalogs it read).
  package init(_ result: LintResult, options: Options = Options()) {
    let findings = result.findings
    var counts: [String: CodeCount] = [:]
    for finding in findings {
      let key = "\(finding.diagnostic.severity.rawValue) \(finding.diagnostic.code)"
      counts[key, default: CodeCount(code: finding.diagnostic.code, severity: finding.diagnostic.severity, count: 0)]
        .count += 1
    }
    codes = counts.values.sorted {
      ($0.severity, $0.count, $1.code.rawValue) > ($1.severity, $1.count, $0.code.rawValue)
    }
    let shown = findings.filter { $0.diagnostic.severity >= options.minimumSeverity }
    filtered = findings.count - shown.count
    let widespread = options.allNotes ? [:] : Self.widespread(shown, sets: Self.setsByKind(result), options: options)
    lines = Self.fold(shown, widespread: widespread, options: options)
  }

  /// The kinds of set (by folder extension) and how many the catalogs hold.
  private static func setsByKind(_ result: LintResult) -> [String: Int] {
    var totals: [String: Int] = [:]
    for catalog in result.catalogs {
      for placed in catalog.sets { totals[placed.set.kind.rawValue, default: 0] += 1 }
    }
    return totals
  }

  /// The set folder a finding is about (the asset path up to the component with a set's extension), and its kind.
  static func set(of finding: LintFinding) -> (folder: String, kind: CatalogSet.Kind)? {
    var folder: [Substring] = []
    for component in finding.assetPath.split(separator: "/") {
      folder.append(component)
      if let dot = component.lastIndex(of: "."),
        let kind = CatalogSet.Kind(rawValue: String(component[component.index(after: dot)...]))
      {
        return (folder.joined(separator: "/"), kind)
      }
    }
    return nil
  }

  /// The note codes that fire on most sets of their kind, with the line that stands for them.
  private static func widespread(_ findings: [LintFinding], sets totals: [String: Int], options: Options)
    -> [DiagnosticCode: Line]
  {
    var sets: [DiagnosticCode: (kind: CatalogSet.Kind, folders: Set<String>)] = [:]
    for finding in findings where finding.diagnostic.severity == .note {
      guard let (folder, kind) = set(of: finding) else { continue }
      let code = finding.diagnostic.code
      if sets[code] == nil { sets[code] = (kind, []) }
      if sets[code]!.kind == kind { sets[code]!.folders.insert(folder) }
    }
    var lines: [DiagnosticCode: Line] = [:]
    for (code, entry) in sets {
      let total = totals[entry.kind.rawValue] ?? 0
      guard entry.folders.count >= options.widespreadSets, entry.folders.count * 2 > total else { continue }
      lines[code] = .widespread(code: code, sets: entry.folders.count, total: total, kind: noun(entry.kind))
    }
    return lines
  }

  /// `image set`, `color set`, `app icon set`, `symbol set`.
  private static func noun(_ kind: CatalogSet.Kind) -> String {
    switch kind {
    case .imageSet: "image set"
    case .colorSet: "color set"
    case .appIconSet: "app icon set"
    case .symbolSet: "symbol set"
    }
  }

  /// The lines: widespread notes at the place of their first finding, repeats folded into their first.
  private static func fold(_ findings: [LintFinding], widespread: [DiagnosticCode: Line], options: Options) -> [Line] {
    func key(_ finding: LintFinding) -> String {
      "\(finding.diagnostic.code)\u{0}\(finding.diagnostic.severity.rawValue)\u{0}\(finding.diagnostic.message)"
    }
    var repeats: [String: Int] = [:]
    for finding in findings where finding.diagnostic.severity != .error { repeats[key(finding), default: 0] += 1 }
    var lines: [Line] = []
    var placed: Set<String> = []
    for finding in findings {
      let code = finding.diagnostic.code
      if finding.diagnostic.severity == .note, let line = widespread[code], set(of: finding) != nil {
        if placed.insert("widespread \(code)").inserted { lines.append(line) }
        continue
      }
      let count = repeats[key(finding)] ?? 1
      guard count >= options.repeatsFolded else {
        lines.append(.finding(finding))
        continue
      }
      if placed.insert(key(finding)).inserted { lines.append(.repeated(finding, count: count)) }
    }
    return lines
  }
}
