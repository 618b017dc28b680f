import ArgumentParser
import Foundation

/// Whether findings are also printed as GitHub Actions workflow commands.
enum DiagnosticsFormat: String, ExpressibleByArgument, CaseIterable {
  /// Only the `path: severity: message` lines on standard error.
  case text
  /// Those lines, and a `::warning file=...::` workflow command per finding on standard output.
  case github
  /// A SARIF 2.1.0 log on standard output (`gamut lint` only).
  case sarif

  /// The format asked for with `--diagnostics`, or else `github` when running in GitHub Actions
  /// (`GITHUB_ACTIONS=true`, which the runner sets in every step), or else `text`.
  static func resolved(_ explicit: Self?, environment: [String: String]) -> Self {
    explicit ?? (environment["GITHUB_ACTIONS"] == "true" ? .github : .text)
  }
}
