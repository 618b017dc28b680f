import Foundation
import Testing

@Suite(.tags(.process), .selectedByTags) struct BuildCommandTests {
  @Test func buildsSampleAssetsWithXcodeStyleDiagnostics() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path, toPath: folder + "/Art")
    let first = try GamutProcess.run(["build", "Art", "--output", "Out/Sample.xcassets"], in: folder)
    #expect(first.status == 1, "the broken sample makes the build exit 1")
    #expect(first.standardError.contains("Art/Icons/Broken@2x.png: error: truncated PNG"))
    #expect(first.standardOutput.contains("Sample.xcassets: "))
    #expect(FileManager.default.fileExists(atPath: folder + "/Out/Sample.xcassets/Controls/PlayButton.imageset"))
    #expect(FileManager.default.fileExists(atPath: folder + "/Out/gamut-manifest.json"))

    let second = try GamutProcess.run(["build", "Art", "--output", "Out/Sample.xcassets", "--json"], in: folder)
    #expect(second.status == 1)
    let summary = try JSONSerialization.jsonObject(with: Data(second.standardOutput.utf8)) as? [String: Any]
    #expect(summary?["rebuiltAssets"] as? Int == 0)
    #expect(summary?["exitStatus"] as? Int == 1)

    try FileManager.default.removeItem(atPath: folder + "/Art/Icons/Broken@2x.png")
    let clean = try GamutProcess.run(["build", "Art", "--output", "Out/Sample.xcassets", "--quiet"], in: folder)
    #expect(clean.status == 0)
    #expect(clean.standardOutput.isEmpty)
  }

  /// A control character in a file name is escaped in the printed finding, so that it stays one line for Xcode.
  @Test func findingsAboutNamesWithControlCharactersStayOneLine() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder + "/Art", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Icons/StatusDot.png").path,
      toPath: folder + "/Art/Status\nDot\u{1B}[31m.png")
    let result = try GamutProcess.run(["build", "Art", "--output", "Out/Sample.xcassets", "--quiet"], in: folder)
    #expect(result.status == 1)
    #expect(
      result.standardError == "Art/Status\\nDot\\u{1B}[31m.png: error: invalid asset name: the asset name contains a "
        + "control character\n")
  }

  @Test func usageErrorsExit64() throws {
    #expect(try GamutProcess.run(["build", "/nonexistent", "--output", "x.xcassets"]).status == 64)
    #expect(try GamutProcess.run(["build", ".", "--output", "x"]).status == 64)
  }
}
