import ArgumentParser
import Foundation
import GamutKit

/// `gamut import CATALOG --to FOLDER`: an existing asset catalog into a gamut source folder, round trip checked.
struct ImportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Turn an existing asset catalog into a gamut source folder and check that it builds back the same.",
    discussion: """
      Each image set, symbol set, color set and app icon set becomes sources (rendition files copied byte for \
      byte under gamut's names, colors in Colors.colors.yml per group, app icon artwork) and gamut.yml keys. The \
      folder is then built into a temporary catalog and compared with the original entry by entry: Contents.json \
      byte for byte, PNGs pixel for pixel with the same color tagging. An entry gamut cannot express, or whose \
      rebuild differs, is kept: copied verbatim into kept/, which gamut build copies into the catalog unchanged. \
      The table lists every entry: identical, or kept with the reason. The original is never modified; the \
      folder is written beside FOLDER and renamed into place at the end. See docs/import.md.

      Exit status: 0 imported (or checked) and every entry equal; 1 an entry still differs, or a file could not \
      be read or written; 64 usage error.
      """
  )

  @Argument(help: "The catalog folder (Name.xcassets).")
  var catalog: String

  @Option(help: "The source folder to write; it must be empty or absent unless --force.")
  var to: String

  @Flag(help: "Only build and compare, print the table; write nothing.")
  var check = false

  @Flag(help: "Replace a --to folder that is not empty.")
  var force = false

  func run() throws {
    let outputs = OutputPathGuard(inputs: [.readOnly(trimmed(catalog), "the catalog being imported")])
    try outputs.refuse(trimmed(to), option: "--to", writing: .replacedFolder(CatalogImporter.ownedDestination))
    var importer = CatalogImporter(catalogPath: trimmed(catalog), destination: trimmed(to))
    importer.force = force
    importer.checkOnly = check
    let printer = Printer()
    do {
      let report = try importer.run()
      printer.text(report.table, to: .output)
      if report.differsCount > 0 { throw ExitCode(.failure) }
    } catch let error as FileError {
      printer.line(error.description, to: .error)
      throw ExitCode(.failure)
    }
  }

  private func trimmed(_ path: String) -> String {
    path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
  }
}
