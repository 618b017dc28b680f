import Foundation
import PackagePlugin

/// Command plugin `gamut-lint`: lints the asset catalogs of the package's targets, read-only; with `--fix`, repairs
/// them in place.
///
///     swift package gamut-lint [--target NAME ...] [gamut lint options]
///     swift package --allow-writing-to-package-directory gamut-lint --fix [--target NAME ...]
///
/// Without `--target`, every source target is searched for `.xcassets` folders. Other arguments (`--strict`,
/// `--baseline FILE`, `--diagnostics sarif`, `--fix`...) go to `gamut lint`, which reads `gamut.yml` from the package
/// root when present. The command fails when lint does, with the findings printed above.
///
/// The plugin declares no permission, so plain lint never asks for one. `--fix` (without `--dry-run`) writes into the
/// targets' catalogs: before it runs, the plugin checks that it may write in each target's folder, which SwiftPM allows
/// with `--allow-writing-to-package-directory` (on macOS its sandbox refuses otherwise; on Linux SwiftPM does not
/// sandbox plugins), and refuses with a message saying so when it may not.
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
    let passed = extractor.remainingArguments
    let fixing = passed.contains { $0 == "--fix" || $0.hasPrefix("--fix=") } && !passed.contains("--dry-run")
    if fixing, let folder = folders.first(where: { !Self.mayWrite(in: $0) }) {
      throw Failure(
        description: "gamut-lint --fix repairs the catalogs in place, and SwiftPM does not let this plugin write in "
          + "\(folder): run `swift package --allow-writing-to-package-directory gamut-lint --fix` (or add --dry-run "
          + "to see what it would change without writing)")
    }
    let process = Process()
    process.executableURL = try context.tool(named: "gamut").url
    process.currentDirectoryURL = context.package.directoryURL
    process.arguments = ["lint"] + folders + passed
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "gamut lint found problems (exit status \(process.terminationStatus))")
    }
  }

  /// Whether the plugin may create a file in `folder`: a hidden probe file is made and removed at once.
  static func mayWrite(in folder: String) -> Bool {
    let probe = folder + "/.gamut-plugin-probe-" + UUID().uuidString
    guard FileManager.default.createFile(atPath: probe, contents: nil) else { return false }
    try? FileManager.default.removeItem(atPath: probe)
    return true
  }
}
