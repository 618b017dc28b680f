import Foundation
import PackagePlugin

/// Command plugin `gamut-lint`: lints the asset catalogs of the package's targets, read-only.
///
///     swift package gamut-lint [--target NAME ...] [gamut lint options]
///
/// Without `--target`, every source target is searched for `.xcassets` folders. Other arguments (`--strict`,
/// `--baseline FILE`, `--diagnostics sarif`...) go to `gamut lint`, which reads `gamut.yml` from the package root
/// when present. The command fails when lint does, with the findings printed above.
@main
struct GamutLintCommand: CommandPlugin {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
    let folders = targets.compactMap { ($0 as? SourceModuleTarget)?.directoryURL.path }
    guard !folders.isEmpty else {
      Diagnostics.warning("gamut-lint: no source target to lint")
      return
    }
    let process = Process()
    process.executableURL = try context.tool(named: "gamut").url
    process.currentDirectoryURL = context.package.directoryURL
    process.arguments = ["lint"] + folders + extractor.remainingArguments
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "gamut lint found problems (exit status \(process.terminationStatus))")
    }
  }
}
