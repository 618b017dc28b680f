import Foundation
import Testing

/// Issue 30 on the command line: output paths that would overwrite inputs (point 7), configuration values that
/// must exit 64 (point 17), a huge path echoed whole (point 16), `gamut report` errors Xcode can show (point 19),
/// and FIFOs in a build (point 18).
@Suite(.tags(.process), .selectedByTags) struct HostileInputCommandTests {
  private struct Fixture {
    let folder: String

    init() throws {
      folder = try TemporaryFolder().path
      try FileManager.default.createDirectory(atPath: folder + "/src/Artwork", withIntermediateDirectories: true)
      try Data(PNGBuilder.tinyGray()).write(to: URL(fileURLWithPath: folder + "/src/Artwork/Meadow.png"))
      try Data("gamut: auto\n".utf8).write(to: URL(fileURLWithPath: folder + "/src/gamut.yml"))
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: folder + "/" + path) }
  }

  /// Point 7: `--manifest src/Artwork/Meadow.png` overwrote the PNG with JSON, `--manifest src/gamut.yml` the
  /// configuration, `--manifest out/App.xcassets/Contents.json` the catalog's root.
  @Test func outputPathsIntoInputsAreRefused() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let png = fixture.contents("src/Artwork/Meadow.png")
    let config = fixture.contents("src/gamut.yml")
    for (option, path) in [
      ("--manifest", "src/Artwork/Meadow.png"), ("--manifest", "src/gamut.yml"),
      ("--manifest", "out/App.xcassets/Contents.json"), ("--manifest", "src/../src/new.json"),
      ("--report", "src/report.html"), ("--report", "out/App.xcassets/r.html"), ("--xcfilelists", "src/lists"),
    ] {
      let run = try GamutProcess.run(["build", "src", "-o", "out/App.xcassets", option, path], in: fixture.folder)
      #expect(run.status == 64, "\(option) \(path): \(run.standardError)")
      #expect(run.standardError.contains("\(path): error: \(option) "), "\(run.standardError)")
    }
    #expect(fixture.contents("src/Artwork/Meadow.png") == png)
    #expect(fixture.contents("src/gamut.yml") == config)
    #expect(!FileManager.default.fileExists(atPath: fixture.folder + "/src/new.json"))
    // A path outside both still works.
    let good = try GamutProcess.run(
      ["build", "src", "-o", "out/App.xcassets", "--manifest", "out/m.json", "--quiet"], in: fixture.folder)
    #expect(good.status == 0, "\(good.standardError)")
  }

  /// Point 17: these values exited 0 without a finding; like every other wrong value they exit 64 now. Point 16:
  /// a 200 KB report path is quoted short.
  @Test func wrongConfigurationValuesExit64() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    for yaml in [
      "aliases: {\"_x\": [bogus]}", "aliases: {\"@2x\": [dark]}", "aliases: {\"\": [dark]}",
      "thresholds: {warningP99DeltaE: .inf}", "compressionType: {5: lossy}",
      "report: \"/tmp/" + String(repeating: "r", count: 200_000) + ".html\"",
      "a: &a [1]\nb: *a",
    ] {
      try Data(yaml.utf8).write(to: URL(fileURLWithPath: fixture.folder + "/src/gamut.yml"))
      let run = try GamutProcess.run(["build", "src", "-o", "out/App.xcassets"], in: fixture.folder)
      #expect(run.status == 64, "\(yaml.prefix(40)): \(run.standardError.prefix(300))")
      #expect(run.standardError.contains(": error: "))
      #expect(run.standardError.utf8.count < 1000)
    }
  }

  /// Point 19: a corrupt, empty or FIFO manifest printed a line without `error:`.
  @Test func reportOnBadManifestsPrintsErrors() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    try FileManager.default.createDirectory(atPath: fixture.folder + "/App.xcassets", withIntermediateDirectories: true)
    let manifest = fixture.folder + "/gamut-manifest.json"
    for content in ["", "{\"schemaVersion\": 1, \"assets\": 7}", "\u{0}\u{1}garbage"] {
      try Data(content.utf8).write(to: URL(fileURLWithPath: manifest))
      let run = try GamutProcess.run(["report", "App.xcassets"], in: fixture.folder)
      #expect(run.status == 1)
      #expect(
        run.standardError.hasPrefix("gamut-manifest.json: error: cannot read the manifest: "), "\(run.standardError)")
    }
    try FileManager.default.removeItem(atPath: manifest)
    #expect(mkfifo(manifest, 0o644) == 0)
    let fifo = try GamutProcess.run(["report", "App.xcassets"], in: fixture.folder)
    #expect(fifo.status == 1)
    #expect(
      fifo.standardError.contains("gamut-manifest.json: error: cannot read the manifest: it is not a regular file"))
  }

  /// Point 18: a FIFO named like a source is reported by the build (exit 1), which does not block on it.
  @Test func fifoSourceIsReportedByTheBuild() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    #expect(mkfifo(fixture.folder + "/src/Artwork/Pipe.png", 0o644) == 0)
    #expect(mkfifo(fixture.folder + "/src/Pipe.colors.yml", 0o644) == 0)
    let run = try GamutProcess.run(["build", "src", "-o", "out/App.xcassets"], in: fixture.folder)
    #expect(run.status == 1)
    #expect(run.standardError.contains("Artwork/Pipe.png: error: is not a regular file"))
    #expect(run.standardError.contains("Pipe.colors.yml: error: is not a regular file"))
  }
}
