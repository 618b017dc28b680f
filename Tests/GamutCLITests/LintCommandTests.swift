import Foundation
import Testing

/// `gamut lint` end to end: the Xcode form with lines, JSON, GitHub annotations, SARIF, the baseline files, exit
/// statuses.
@Suite(.tags(.process), .selectedByTags) struct LintCommandTests {
  /// A folder holding `App.xcassets` (or `catalog`) with one set: an untagged PNG (a 1x1 gray PNG without color
  /// chunks, as bytes) and a dark entry naming a missing file (at line 4 of its Contents.json).
  static func makeCatalog(named catalog: String = "App.xcassets") throws -> String {
    let root = try TemporaryFolder().path  // removed by the caller
    let set = root + "/" + catalog + "/Star.imageset"
    try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
    let contents = """
      {
        "images" : [
          { "filename" : "star.png", "idiom" : "universal" },
          { "filename" : "gone.png", "idiom" : "universal", "appearances" : [ { "appearance" : "luminosity", "value" : "dark" } ] }
        ]
      }
      """
    try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
    try Data(PNGBuilder.tinyGray()).write(to: URL(fileURLWithPath: set + "/star.png"))
    return root
  }

  @Test func xcodeFormWithLinesAndExitStatus() throws {
    let root = try Self.makeCatalog()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let run = try GamutProcess.run(["lint", "App.xcassets"], in: root)
    #expect(run.status == 1)
    let lines = run.standardError.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "App.xcassets/Star.imageset/Contents.json:4: error: names 'gone.png', which is not in the set's folder"))
    #expect(!lines.contains { $0.contains("no color information") })  // untagged means sRGB: no note
    #expect(run.standardOutput.contains("     1  error    missing-file\n1 catalog: 1 error, 0 warnings, 0 notes"))
  }

  @Test func jsonGitHubAndSARIF() throws {
    let root = try Self.makeCatalog()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let json = try GamutProcess.run(["lint", ".", "--json"], in: root)
    let summary = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
    #expect(summary["exitStatus"] as? Int == 1)
    #expect((summary["counts"] as? [String: Int])?["missing-file"] == 1)
    let github = try GamutProcess.run(["lint", "App.xcassets"], in: root, environment: ["GITHUB_ACTIONS": "true"])
    #expect(
      github.standardOutput.contains(
        "::error file=App.xcassets/Star.imageset/Contents.json,line=4,title=missing-file::"))
    let sarif = try GamutProcess.run(["lint", "App.xcassets", "--diagnostics", "sarif"], in: root)
    let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.standardOutput.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    #expect(sarif.status == 1)
  }

  @Test func baselineFiles() throws {
    let root = try Self.makeCatalog()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let write = try GamutProcess.run(["lint", "App.xcassets", "--write-baseline", "baseline.json"], in: root)
    #expect(write.status == 1)
    let again = try GamutProcess.run(["lint", "App.xcassets", "--baseline", "baseline.json", "--strict"], in: root)
    #expect(again.status == 0)
    #expect(again.standardOutput.contains("(1 accepted by the baseline)"))
    let missing = try GamutProcess.run(["lint", "App.xcassets", "--baseline", "nothing.json"], in: root)
    #expect(missing.status == 64)
    // A baseline that is not one is an error at its line, printed once (no Swift DecodingError, no doubled prefix).
    try Data("{\n  \"findings\" : [],\n  \"version\" : 999\n}\n".utf8).write(
      to: URL(fileURLWithPath: root + "/future.json"))
    let future = try GamutProcess.run(["lint", "App.xcassets", "--baseline", "future.json"], in: root)
    #expect(future.status == 64)
    #expect(
      future.standardError
        == "future.json:3: error: cannot read the baseline: version '999' is not one this gamut reads (1)\n")
  }

  /// A path lint does not take is refused with exit status 64, naming it; nothing is reported as clean.
  @Test func aPathLintDoesNotTakeIsRefused() throws {
    let root = try Self.makeCatalog()
    defer { try? FileManager.default.removeItem(atPath: root) }
    try Data("text".utf8).write(to: URL(fileURLWithPath: root + "/notes.txt"))
    let run = try GamutProcess.run(["lint", "notes.txt"], in: root)
    #expect(run.status == 64)
    #expect(run.standardError.contains("notes.txt: error: not a folder"))
    #expect(!run.standardOutput.contains("0 catalogs"))
  }

  /// The severity filter leaves findings out of the lines and keeps them in the summary.
  @Test func theSeverityFilterAndTheSummary() throws {
    let root = try Self.makeCatalog()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let run = try GamutProcess.run(["lint", "App.xcassets", "--min-severity", "error"], in: root)
    #expect(run.status == 1)
    #expect(run.standardError.split(separator: "\n").allSatisfy { $0.contains(": error: ") })
    #expect(run.standardOutput.contains("     1  error    missing-file"))
  }
}
