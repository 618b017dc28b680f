import ArgumentParser
import Foundation
import GamutKit

/// `gamut lint PATH...`: every check gamut has, on asset catalogs as they are, read-only; with `--fix`, the repairs
/// of docs/fix.md in place.
struct LintCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lint",
    abstract: "Check existing asset catalogs: structure, images, colors, app icons, names; --fix repairs them.",
    discussion: """
      Each PATH is an .xcassets folder, a set folder (.imageset, .colorset, .appiconset, .symbolset), an .icon \
      bundle, or a folder searched for them (a repository root); any other PATH is refused (exit 64). Nothing is \
      written inside a catalog, except by --fix: it converts wide-gamut art into display-gamut pairs, odd color \
      spaces to sRGB or Display P3, needless 16-bit files to 8 bits, adds the sRGB entry of Display P3 colors \
      (the safe set), and with --fix=CODE,... also rewrites old Contents.json layouts and removes unlisted files and \
      dark copies; each set is replaced whole or not at all (docs/fix.md). Options come from gamut.yml (--config, or ./gamut.yml when present): its lint: section \
      sets each code on, off or to another severity, for all paths or path globs, and the budgets; contrast: \
      pairs are resolved against the catalog's color names. Codes: docs/lint.md.

      Exit status as gamut build: 0 clean; 1 errors (or warnings with --strict); 2 clipping errors (or clipping \
      warnings with --strict); 64 usage error.
      """
  )

  @Argument(help: "The .xcassets folders, sets or .icon bundles, or folders to search for them (default: .).")
  var paths: [String] = []

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

  @OptionGroup(title: "Findings") var output: DiagnosticsOptions

  @Option(help: "Leave out the findings this baseline file records (fail only on new ones).")
  var baseline: String?

  @Option(help: "Record every finding of this run in a baseline file.")
  var writeBaseline: String?

  @Option(help: "Also write the HTML report of the catalogs linted to this file, ending in .html.")
  var report: String?

  @Option(
    name: .customLong("fix"), defaultAsFlag: "safe", parsing: .next,
    help: ArgumentHelp(
      "Repair the catalogs in place: the safe fixes, or the codes given (--fix=CODE,...). Docs: docs/fix.md.",
      valueName: "codes"))
  var fix: String? = nil

  @Flag(help: "With --fix: print what would change (files written and removed, Contents.json diffs); write nothing.")
  var dryRun = false

  @Option(help: "With --fix: copy the original bytes of every file replaced or removed into this folder first.")
  var backup: String?

  mutating func validate() throws {
    if let report, !report.hasSuffix(".html") { throw ValidationError("--report must end in .html") }
    if let fix {
      do {
        _ = try FixSelection(parsing: fix)
      } catch {
        // `gamut lint --fix App.xcassets`: the value is the first path, and --fix the safe set.
        guard FileManager.default.fileExists(atPath: fix) else { throw ValidationError(error.description) }
        paths.insert(fix, at: 0)
        self.fix = "safe"
      }
    }
    if fix == nil && (dryRun || backup != nil) {
      throw ValidationError("--dry-run and --backup go with --fix")
    }
  }

  /// The paths to lint.
  private var lintPaths: [String] { paths.isEmpty ? ["."] : paths }

  func run() throws {
    let reporter = Reporter(output, tool: .init(command: "lint"), quiet: quiet)
    var linter = Linter()
    let configPath = config ?? BuildConfiguration.fileName
    let readsConfig = config != nil || FileManager.default.fileExists(atPath: configPath)
    if readsConfig {
      do {
        linter.configuration = try LintConfiguration(contentsOf: configPath)
      } catch {
        reporter.printer.line("\(error)", to: .error)
        throw ExitCode(.usage)
      }
    }
    linter.onLockWait = { catalog in
      Printer().line("waiting for the gamut process that is writing \(QuotedValue.path(catalog))", to: .error)
    }
    var result: LintResult
    var fixed: CatalogFixer.Run?
    if let fix {
      let run = try runFix(fix, linter: linter, config: readsConfig ? configPath : nil, reporter: reporter)
      (result, fixed) = (run.after, run)
    } else {
      result = linter.lint(lintPaths)
    }
    try refuse(result.refused.map { ($0.path, $0.reason) }, reporter: reporter)
    try refuseUnsafeOutputs(result, config: readsConfig ? configPath : nil)
    if let writeBaseline {
      try write(LintBaseline(result.findings).text, to: writeBaseline, reporter: reporter)
    }
    if let baseline {
      do {
        result = try LintBaseline(contentsOf: baseline).filter(result)
      } catch {
        reporter.printer.line("\(error)", to: .error)
        throw ExitCode(.usage)
      }
    }
    if let report {
      try writeReport(result, to: report, options: linter.configuration.options, reporter: reporter)
    }
    var status = result.exitStatus(strict: strict)
    if fixed?.report.failures.isEmpty == false && status == .clean { status = .failure }
    // The severity filter, the folding and the per-code summary (LintDigest, in GamutKit) shape what text shows;
    // JSON and SARIF carry every finding.
    var summary = LintSummary(result: result, exitStatus: status)
    summary.fix = fixed.map { FixSummary($0.report) }
    let digest = LintDigest(
      result, options: LintDigest.Options(minimumSeverity: quiet ? .error : minSeverity, allNotes: allNotes))
    let shown = reporter.printsText ? Self.records(digest) : summary.findings
    let fixLines = summary.fix?.lines(backup: backup) ?? []
    try reporter.report(
      shown, summary: fixLines + Self.widespread(digest) + digest.codes.map(\.text) + [summary.text],
      document: { summary },
      fixes: { SARIFFix.fixes(fixed?.report ?? Self.proposals(result, linter: linter)) })
    if status != .clean { throw ExitCode(status) }
  }

  /// The fixes a SARIF log of a lint without `--fix` describes: those of the codes whose fix can be an edit of a
  /// `Contents.json` alone (the sRGB entry of a Display P3 color, today's layout), planned from the lint.
  private static func proposals(_ result: LintResult, linter: Linter) -> FixReport {
    let selection = FixSelection(codes: [.p3ColorWithoutSRGB, .contentsLayout])
    return CatalogFixer(linter: linter, selection: selection).proposals(for: result)
  }

  /// Prints each refused path (`path: error: reason`) and exits 64, when there is one.
  private func refuse(_ refusals: [(path: String, reason: String)], reporter: Reporter) throws {
    guard !refusals.isEmpty else { return }
    for refusal in refusals {
      reporter.printer.line("\(QuotedValue.path(refusal.path)): error: \(refusal.reason)", to: .error)
    }
    throw ExitCode(.usage)
  }

  /// `--fix`: the backup folder checked by the output-path guard (outside every catalog the fix changes, the
  /// configuration file and the bundles), then the fix; a refusal (a catalog gamut build writes, a backup that would
  /// overwrite other bytes) exits 64, and each folder that could not be written is reported.
  private func runFix(_ codes: String, linter: Linter, config: String?, reporter: Reporter) throws -> CatalogFixer.Run {
    var fixer = CatalogFixer(linter: linter, selection: try FixSelection(parsing: codes))
    fixer.dryRun = dryRun
    fixer.backupFolder = backup
    fixer.onLockWait = linter.onLockWait
    let inputs =
      fixer.catalogs(for: lintPaths).map {
        OutputPathGuard.Input(path: $0, role: "a catalog the fix changes", reason: "which would change with it")
      } + (config.map { [OutputPathGuard.Input.configuration($0)] } ?? [])
    try OutputPathGuard(inputs: inputs).refuse(backup, option: "--backup", writing: .folder)
    let run = fixer.run(lintPaths)
    try refuse(run.refused.map { ($0.path, $0.reason) }, reporter: reporter)
    for failure in run.report.failures { reporter.failure(failure) }
    return run
  }

  /// The findings text shows: each as it is, or the first of a repeat with how many more.
  private static func records(_ digest: LintDigest) -> [FindingRecord] {
    digest.lines.compactMap { line in
      switch line {
      case .finding(let finding): return FindingRecord(finding)
      case .repeated(let finding, let count):
        var record = FindingRecord(finding)
        record.diagnostic.message += " (and \(count - 1) more like it)"
        return record
      case .widespread: return nil
      }
    }
  }

  /// The notes folded because they fire on most sets of their kind, a line each, for the summary.
  private static func widespread(_ digest: LintDigest) -> [String] {
    digest.lines.compactMap { line in
      if case .widespread = line { return line.text }
      return nil
    }
  }

  /// Exits 64, before anything is written, when the output-path guard refuses `--write-baseline` or `--report`:
  /// inside a catalog or bundle lint read or the configuration file, a device, FIFO, folder or link, or a file
  /// gamut did not write (a baseline, a report). The baseline `--baseline` reads may be written again.
  private func refuseUnsafeOutputs(_ result: LintResult, config: String?) throws {
    let inputs =
      result.catalogs.map { OutputPathGuard.Input.readOnly($0.path, "a catalog lint reads") }
      + result.bundles.map { OutputPathGuard.Input.readOnly($0, "a bundle lint reads") }
      + (config.map { [OutputPathGuard.Input.configuration($0)] } ?? [])
    let outputs = OutputPathGuard(inputs: inputs)
    try outputs.refuse(writeBaseline, option: "--write-baseline", writing: .file(LintBaseline.ownedFile))
    if let report {
      try outputs.refuse(report, option: "--report", writing: .file(ReportWriter.ownedFile))
      try outputs.refuse(ReportWriter.mapsFolder(of: report), option: "--report (its maps)", writing: .folder)
    }
  }

  /// The report of the catalogs linted.
  private func writeReport(
    _ result: LintResult, to path: String, options: BuildOptions, reporter: Reporter
  ) throws {
    do {
      let outcome = try LintReport.write(result, to: path, options: options)
      if !quiet && reporter.printsText { reporter.printer.line("report: \(outcome.reportPath)") }
    } catch {
      reporter.failure(error)
      throw ExitCode(.failure)
    }
  }

  private func write(_ text: String, to path: String, reporter: Reporter) throws {
    do {
      try AtomicFile.write(Array(text.utf8), to: path)
    } catch {
      reporter.failure(FileError(path: path, operation: "write", reason: error.reason))
      throw ExitCode(.failure)
    }
  }
}
