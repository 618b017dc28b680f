import ArgumentParser

/// The form a command reports its findings in (`--diagnostics`), shared by every command that reports findings.
enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
  /// Each finding as a `path:line: severity: message` line on standard error (Xcode's form), and a summary for
  /// people on standard output.
  case text
  /// The command's JSON document on standard output (the same as `--json`); nothing on standard error but what
  /// stops the run.
  case json
  /// The text form, and a `::warning file=...::` workflow command per finding on standard output.
  case github
  /// A SARIF 2.1.0 log on standard output; the findings in text on standard error.
  case sarif

  /// The format asked for with `--diagnostics`, or else `github` when running in GitHub Actions
  /// (`GITHUB_ACTIONS=true`, which the runner sets in every step), or else `text`.
  static func resolved(_ explicit: Self?, environment: [String: String]) -> Self {
    explicit ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .text)
  }
}
