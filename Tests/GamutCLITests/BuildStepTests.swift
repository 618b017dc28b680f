import Foundation
import GamutKit
import Testing

@testable import GamutCLI

/// What a build step needs: `--version`, GitHub Actions annotations, and Xcode file lists.
@Suite(.tags(.process), .selectedByTags) struct BuildStepTests {
  /// A temporary folder holding a copy of SampleAssets as `Art`.
  private struct Fixture {
    let folder: String

    init(withBroken: Bool = true) throws {
      folder = try TemporaryFolder().path
      try FileManager.default.copyItem(
        atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path, toPath: folder + "/Art")
      if !withBroken { try FileManager.default.removeItem(atPath: folder + "/Art/Icons/Broken@2x.png") }
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    func lines(_ name: String) throws -> [String] {
      try String(contentsOfFile: folder + "/" + name, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    /// The catalog folder, every file and folder under it, and the manifest, as absolute paths.
    func writtenFiles() -> Set<String> {
      let catalog = folder + "/Out/Sample.xcassets"
      let inside = (FileManager.default.subpaths(atPath: catalog) ?? []).map { catalog + "/" + $0 }
      return Set([catalog, folder + "/Out/gamut-manifest.json"] + inside)
    }
  }

  @Test func versionComesFromGamutVersionAndIsInTheManifest() throws {
    let result = try GamutProcess.run(["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput == GamutVersion.number + "\n")
    #expect(GamutVersion.number.split(separator: ".").count == 3)

    let fixture = try Fixture()
    defer { fixture.remove() }
    _ = try GamutProcess.run(["build", "Art", "--output", "Out/Sample.xcassets", "--quiet"], in: fixture.folder)
    let manifest = try JSONDecoder().decode(
      CatalogManifest.self, from: Data(contentsOf: URL(fileURLWithPath: fixture.folder + "/Out/gamut-manifest.json")))
    #expect(manifest.generator == "gamut " + GamutVersion.number)
  }

  @Test func annotationEscapingFollowsGitHub() {
    let finding = Diagnostic(
      path: "Art/a,b:c%d\n.png", severity: .warning, code: "unpaired-dark", message: "50% done\r\nnext: a,b")
    #expect(
      GitHubAnnotation.line(for: finding)
        == "::warning file=Art/a%2Cb%3Ac%25d%0A.png,title=unpaired-dark::50%25 done%0D%0Anext: a,b")
    var note = finding
    note.severity = .note
    note.path = "/home/runner/work/app/app/Art/x.png"
    note.message = "bell\u{7}"
    #expect(
      GitHubAnnotation.line(for: note, workspace: "/home/runner/work/app/app")
        == "::notice file=Art/x.png,title=unpaired-dark::bell\\u{7}")
    #expect(
      GitHubAnnotation.line(severity: .error, path: "a.png", title: nil, message: "m") == "::error file=a.png::m")
    #expect(
      GitHubAnnotation.line(severity: .warning, path: "Colors/P.colors.yml", line: 12, title: "t", message: "m")
        == "::warning file=Colors/P.colors.yml,line=12,title=t::m")
    // A file named like a line is a file: its colon is escaped, never read as a line.
    #expect(
      GitHubAnnotation.line(severity: .warning, path: "a:3", title: nil, message: "m") == "::warning file=a%3A3::m")
  }

  @Test func githubAnnotationsBesideTheNormalForm() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let arguments = ["build", "Art", "--output", "Out/Sample.xcassets"]
    let plain = try GamutProcess.run(arguments, in: fixture.folder)
    #expect(plain.status == 1)
    #expect(!plain.standardOutput.contains("::"))
    let findings = { (run: GamutProcess) in
      run.standardError.split(separator: "\n").filter {
        $0.contains(": error: ") || $0.contains(": warning: ") || $0.contains(": note: ")
      }
    }

    // In GitHub Actions: the same exit status and findings, and a workflow command per finding on standard output.
    let actions = try GamutProcess.run(arguments, in: fixture.folder, environment: ["GITHUB_ACTIONS": "true"])
    #expect(actions.status == 1)
    #expect(findings(actions) == findings(plain))
    let commands = actions.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(
      commands.contains(
        "::error file=Art/Icons/Broken@2x.png,title=unreadable-png::truncated PNG: unexpected end of data"))
    #expect(
      commands.contains { $0.hasPrefix("::notice file=Art/Artwork/SunsetGradient@2x.png,title=clipping-") })
    #expect(commands.count == findings(plain).count)

    let explicit = try GamutProcess.run(arguments + ["--diagnostics", "github"], in: fixture.folder)
    #expect(explicit.status == 1)
    #expect(explicit.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") } == commands)
    let off = try GamutProcess.run(
      arguments + ["--diagnostics", "text"], in: fixture.folder, environment: ["GITHUB_ACTIONS": "true"])
    #expect(!off.standardOutput.contains("::"))

    // --json keeps standard output JSON.
    let json = try GamutProcess.run(arguments + ["--json"], in: fixture.folder, environment: ["GITHUB_ACTIONS": "true"])
    #expect(json.status == 1)
    #expect((try? JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))) != nil)
    #expect(try GamutProcess.run(arguments + ["--json", "--diagnostics", "github"], in: fixture.folder).status == 64)
  }

  @Test func checkAnnotatesUnreadableFilesAndVerdicts() throws {
    let files = ["Artwork/SunsetGradient@2x.png", "Icons/Broken@2x.png", "Artwork/Meadow.png"]
    let folder = GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path
    let plain = try GamutProcess.run(["check"] + files, in: folder)
    let actions = try GamutProcess.run(["check"] + files, in: folder, environment: ["GITHUB_ACTIONS": "true"])
    #expect(actions.status == plain.status)
    #expect(actions.standardError == plain.standardError)
    let commands = actions.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(commands.count == 2)
    #expect(
      commands.first?.hasPrefix("::error file=Artwork/SunsetGradient@2x.png,title=clipping-error::sRGB clips") == true)
    #expect(
      commands.last == "::error file=Icons/Broken@2x.png,title=unreadable::truncated PNG: unexpected end of data")
    #expect(!plain.standardOutput.contains("::"))
  }

  /// Under `--gamut both` nothing depends on pixels: the outputs list is exactly what the build leaves, and the
  /// prediction of `gamut filelists` equals what `build --xcfilelists` writes.
  @Test func fileListsMatchTheBuildExactly() throws {
    let fixture = try Fixture(withBroken: false)
    defer { fixture.remove() }
    let catalog = ["Art", "--output", "Out/Sample.xcassets", "--gamut", "both"]
    let predicted = try GamutProcess.run(["filelists"] + catalog, in: fixture.folder)
    #expect(predicted.status == 0)
    #expect(!FileManager.default.fileExists(atPath: fixture.folder + "/Out"), "filelists writes nothing")

    let build = try GamutProcess.run(
      ["build"] + catalog + ["--quiet", "--xcfilelists", "Lists"], in: fixture.folder)
    #expect(build.status == 0)
    let inputs = try fixture.lines("Lists/gamut-inputs.xcfilelist")
    let outputs = try fixture.lines("Lists/gamut-outputs.xcfilelist")
    let root = BuildFileLists.absolute(fixture.folder)
    #expect(Set(outputs) == Set(fixture.writtenFiles().map(BuildFileLists.absolute)))
    #expect(outputs == outputs.sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) })
    #expect(inputs.contains(root + "/Art"))
    #expect(inputs.contains(root + "/Art/Controls"))
    #expect(inputs.contains(root + "/Art/Controls/PlayButton~dark~hc@2x.png"))
    #expect(!inputs.contains { $0.hasSuffix("README.md") }, "files that are not sources are not read")
    #expect(
      predicted.standardOutput
        == "# gamut-inputs.xcfilelist\n" + inputs.map { $0 + "\n" }.joined() + "# gamut-outputs.xcfilelist\n"
        + outputs.map { $0 + "\n" }.joined())
  }

  /// Under `auto` the prediction lists every slot's single rendition and both halves of a pair; after the build the
  /// list names exactly the files the build left (issue 29: it named 13 never-written `~p3`/`~srgb` files, which
  /// Xcode takes as out of date on every build). With a prefix, paths are relative to the current folder; an
  /// unchanged list is not rewritten.
  @Test func autoPolicyPredictsEveryPossibleRenditionAndListsWhatWasWritten() throws {
    let fixture = try Fixture(withBroken: false)
    defer { fixture.remove() }
    try "aliases: true\n".write(toFile: fixture.folder + "/gamut.yml", atomically: true, encoding: .utf8)
    let arguments = [
      "build", "Art", "--output", "Out/Sample.xcassets", "--config", "gamut.yml", "--quiet", "--xcfilelists",
      "Lists", "--path-prefix", "$(SRCROOT)/",
    ]
    #expect(try GamutProcess.run(arguments, in: fixture.folder).status == 0)
    let inputs = try fixture.lines("Lists/gamut-inputs.xcfilelist")
    let outputs = try fixture.lines("Lists/gamut-outputs.xcfilelist")
    #expect(inputs.first == "$(SRCROOT)/Art")
    #expect(inputs.contains("$(SRCROOT)/gamut.yml"))
    let written = fixture.writtenFiles().map { "$(SRCROOT)/" + $0.dropFirst(fixture.folder.count + 1) }
    #expect(Set(outputs) == Set(written))
    #expect(outputs.contains("$(SRCROOT)/Out/gamut-manifest.json"))

    let stamps = { () -> [String] in
      ["inputs", "outputs"].map { name in
        let attributes = try? FileManager.default.attributesOfItem(
          atPath: fixture.folder + "/Lists/gamut-\(name).xcfilelist")
        return "\(attributes?[.modificationDate] ?? "") \(attributes?[.systemFileNumber] ?? "")"
      }
    }
    let before = stamps()
    Thread.sleep(forTimeInterval: 0.02)
    #expect(try GamutProcess.run(arguments, in: fixture.folder).status == 0)
    #expect(stamps() == before, "unchanged lists are not rewritten")

    let predicted = try GamutProcess.run(
      ["filelists", "Art", "--output", "Out/Sample.xcassets", "--config", "gamut.yml", "--path-prefix", "$(SRCROOT)/"],
      in: fixture.folder)
    let predictedOutputs = Set(predicted.standardOutput.split(separator: "\n").map(String.init))
    #expect(predictedOutputs.isSuperset(of: outputs))
    let imageSet = "$(SRCROOT)/Out/Sample.xcassets/Artwork/"
    for name in ["Meadow", "SunsetGradient"] {
      for file in ["\(name)@2x.png", "\(name)~srgb@2x.png", "\(name)~p3@2x.png"] {
        let scale = name == "Meadow" ? "1x" : "2x"
        let path = imageSet + "\(name).imageset/" + file.replacingOccurrences(of: "2x", with: scale)
        #expect(predictedOutputs.contains(path))
      }
    }
    #expect(predictedOutputs.subtracting(outputs).contains { $0.contains("~p3@") }, "some predicted file was not made")
  }

  /// With `generateScales`, the prediction lists the smaller scales the build makes, and the list after the build
  /// names exactly the files written, generated ones included.
  @Test func generatedScalesArePredicted() throws {
    let fixture = try Fixture(withBroken: false)
    defer { fixture.remove() }
    try "generateScales: true\n".write(toFile: fixture.folder + "/gamut.yml", atomically: true, encoding: .utf8)
    let catalog = ["Art", "--output", "Out/Sample.xcassets", "--config", "gamut.yml", "--gamut", "both"]
    let predicted = try GamutProcess.run(["filelists"] + catalog, in: fixture.folder)
    #expect(predicted.status == 0)
    #expect(
      try GamutProcess.run(["build"] + catalog + ["--quiet", "--xcfilelists", "Lists"], in: fixture.folder).status == 0)
    let outputs = try fixture.lines("Lists/gamut-outputs.xcfilelist")
    #expect(Set(outputs) == Set(fixture.writtenFiles().map(BuildFileLists.absolute)))
    let generated = BuildFileLists.absolute(
      fixture.folder + "/Out/Sample.xcassets/Artwork/SunsetGradient.imageset/SunsetGradient~p3@1x.png")
    #expect(outputs.contains(generated), "the build made the smaller scale of SunsetGradient@2x.png")
    let predictedLines = Set(predicted.standardOutput.split(separator: "\n").map(String.init))
    #expect(predictedLines.isSuperset(of: outputs))
  }
}
