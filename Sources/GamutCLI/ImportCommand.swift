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
      byte, colors in Colors.colors.yml per group) and gamut.yml keys. The folder is then built into a temporary \
      catalog and compared with the original entry by entry: Contents.json by meaning (key order, formatting and \
      Xcode's other spellings of one value do not count), every other file byte for byte. An entry gamut cannot \
      express, or whose rebuild is not equivalent, is kept: copied verbatim into kept/, which gamut build copies \
      into the catalog unchanged. The table lists every entry: identical, equivalent, kept with the reason, or \
      differs. The original is never modified; the folder is written beside FOLDER and renamed into place at the \
      end, and not at all when an entry differs. See docs/import.md.

      Exit status: 0 imported (or checked) with no entry that differs; 1 an entry differs (nothing is written), \
      or a file could not be read or written; 64 usage error (a catalog that is not *.xcassets, --to empty, \
      inside the catalog or holding it).
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
    var importer = CatalogImporter(catalogPath: trimmed(catalog), destination: trimmed(to))
    importer.force = force
    importer.checkOnly = check
    let printer = Printer()
    // The catalog, then --to through the output-path guard (CatalogImporter.destinationProblem): usage errors.
    for (path, problem) in [
      (trimmed(catalog), importer.catalogProblem()), (trimmed(to), importer.destinationProblem()),
    ] {
      guard let problem else { continue }
      // An empty path names nothing: the command stands for it (a line never starts with `: error:`).
      let location = path.isEmpty ? "gamut import" : QuotedValue.path(path)
      printer.line(Diagnostic.text(path: location, severity: .error, message: problem), to: .error)
      throw ExitCode(.usage)
    }
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
