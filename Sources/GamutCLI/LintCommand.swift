import ArgumentParser
import Foundation
import GamutKit

/// `gamut lint PATH...`: every check gamut has, on asset catalogs as they are, read-only.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check existing asset catalogs (read-only): structure, images, colors, app icons, names.",
    discussion: """
      Each PATH is an .xcassets folder, a set folder (.imageset, .colorset, .appiconset, .symbolset), an .icon \
      bundle, or a folder searched for them (a repository root); any other PATH is refused (exit 64). Nothing is \
      written inside a catalog. Options come from gamut.yml (--config, or ./gamut.yml when present): its lint: section \
      sets each code on, off or to another severity, for all paths or path globs, and the budgets; contrast: \
      pairs are resolved against the catalog's color names. Codes: docs/lint.md.

      Exit status as gamut build: 0 clean; 1 errors (or warnings with --strict); 2 clipping errors (or clipping \
      warnings with --strict); 64 usage error.
      """
  )

  @Argument(help: "The .xcassets folders, sets or .icon bundles, or folders to search for them.")
  var paths: [String] = ["."]

  @Option(help: "The gamut.yml to read (default: ./gamut.yml when present).")
  var config: String?

  @Flag(help: "Fail (exit 1 or 2) on warnings too.")
  var strict = false

  @Flag(name: .shortAndLong, help: "Print errors only, and no summary.")
  var quiet = false

  @Option(help: "Print findings of this severity and worse only: note, warning or error (the summary counts all).")
  var minSeverity: Diagnostic.Severity = .note

  @Flag(help: "List every note, also those that fire on most sets of a kind (folded into one line otherwise).")
  var allNotes = false

  @Flag(help: "Print the findings as JSON instead of text.")
  var json = false

  @Option(
    help: """
      text, github (also a GitHub Actions workflow command per finding on standard output; the default when \
      GITHUB_ACTIONS=true) or sarif (a SARIF 2.1.0 log on standard output).
      """)
  var diagnostics: DiagnosticsFormat?

  @Option(help: "Leave out the findings this baseline file records (fail only on new ones).")
  var baseline: String?

  @Option(help: "Record every finding of this run in a baseline file.")
  var writeBaseline: String?

  @Option(help: "Also write the HTML report of the catalogs linted to this file, ending in .html.")
  var report: String?

  func validate() throws {
    if let report, !report.hasSuffix(".html") { throw ValidationError("--report must end in .html") }
    if json && diagnostics != nil && diagnostics != .text {
      throw ValidationError("--json cannot be combined with --diagnostics \(diagnostics!.rawValue)")
    }
  }

  func run() throws {
    var linter = Linter()
    let configPath = config ?? BuildConfiguration.fileName
    if config != nil || FileManager.default.fileExists(atPath: configPath) {
      do {
        linter.configuration = try LintConfiguration(contentsOf: configPath)
      } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        throw ExitCode(ExitStatus.usage.rawValue)
      }
    }
    var result = linter.lint(paths)
    guard result.refused.isEmpty else {
      for refusal in result.refused {
        let path = Diagnostic.printable(QuotedValue.path(refusal.path))
        FileHandle.standardError.write(Data("\(path): error: \(refusal.reason)\n".utf8))
      }
      throw ExitCode(ExitStatus.usage.rawValue)
    }
    if let writeBaseline {
      try write(LintBaseline(result.findings).text, to: writeBaseline)
    }
    if let baseline {
      do {
        result = try LintBaseline(contentsOf: baseline).filter(result)
      } catch {
        FileHandle.standardError.write(Data("\(baseline): error: cannot read the baseline: \(error)\n".utf8))
        throw ExitCode(ExitStatus.usage.rawValue)
      }
    }
    if let report { try writeReport(result, to: report, options: linter.configuration.options) }
    let status = result.exitStatus(strict: strict)
    try output(result, status: status)
    if status != .clean { throw ExitCode(status.rawValue) }
  }

  private func output(_ result: LintResult, status: ExitStatus) throws {
    let environment = ProcessInfo.processInfo.environment
    let format = json ? .text : DiagnosticsFormat.resolved(diagnostics, environment: environment)
    if json {
      print(try JSONOutput.string(LintSummary(result: result, exitStatus: status)))
      return
    }
    if format == .sarif {
      print(SARIFLog.text(result.findings, toolVersion: GamutVersion.number), terminator: "")
    }
    let digest = LintDigest(
      result, options: LintDigest.Options(minimumSeverity: quiet ? .error : minSeverity, allNotes: allNotes))
    for line in digest.lines {
      FileHandle.standardError.write(Data("\(line.text)\n".utf8))
    }
    if format == .github {
      for finding in result.findings where finding.diagnostic.severity >= (quiet ? .error : minSeverity) {
        print(GitHubAnnotation.line(for: finding.diagnostic, workspace: environment["GITHUB_WORKSPACE"]))
      }
    }
    if !quiet && format != .sarif {
      for code in digest.codes { print(code.text) }
      print(LintSummary(result: result, exitStatus: status).text)
    }
  }

  /// The report of the catalogs linted.
  private func writeReport(_ result: LintResult, to path: String, options: BuildOptions) throws {
    do {
      let outcome = try LintReport.write(result, to: path, options: options)
      if !quiet && !json { print("report: \(outcome.reportPath)") }
    } catch {
      FileHandle.standardError.write(Data("\(error.path): error: cannot \(error.operation): \(error.reason)\n".utf8))
      throw ExitCode(ExitStatus.failure.rawValue)
    }
  }

  private func write(_ text: String, to path: String) throws {
    do {
      try AtomicFile.write(Array(text.utf8), to: path)
    } catch {
      FileHandle.standardError.write(Data("\(path): error: cannot write: \(error.reason)\n".utf8))
      throw ExitCode(ExitStatus.failure.rawValue)
    }
  }
}
