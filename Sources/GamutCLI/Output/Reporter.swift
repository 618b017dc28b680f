import Foundation
import GamutKit

/// How a command reports its findings, in the form `--diagnostics` chose (``DiagnosticsFormat``): the one reporter
/// of every command that reports findings, printing through one ``Printer``. The forms of a finding are written
/// once each: text by ``GamutKit/Diagnostic/description`` (Xcode's `path:line: severity: message`), JSON by
/// ``FindingRecord``, GitHub by ``GitHubAnnotation`` and SARIF by ``SARIFLog``.
struct Reporter: Sendable {
  var format: DiagnosticsFormat
  /// `--quiet`: only errors in text, and no summary.
  var quiet = false
  /// The checkout (`GITHUB_WORKSPACE`): annotations name paths relative to it.
  var workspace: String?
  /// The command, for the rules of a SARIF log.
  var tool: SARIFLog.Tool
  let printer = Printer()

  /// The reporter `options` ask for, in the environment gamut runs in (`GITHUB_ACTIONS`, `GITHUB_WORKSPACE`).
  init(
    _ options: DiagnosticsOptions, tool: SARIFLog.Tool, quiet: Bool = false,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) {
    format = options.format(environment: environment)
    self.quiet = quiet
    workspace = environment["GITHUB_WORKSPACE"]
    self.tool = tool
  }

  /// Whether findings are printed for people (text and github forms), rather than as one document.
  var printsText: Bool { format == .text || format == .github }

  /// Reports a run's findings, in order, when the run is over:
  /// - text: each finding on standard error, then `summary`, a line each, on standard output;
  /// - github: the same, and a workflow command on standard output for each finding printed;
  /// - json: `document()` (the command's JSON) on standard output, and nothing else;
  /// - sarif: the SARIF log of every finding on standard output, and each finding in text on standard error.
  ///
  /// `--quiet` leaves out the summary and prints only errors in text (the SARIF log keeps every finding).
  ///
  /// `fixes` are the SARIF fixes of findings, by ``SARIFFix/key(_:)``, that the log carries.
  func report<Document: Encodable>(
    _ findings: [FindingRecord], summary: @autoclosure () -> [String], document: () throws -> Document,
    fixes: () -> [String: XcodeJSON] = { [:] }
  ) throws {
    switch format {
    case .json:
      printer.document(try JSONOutput.string(document()))
      return
    case .sarif:
      printer.document(SARIFLog.text(findings, tool: tool, fixes: fixes()))
    case .text, .github:
      break
    }
    for finding in findings { self.finding(finding.diagnostic) }
    if printsText && !quiet {
      for line in summary() { printer.line(line) }
    }
  }

  /// Prints one finding: in text on standard error (only an error when quiet), and in the github form as a
  /// workflow command too. Nothing in the json form.
  func finding(_ finding: Diagnostic) {
    guard format != .json, !quiet || finding.severity == .error else { return }
    printer.line(finding.description, to: .error)
    if format == .github { printer.command(GitHubAnnotation.line(for: finding, workspace: workspace)) }
  }

  /// Prints an error that stops the run (a file that cannot be read or written), in every form: in text on
  /// standard error, and in the github form as a workflow command too.
  func failure(_ error: FileError) {
    printer.line(error.description, to: .error)
    if format == .github {
      printer.command(
        GitHubAnnotation.line(
          severity: .error, path: error.path, title: nil, message: "cannot \(error.operation): \(error.reason)",
          workspace: workspace))
    }
  }
}
