import ArgumentParser
import Foundation
import GamutKit

/// `gamut filelists SOURCE_DIR --output Name.xcassets`: the Xcode file lists of a build, without building.
struct FileListsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "filelists",
    abstract: "Print or write the .xcfilelist inputs and outputs of a build, without building.",
    discussion: """
      Inputs: the configuration file, the source folder and its sub-folders, every source taken. Outputs: the \
      catalog, every Contents.json and rendition file the build may write, gamut's state and lock files, and the \
      manifest, predicted from the sources' names and the configuration (no image is read). Under --gamut auto \
      every slot lists its single rendition and both halves of the sRGB / Display P3 pair, since which of them \
      exists depends on the pixels. See docs/xcode-and-ci.md.

      Without --xcfilelists both lists are printed, each after a '# gamut-inputs.xcfilelist' or \
      '# gamut-outputs.xcfilelist' comment line. Exit status: 0, 1 when the source folder cannot be read, 64 \
      usage error.
      """
  )

  @OptionGroup var catalog: CatalogOptions
  @OptionGroup var fileLists: FileListOptions

  func run() throws {
    try fileLists.refuseUnsafeFolder(catalog)
    let builder = try catalog.makeBuilder()
    let printer = Printer()
    let lists: BuildFileLists
    do {
      lists = try BuildFileLists.predict(for: builder, configFile: catalog.configFile)
    } catch {
      printer.line(error.description, to: .error)
      throw ExitCode(.failure)
    }
    if fileLists.xcfilelists != nil {
      try fileLists.writeIfAsked(lists)
      return
    }
    let prefix = fileLists.pathPrefix
    printer.line("# " + BuildFileLists.inputsFileName)
    printer.text(BuildFileLists.text(of: lists.inputs, prefix: prefix, base: fileLists.base), to: .output)
    printer.line("# " + BuildFileLists.outputsFileName)
    printer.text(BuildFileLists.text(of: lists.outputs, prefix: prefix, base: fileLists.base), to: .output)
  }
}
