import Foundation
import Testing

@testable import GamutKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one output-path guard (issue 34, point 2): inputs, special files, folders, links and files gamut did not
/// write are refused; gamut's own files (recognised by content), empty files and new paths are not.
@Suite struct OutputPathGuardTests {
  /// A source folder with a configuration, a catalog beside it, and a free folder `out`.
  private struct Layout {
    let folder: TemporaryFolder
    let guardian: OutputPathGuard

    init() throws {
      folder = try TemporaryFolder()
      let manager = FileManager.default
      try manager.createDirectory(atPath: folder.path + "/src/Art", withIntermediateDirectories: true)
      try manager.createDirectory(atPath: folder.path + "/A.xcassets", withIntermediateDirectories: true)
      try manager.createDirectory(atPath: folder.path + "/out", withIntermediateDirectories: true)
      try Data("gamut: auto\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/src/gamut.yml"))
      guardian = OutputPathGuard(
        sourceRoot: folder.path + "/src", catalog: folder.path + "/A.xcassets",
        configFile: folder.path + "/src/gamut.yml")
    }

    func problem(_ relative: String, _ output: OutputPathGuard.Output) -> String? {
      guardian.problem(folder.path + "/" + relative, option: "--opt", writing: output)
    }

    func write(_ text: String, to relative: String) throws {
      try write(Data(text.utf8), to: relative)
    }

    func write(_ bytes: Data, to relative: String) throws {
      try bytes.write(to: URL(fileURLWithPath: folder.path + "/" + relative))
    }
  }

  private let manifest = OutputPathGuard.Output.file(CatalogManifest.ownedFile)

  @Test func inputsAreRefused() throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    #expect(layout.problem("src/gamut.yml", manifest) == "--opt names the configuration file; it would be overwritten")
    #expect(layout.problem("src/Art/m.json", manifest)?.hasPrefix("--opt points into the source folder") == true)
    #expect(layout.problem("out/../A.xcassets/m.json", manifest)?.hasPrefix("--opt points into the catalog") == true)
    #expect(layout.problem("out/m.json", manifest) == nil)
    // A folder gamut replaces must not hold an input either; one it writes into may (the file lists' folder).
    let replaced = OutputPathGuard.Output.replacedFolder(CatalogImporter.ownedDestination)
    #expect(layout.problem("", replaced)?.hasPrefix("--opt holds the configuration file") == true)
    #expect(layout.problem("", .folder) == nil)
    #expect(layout.guardian.problem("", option: "--opt", writing: manifest) == "--opt is empty")
  }

  @Test func specialFilesFoldersAndLinksAreRefused() throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    #expect(mkfifo(layout.folder.path + "/out/fifo", 0o644) == 0)
    #expect(layout.problem("out/fifo", manifest)?.contains("device, FIFO or socket") == true)
    #expect(layout.guardian.problem("/dev/null", option: "--opt", writing: manifest)?.contains("FIFO") == true)
    #expect(layout.problem("out", manifest) == "--opt names a folder, not a file")
    try layout.write("x", to: "out/file")
    #expect(layout.problem("out/file", .folder) == "--opt names a file, not a folder")
    try FileManager.default.createSymbolicLink(atPath: layout.folder.path + "/out/link", withDestinationPath: "file")
    #expect(layout.problem("out/link", manifest)?.contains("symbolic link") == true)
  }

  @Test(arguments: ["manifest", "baseline", "report", "list", "png"])
  func gamutsOwnFilesAreRecognisedAndOthersRefused(_ kind: String) throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    let (owned, own): (OutputPathGuard.OwnedFile, Data) =
      switch kind {
      case "manifest":
        (
          CatalogManifest.ownedFile,
          Data("{\n  \"assets\" : [\n\n  ],\n  \"generator\" : \"gamut 0.2.0\",\n  \"schemaVersion\" : 2\n}\n".utf8)
        )
      case "baseline": (LintBaseline.ownedFile, Data(LintBaseline([]).text.utf8))
      case "report": (ReportWriter.ownedFile, Data((HTMLReport.opening + "<title>A: gamut report</title>\n").utf8))
      case "list": (BuildFileLists.ownedFile, Data("/a/A.xcassets\n/a/A.xcassets/Contents.json\n".utf8))
      default: (.png, Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0]))
      }
    try layout.write(own, to: "out/own")
    #expect(layout.problem("out/own", .file(owned)) == nil)
    try layout.write("", to: "out/empty")
    #expect(layout.problem("out/empty", .file(owned)) == nil)
    try layout.write("gamut: both\n# a configuration someone wrote\u{0}\n", to: "out/foreign")
    #expect(layout.problem("out/foreign", .file(owned))?.hasPrefix("--opt names a file gamut did not write") == true)
    #expect(layout.problem("out/new", .file(owned)) == nil)
  }

  @Test func aFolderGamutReplacesMustBeEmptyOrItsOwn() throws {
    let layout = try Layout()
    defer { layout.folder.remove() }
    let replaced = OutputPathGuard.Output.replacedFolder(CatalogImporter.ownedDestination)
    #expect(layout.problem("out", replaced) == nil)
    try layout.write("x", to: "out/notes.txt")
    #expect(layout.problem("out", replaced)?.hasPrefix("--opt names a folder gamut did not write") == true)
    try layout.write("gamut: auto\n", to: "out/gamut.yml")
    #expect(layout.problem("out", replaced) == nil)
  }
}
