import Foundation
import Testing

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Issue 34, point 2: every file gamut writes besides the catalog it builds goes through the one output-path guard.
/// At each write site, a path inside an input, a FIFO and a file gamut did not write are refused with exit 64 and a
/// message naming the option and the path, before anything is written.
@Suite(.tags(.process), .selectedByTags) struct OutputPathCommandTests {
  /// A folder with a source folder `Art` (one PNG and a `gamut.yml`), a linted catalog `App.xcassets`, a catalog
  /// built from `Art` in `Out/A.xcassets` with its manifest, a FIFO and files nobody here wrote.
  private struct Fixture {
    let root: String

    init() throws {
      root = try LintCommandTests.makeCatalog()
      let manager = FileManager.default
      try manager.createDirectory(atPath: root + "/Art", withIntermediateDirectories: true)
      let dot = GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Icons/StatusDot.png").path
      try manager.copyItem(atPath: dot, toPath: root + "/Art/Dot.png")
      try Data("gamut: auto\n".utf8).write(to: URL(fileURLWithPath: root + "/Art/gamut.yml"))
      let build = try GamutProcess.run(["build", "Art", "--output", "Out/A.xcassets", "--quiet"], in: root)
      #expect(build.status == 0, "\(build.standardError)")
      try manager.createDirectory(atPath: root + "/Lists", withIntermediateDirectories: true)
      try manager.createDirectory(atPath: root + "/Foreign", withIntermediateDirectories: true)
      for name in ["fifo", "fifo.html", "Lists/gamut-inputs.xcfilelist", "Maps/Dot-clipping.png"] {
        try manager.createDirectory(
          atPath: (root + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        #expect(mkfifo(root + "/" + name, 0o644) == 0)
      }
      for name in [
        "notes.txt", "notes.html", "Foreign/notes.txt", "Lists2/gamut-outputs.xcfilelist", "Maps2/Dot-clipping.png",
      ] {
        try manager.createDirectory(
          atPath: (root + "/" + name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data("keep me\u{0}\n".utf8).write(to: URL(fileURLWithPath: root + "/" + name))
      }
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }

    /// Runs `arguments` and expects the refusal of `path` given with `option`, and nothing written over it.
    func expectRefusal(_ arguments: [String], path: String, option: String, _ comment: Comment) throws {
      let before = try? FileManager.default.attributesOfItem(atPath: root + "/" + path)[.type] as? FileAttributeType
      let run = try GamutProcess.run(arguments, in: root)
      #expect(run.status == 64, comment)
      #expect(run.standardError.contains(": error: \(option)"), comment)
      #expect(run.standardError.contains(path), comment)
      let after = try? FileManager.default.attributesOfItem(atPath: root + "/" + path)[.type] as? FileAttributeType
      #expect(before == after, comment)
    }
  }

  /// Each write site: the arguments that write a path, and a path into one of its inputs.
  private static let sites: [(name: String, arguments: @Sendable (String) -> [String], option: String, input: String)] =
    [
      (
        "build --manifest", { ["build", "Art", "--output", "Out/B.xcassets", "--manifest", $0] }, "--manifest",
        "Art/m.json"
      ),
      ("build --report", { ["build", "Art", "--output", "Out/B.xcassets", "--report", $0] }, "--report", "Art/r.html"),
      (
        "lint --write-baseline", { ["lint", "App.xcassets", "--write-baseline", $0] }, "--write-baseline",
        "App.xcassets/Star.imageset/Contents.json"
      ),
      ("lint --report", { ["lint", "App.xcassets", "--report", $0] }, "--report", "App.xcassets/r.html"),
      ("report --output", { ["report", "Out/A.xcassets", "--output", $0] }, "--output", "Out/A.xcassets/r.html"),
      ("convert -o", { ["convert", "Art/Dot.png", "--to", "srgb", "-o", $0] }, "--output", "Art/Dot.png"),
    ]

  @Test func everyFileWriteSiteRefusesInputsFIFOsAndForeignFiles() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    for site in Self.sites {
      let html = site.option == "--report" || site.name == "report --output"
      try fixture.expectRefusal(site.arguments(site.input), path: site.input, option: site.option, "\(site.name) input")
      let fifo = html ? "fifo.html" : "fifo"
      try fixture.expectRefusal(site.arguments(fifo), path: fifo, option: site.option, "\(site.name) FIFO")
      let foreign = html ? "notes.html" : "notes.txt"
      try fixture.expectRefusal(site.arguments(foreign), path: foreign, option: site.option, "\(site.name) foreign")
    }
    // What gamut wrote itself it writes again.
    #expect(try GamutProcess.run(["lint", "App.xcassets", "--write-baseline", "b.json"], in: fixture.root).status == 1)
    #expect(try GamutProcess.run(["lint", "App.xcassets", "--write-baseline", "b.json"], in: fixture.root).status == 1)
    #expect(try GamutProcess.run(["report", "Out/A.xcassets", "--output", "r.html"], in: fixture.root).status == 0)
    #expect(try GamutProcess.run(["report", "Out/A.xcassets", "--output", "r.html"], in: fixture.root).status == 0)
  }

  @Test func fileListsRefuseAnInputFolderAFIFOAndAForeignList() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    for command in ["build", "filelists"] {
      let arguments = { [command, "Art", "--output", "Out/B.xcassets", "--xcfilelists", $0] }
      try fixture.expectRefusal(arguments("Art/Lists"), path: "Art/Lists", option: "--xcfilelists", "\(command) input")
      try fixture.expectRefusal(
        arguments("Lists"), path: "Lists/gamut-inputs.xcfilelist", option: "--xcfilelists", "\(command) FIFO")
      try fixture.expectRefusal(
        arguments("Lists2"), path: "Lists2/gamut-outputs.xcfilelist", option: "--xcfilelists", "\(command) foreign")
    }
    #expect(
      try GamutProcess.run(
        ["filelists", "Art", "--output", "Out/A.xcassets", "--xcfilelists", "New"], in: fixture.root
      ).status == 0)
    #expect(
      try GamutProcess.run(["build", "Art", "--output", "Out/A.xcassets", "--xcfilelists", "New"], in: fixture.root)
        .status == 0)
  }

  @Test func importRefusesADestinationInOrHoldingTheCatalogAFIFOAndAForeignFolder() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let arguments = { ["import", "App.xcassets", "--to", $0, "--force"] }
    try fixture.expectRefusal(arguments("App.xcassets/Src"), path: "App.xcassets/Src", option: "--to", "inside")
    try fixture.expectRefusal(arguments("."), path: ".", option: "--to", "holding the catalog")
    try fixture.expectRefusal(arguments("fifo"), path: "fifo", option: "--to", "FIFO")
    try fixture.expectRefusal(arguments("Foreign"), path: "Foreign", option: "--to", "foreign folder")
    #expect(FileManager.default.fileExists(atPath: fixture.root + "/Foreign/notes.txt"))
  }

  @Test func checkMapsRefuseACheckedFileAFIFOAndAForeignFile() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try FileManager.default.copyItem(
      atPath: fixture.root + "/Art/Dot.png", toPath: fixture.root + "/Art/Dot-clipping.png")
    try fixture.expectRefusal(
      ["check", "Art/Dot.png", "Art/Dot-clipping.png", "--map", "Art"], path: "Art/Dot-clipping.png", option: "--map",
      "input")
    try fixture.expectRefusal(
      ["check", "Art/Dot.png", "--map", "Maps"], path: "Maps/Dot-clipping.png", option: "--map", "FIFO")
    try fixture.expectRefusal(
      ["check", "Art/Dot.png", "--map", "Maps2"], path: "Maps2/Dot-clipping.png", option: "--map", "foreign")
  }
}
