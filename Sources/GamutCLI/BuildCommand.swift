import ArgumentParser
import Foundation
import GamutKit

/// `gamut build SOURCE_DIR --output Name.xcassets`: the main job.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Build a color-managed asset catalog from a folder of PNG artwork.",
    discussion: """
      Sources are the PNGs, PDFs and SVGs under SOURCE_DIR; sub-folders become groups. File names follow the \
      convention of docs/naming.md (Name~dark~hc@2x.png ...). Options come from SOURCE_DIR/gamut.yml (or --config), \
      and flags override them. Diagnostics are printed as 'path: warning: message' for Xcode's issue navigator.

      Exit status: 0 clean; 1 errors in some assets (the others are still written), or warnings with --strict; \
      2 clipping errors under the gamut policy (or clipping warnings with --strict); 64 usage error.
      """
  )

  @OptionGroup var catalog: CatalogOptions

  @OptionGroup(title: "Xcode file lists") var fileLists: FileListOptions

  @Flag(help: "Fail (exit 1 or 2) on warnings too.")
  var strict = false

  @Flag(name: .shortAndLong, help: "Print errors only.")
  var quiet = false

  @Flag(help: "Stop at once, instead of waiting, when another build holds the catalog.")
  var noWait = false

  @OptionGroup(title: "Findings") var output: DiagnosticsOptions

  func run() throws {
    try fileLists.refuseUnsafeFolder(catalog)
    let source = catalog.source
    var builder = try catalog.makeBuilder()
    builder.waitForLock = !noWait
    let reporter = Reporter(output, tool: .init(command: "build"), quiet: quiet)
    let progress = BuildProgress(mode: !reporter.printsText || quiet ? .silent : (isatty(2) != 0 ? .bar : .lines))
    let report: BuildReport
    do {
      report = try builder.build { progress.handle($0) }
    } catch {
      progress.finish()
      reporter.failure(error)
      throw ExitCode(.failure)
    }
    progress.finish()
    if fileLists.xcfilelists != nil {
      do {
        try fileLists.writeIfAsked(
          try BuildFileLists.afterBuild(builder, configFile: catalog.configFile, manifest: report.manifest))
      } catch let error as FileError {
        reporter.failure(error)
        throw ExitCode(.failure)
      }
    }
    let status = ExitStatus(findings: report.diagnostics, strict: strict)
    let summary = BuildSummary(report: report, sourceRoot: source, exitStatus: status)
    try reporter.report(
      summary.diagnostics,
      summary: [summary.text] + (report.report.map { ["report: \($0.reportPath)"] } ?? []), document: { summary })
    if status != .clean { throw ExitCode(status) }
  }
}
