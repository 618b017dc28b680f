extension DiagnosticRegistry {
  /// docs/codes.md: every code of the registry in one table, sorted by code. Generated (`scripts/generate/
  /// codes-page`); a test fails when the file differs.
  package static var codesPage: String {
    var page = """
      # Codes

      Every code gamut emits, generated from the registry in the code (`DiagnosticRegistry`, Sources/GamutKit/\
      Diagnostics/) by `scripts/generate/codes-page`; do not edit by hand. Severity has one meaning everywhere: \
      **error**, the build, the App Store submission or the app at run time goes wrong; **warning**, users are likely \
      to see a defect; **note**, worth knowing ([diagnostics.md](diagnostics.md#severity)). The severity here is a \
      code's default; `lint: rules:` in `gamut.yml` changes it for lint, per code and path \
      ([configuration.md](configuration.md#lint)). *Explained in* is the page that says how the check decides. \
      *Fixable* says whether `gamut lint --fix` can fix it ([fix.md](fix.md)).

      | code | severity | what it finds | explained in | fixable |
      |---|---|---|---|---|

      """
    for entry in entries.sorted(by: { $0.code.rawValue < $1.code.rawValue }) {
      let cells = [
        "<a id=\"\(entry.code)\"></a>`\(entry.code)`", entry.severity.rawValue,
        entry.meaning.replacingOccurrences(of: "|", with: "\\|"), "[\(entry.page)](\(entry.page))",
        entry.fixable ? "yes" : "no",
      ]
      page += "| " + cells.joined(separator: " | ") + " |\n"
    }
    return page
  }
}
