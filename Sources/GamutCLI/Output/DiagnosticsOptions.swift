import ArgumentParser

/// `--diagnostics text|json|github|sarif` and its alias `--json`: how a command reports its findings.
struct DiagnosticsOptions: ParsableArguments {
  @Flag(help: "The same as --diagnostics json.")
  var json = false

  @Option(
    help: """
      How to report findings: text (path:line: severity: message on standard error), json (one JSON document on \
      standard output), github (text, and a GitHub Actions workflow command per finding on standard output) or \
      sarif (a SARIF 2.1.0 log on standard output). Default: github when GITHUB_ACTIONS=true, else text.
      """)
  var diagnostics: DiagnosticsFormat?

  func validate() throws {
    if json, let diagnostics, diagnostics == .github || diagnostics == .sarif {
      throw ValidationError(
        "--json cannot be combined with --diagnostics \(diagnostics.rawValue) (both use standard output)")
    }
  }

  /// The format to report in: `json` for `--json`, else `--diagnostics`, else the environment's default
  /// (``DiagnosticsFormat/resolved(_:environment:)``).
  func format(environment: [String: String]) -> DiagnosticsFormat {
    json ? .json : DiagnosticsFormat.resolved(diagnostics, environment: environment)
  }
}
