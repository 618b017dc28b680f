import Foundation
import Testing

/// Issue 34, point 1: a file or folder name can never make gamut print a GitHub Actions workflow command it does not
/// mean, on standard output or standard error, in any form of its output.
@Suite(.tags(.process), .selectedByTags) struct ForgedAnnotationTests {
  /// Names that the runner would read as commands if a line started with them or held them.
  static let hostileNames = [
    "::error title=Fake::x", "::add-mask::secret", "::stop-commands::token", "a\r::warning::cr", "b##[error]legacy",
  ]

  /// The lines of `output` (ending at LF or CR, as the runner reads them) that the runner would take as a workflow
  /// command gamut does not mean: one that starts with `::` after white space, unless `annotations` allows gamut's
  /// own (`::error file=...`, whose properties escape every `:`), or one that holds `##[`.
  static func forged(_ output: String, annotations: Bool = false) -> [Substring] {
    output.split(whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }).filter { line in
      let trimmed = line.drop { $0.isWhitespace }
      guard trimmed.hasPrefix("::") else { return line.contains("##[") }
      let info = trimmed.dropFirst(2).prefix { $0 != ":" }
      let own = ["error file=", "warning file=", "notice file="].contains { info.hasPrefix($0) }
      return !(annotations && own)
    }
  }

  @Test(arguments: hostileNames) func lintInEveryForm(_ name: String) throws {
    let root = try LintCommandTests.makeCatalog(named: name + ".xcassets")
    defer { try? FileManager.default.removeItem(atPath: root) }
    let text = try GamutProcess.run(["lint", "."], in: root)
    #expect(text.status == 1)
    #expect(text.standardError.contains("Star.imageset/Contents.json:4: error: names 'gone.png'"))
    #expect(Self.forged(text.standardError + text.standardOutput).isEmpty)

    let github = try GamutProcess.run(["lint", "."], in: root, environment: ["GITHUB_ACTIONS": "true"])
    #expect(Self.forged(github.standardError).isEmpty)
    #expect(Self.forged(github.standardOutput, annotations: true).isEmpty)
    #expect(github.standardOutput.contains(",line=4,title=missing-file::names 'gone.png'"))

    let sarif = try GamutProcess.run(["lint", ".", "--diagnostics", "sarif"], in: root)
    #expect(Self.forged(sarif.standardError + sarif.standardOutput).isEmpty)
    #expect((try? JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8))) != nil)
    let json = try GamutProcess.run(["lint", ".", "--json"], in: root)
    #expect(Self.forged(json.standardError + json.standardOutput).isEmpty)
    let summary = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any]
    #expect((summary?["catalogs"] as? [String])?.first?.contains(name) == true, "JSON keeps the name as it is")
  }

  @Test(arguments: hostileNames) func buildInTextAndGitHubForms(_ name: String) throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder + "/" + name, withIntermediateDirectories: true)
    let broken = GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Icons/Broken@2x.png").path
    try FileManager.default.copyItem(atPath: broken, toPath: folder + "/" + name + "/Broken@2x.png")
    let arguments = ["build", name, "--output", "Out/A.xcassets"]
    let text = try GamutProcess.run(arguments, in: folder)
    #expect(text.status == 1)
    #expect(text.standardError.contains("Broken@2x.png: error: truncated PNG"))
    #expect(Self.forged(text.standardError + text.standardOutput).isEmpty)
    let github = try GamutProcess.run(arguments, in: folder, environment: ["GITHUB_ACTIONS": "true"])
    #expect(Self.forged(github.standardError).isEmpty)
    #expect(Self.forged(github.standardOutput, annotations: true).isEmpty)
    #expect(github.standardOutput.contains("/Broken@2x.png,title=unreadable-png::truncated PNG"))
  }

  @Test(arguments: hostileNames) func checkInEveryForm(_ name: String) throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    let broken = GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Icons/Broken@2x.png").path
    try FileManager.default.copyItem(atPath: broken, toPath: folder + "/" + name + ".png")
    for form in ["text", "github", "sarif", "json"] {
      let run = try GamutProcess.run(["check", name + ".png", "--diagnostics", form], in: folder)
      #expect(run.status == 1)
      #expect(Self.forged(run.standardError).isEmpty, "\(form)")
      #expect(Self.forged(run.standardOutput, annotations: form == "github").isEmpty, "\(form)")
    }
  }
}
