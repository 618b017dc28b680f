import Foundation
import PackagePlugin

/// Command plugin `gamut-build`: builds each target's `Artwork` folder into `<target folder>/<Target>.xcassets`
/// inside the package, with `gamut-manifest.json` beside it.
///
///     swift package --allow-writing-to-package-directory gamut-build [--target NAME ...] [gamut build options]
///
/// Without `--target`, every source target that has an `Artwork` folder is built. Other arguments (`--gamut both`,
/// `--strict`, ...) go to `gamut build`; a configuration file `Artwork/gamut.yml` is read as usual. The command fails
/// when a build does, with gamut's findings printed above.
@main
struct GamutBuildCommand: CommandPlugin {
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  func performCommand(context: PluginContext, arguments: [String]) async throws {
    var extractor = ArgumentExtractor(arguments)
    let names = extractor.extractOption(named: "target")
    let passThrough = extractor.remainingArguments
    let targets = try names.isEmpty ? context.package.targets : context.package.targets(named: names)
    let gamut = try context.tool(named: "gamut").url
    var built = 0
    for case let target as SourceModuleTarget in targets {
      let artwork = target.directoryURL.appending(path: "Artwork")
      guard FileManager.default.fileExists(atPath: artwork.path) else {
        if !names.isEmpty { throw Failure(description: "target '\(target.name)' has no Artwork folder") }
        continue
      }
      let catalog = target.directoryURL.appending(path: target.name + ".xcassets")
      let process = Process()
      process.executableURL = gamut
      process.arguments = ["build", artwork.path, "--output", catalog.path] + passThrough
      try process.run()
      process.waitUntilExit()
      guard process.terminationStatus == 0 else {
        throw Failure(
          description: "gamut build of \(target.name)'s Artwork failed with exit status \(process.terminationStatus)")
      }
      built += 1
    }
    if built == 0 { Diagnostics.warning("gamut-build: no target has an Artwork folder") }
  }
}
