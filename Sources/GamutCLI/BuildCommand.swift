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
      convention in the README (Name~dark~hc@2x.png ...). Options come from SOURCE_DIR/gamut.yml (or --config), \
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

  @Flag(help: "Print the result as JSON (summary and diagnostics) instead of text.")
  var json = false

  @Flag(help: "Stop at once, instead of waiting, when another build holds the catalog.")
  var noWait = false

  @Option(
    help: """
      Also print each finding as a GitHub Actions workflow command on standard output: text or github \
      (default: github when GITHUB_ACTIONS=true, except with --json).
      """)
  var diagnostics: DiagnosticsFormat?

  func validate() throws {
    if diagnostics == .sarif { throw ValidationError("--diagnostics sarif is for gamut lint") }
    if json && diagnostics == .github {
      throw ValidationError("--diagnostics github cannot be combined with --json (both use standard output)")
    }
  }

  func run() throws {
    try fileLists.refuseUnsafeFolder(catalog)
    let source = catalog.source
    var builder = try catalog.makeBuilder()
    builder.waitForLock = !noWait
    let environment = ProcessInfo.processInfo.environment
    let annotate = !json && DiagnosticsFormat.resolved(diagnostics, environment: environment) == .github
    let workspace = environment["GITHUB_WORKSPACE"]
    let progress = BuildProgress(mode: json || quiet ? .silent : (isatty(2) != 0 ? .bar : .lines))
    let report: BuildReport
    do {
      report = try builder.build { progress.handle($0) }
    } catch {
      progress.finish()
      let path = Diagnostic.printable(error.path)
      let message = "cannot \(error.operation): \(error.reason)"
      FileHandle.standardError.write(Data("\(path): error: \(message)\n".utf8))
      if annotate {
        print(
          GitHubAnnotation.line(
            severity: .error, path: error.path, title: nil, message: message, workspace: workspace))
      }
      throw ExitCode(ExitStatus.failure.rawValue)
    }
    progress.finish()
    if fileLists.xcfilelists != nil {
      do {
        try fileLists.writeIfAsked(
          try BuildFileLists.afterBuild(builder, configFile: catalog.configFile, manifest: report.manifest))
      } catch let error as FileError {
        FileHandle.standardError.write(
          Data("\(Diagnostic.printable(error.path)): error: cannot \(error.operation): \(error.reason)\n".utf8))
        throw ExitCode(ExitStatus.failure.rawValue)
      }
    }
    let status = report.exitStatus(strict: strict)
    if json {
      print(try JSONOutput.string(BuildSummary(report: report, sourceRoot: source, exitStatus: status)))
    } else {
      for finding in report.diagnostics where !quiet || finding.severity == .error {
        let located = finding.located(in: source)
        FileHandle.standardError.write(Data("\(located)\n".utf8))
        if annotate { print(GitHubAnnotation.line(for: located, workspace: workspace)) }
      }
      if !quiet {
        print(BuildSummary(report: report, sourceRoot: source, exitStatus: status).text)
        if let written = report.report { print("report: \(written.reportPath)") }
      }
    }
    if status != 0 { throw ExitCode(status) }
  }
}
