import Foundation
import PackagePlugin

/// Build-tool plugin: at build time, runs `gamut build` on the target's `Artwork` folder into
/// `<plugin work directory>/<Target>.xcassets`, with the manifest beside it.
///
/// Inputs: every file under `Artwork` (a file added or removed re-plans the command, since SwiftPM asks the plugin
/// again on every build). Outputs: the catalog folder and the manifest. They do not depend on the pixels, so the gamut
/// policy (`auto` by default, or `gamut:` in `Artwork/gamut.yml`) works unchanged: under `auto` an asset may get one
/// rendition or an sRGB / Display P3 pair inside the declared catalog folder. A target without an `Artwork` folder
/// gets no command.
@main
struct GamutArtworkPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: any Target) async throws -> [Command] {
    guard let target = target as? SourceModuleTarget else { return [] }
    let artwork = target.directoryURL.appending(path: "Artwork")
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: artwork.path, isDirectory: &isFolder), isFolder.boolValue else {
      return []
    }
    let catalog = context.pluginWorkDirectoryURL.appending(path: target.name + ".xcassets")
    let manifest = context.pluginWorkDirectoryURL.appending(path: "gamut-manifest.json")
    return [
      .buildCommand(
        displayName: "gamut: building \(target.name)'s Artwork into \(catalog.lastPathComponent)",
        executable: try context.tool(named: "gamut").url,
        arguments: ["build", artwork.path, "--output", catalog.path, "--manifest", manifest.path, "--quiet"],
        inputFiles: Self.files(under: artwork),
        outputFiles: [catalog, manifest])
    ]
  }

  /// Every regular file under `folder`, sorted.
  static func files(under folder: URL) -> [URL] {
    let paths = FileManager.default.subpaths(atPath: folder.path) ?? []
    return paths.sorted().compactMap { relative in
      let url = folder.appending(path: relative)
      var isFolder: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue else {
        return nil
      }
      return url
    }
  }
}
