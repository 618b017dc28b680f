import GamutKit

/// What `gamut lint --json` prints, and the one-line summary of the text output.
struct LintSummary: Encodable {
  var catalogs: [String]
  var findings: [FindingRecord]
  var counts: [String: Int]
  var baselined: Int
  var exitStatus: Int32
  /// What `--fix` did (or would do, with `--dry-run`); absent without `--fix`.
  var fix: FixSummary?

  init(result: LintResult, exitStatus: ExitStatus) {
    catalogs = result.catalogs.map(\.path)
    findings = result.findings.map(FindingRecord.init)
    counts = Dictionary(findings.map { ($0.diagnostic.code.rawValue, 1) }, uniquingKeysWith: +)
    baselined = result.baselined
    self.exitStatus = exitStatus.rawValue
  }

  /// `3 catalogs: 2 errors, 5 warnings, 9 notes (4 accepted by the baseline)`.
  var text: String {
    func count(_ severity: Diagnostic.Severity, _ word: String) -> String {
      let number = findings.count { $0.diagnostic.severity == severity }
      return "\(number) \(word)\(number == 1 ? "" : "s")"
    }
    let accepted = baselined > 0 ? " (\(baselined) accepted by the baseline)" : ""
    return "\(catalogs.count) catalog\(catalogs.count == 1 ? "" : "s"): \(count(.error, "error")), "
      + "\(count(.warning, "warning")), \(count(.note, "note"))\(accepted)"
  }
}
