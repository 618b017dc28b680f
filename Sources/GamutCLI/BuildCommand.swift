import ArgumentParser
import Foundation
import GamutKit

/// `gamut build SOURCE_DIR --output Name.xcassets`: the main job.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Build a color-managed asset catalog from a folder of PNG artwork.",
    discussion: """
      Sources are the PNGs under SOURCE_DIR; sub-folders become groups. File names follow the convention in the \
      README (Name~dark~hc@2x.png ...). Options come from SOURCE_DIR/gamut.yml (or --config), and flags override \
      them. Diagnostics are printed as 'path: warning: message' for Xcode's issue navigator.

      Exit status: 0 clean; 1 errors in some assets (the others are still written), or warnings with --strict; \
      2 clipping errors under the gamut policy (or clipping warnings with --strict); 64 usage error.
      """
  )

  @OptionGroup var catalog: CatalogOptions

  @Flag(help: "Fail (exit 1 or 2) on warnings too.")
  var strict = false

  @Flag(name: .shortAndLong, help: "Print errors only.")
  var quiet = false

  @Flag(help: "Print the result as JSON (summary and diagnostics) instead of text.")
  var json = false

  @Flag(help: "Stop at once, instead of waiting, when another build holds the catalog.")
  var noWait = false

  func run() throws {
    let source = catalog.source
    var builder = try catalog.makeBuilder()
    builder.waitForLock = !noWait
    let progress = BuildProgress(mode: json || quiet ? .silent : (isatty(2) != 0 ? .bar : .lines))
    let report: BuildReport
    do {
      report = try builder.build { progress.handle($0) }
    } catch {
      progress.finish()
      let path = Diagnostic.printable(error.path)
      FileHandle.standardError.write(Data("\(path): error: cannot \(error.operation): \(error.reason)\n".utf8))
      throw ExitCode(ExitStatus.failure.rawValue)
    }
    progress.finish()
    let status = report.exitStatus(strict: strict)
    if json {
      print(try JSONOutput.string(BuildSummary(report: report, sourceRoot: source, exitStatus: status)))
    } else {
      for finding in report.manifest.allDiagnostics where !quiet || finding.severity == .error {
        var located = finding
        located.path = source + "/" + finding.path
        FileHandle.standardError.write(Data("\(located)\n".utf8))
      }
      if !quiet {
        print(BuildSummary(report: report, sourceRoot: source, exitStatus: status).text)
        if let written = report.report { print("report: \(written.reportPath)") }
      }
    }
    if status != 0 { throw ExitCode(status) }
  }
}
