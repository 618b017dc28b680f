import ArgumentParser
import Foundation
import GamutKit

/// How `.xcfilelist`s are written: where, and how their paths are spelled. Shared by `build` and `filelists`.
struct FileListOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "Write gamut-inputs.xcfilelist and gamut-outputs.xcfilelist into this folder (each only when it changes).",
      valueName: "dir"))
  var xcfilelists: String?

  @Option(
    help: """
      Write each path as this prefix and the path relative to --relative-to, for example '$(SRCROOT)/' \\
      (default: absolute paths).
      """)
  var pathPrefix: String?

  @Option(
    help: ArgumentHelp(
      "The folder paths are relative to with --path-prefix (default: the current folder).", valueName: "dir"))
  var relativeTo: String?

  func validate() throws {
    if relativeTo != nil && pathPrefix == nil {
      throw ValidationError("--relative-to needs --path-prefix")
    }
    if let pathPrefix, pathPrefix.contains("\n") {
      throw ValidationError("--path-prefix must be one line")
    }
  }

  /// Exits 64 when the output-path guard refuses the `--xcfilelists` folder (in the source folder or the catalog,
  /// the configuration file) or a list in it (a device, FIFO, folder or link; a file gamut did not write).
  func refuseUnsafeFolder(_ catalog: CatalogOptions) throws {
    guard let xcfilelists else { return }
    let outputs = OutputPathGuard(sourceRoot: catalog.source, catalog: catalog.catalog, configFile: catalog.configFile)
    try outputs.refuse(xcfilelists, option: "--xcfilelists", writing: .folder)
    for name in [BuildFileLists.inputsFileName, BuildFileLists.outputsFileName] {
      try outputs.refuse(
        xcfilelists + "/" + name, option: "--xcfilelists", writing: .file(BuildFileLists.ownedFile))
    }
  }

  /// The folder relative paths start from.
  var base: String { relativeTo ?? FileManager.default.currentDirectoryPath }

  /// Writes the lists into the `--xcfilelists` folder, if one was given; an error is printed and exits 1.
  func writeIfAsked(_ lists: BuildFileLists) throws {
    guard let xcfilelists else { return }
    do {
      try lists.write(to: xcfilelists, prefix: pathPrefix, base: base)
    } catch {
      Printer().line(error.description, to: .error)
      throw ExitCode(.failure)
    }
  }
}
