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

  /// Exits 64 when the `--xcfilelists` folder lies in the source folder or the catalog, or is the configuration
  /// file (``OutputPathGuard``).
  func refuseUnsafeFolder(_ catalog: CatalogOptions) throws {
    guard let xcfilelists else { return }
    let outputs = OutputPathGuard(sourceRoot: catalog.source, catalog: catalog.catalog, configFile: catalog.configFile)
    guard let problem = outputs.problem(xcfilelists, option: "--xcfilelists") else { return }
    Printer().line(
      Diagnostic.text(path: QuotedValue.path(xcfilelists), severity: .error, message: problem), to: .error)
    throw ExitCode(.usage)
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
