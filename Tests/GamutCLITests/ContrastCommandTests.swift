import Foundation
import Testing

@Suite(.tags(.process), .selectedByTags) struct ContrastCommandTests {
  @Test func literalValuesInEveryAppearance() throws {
    let run = try GamutProcess.run(["contrast", "#767676", "#FFFFFF"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("light                  4.54:1"))
    #expect(run.standardOutput.split(separator: "\n").count == 5)
  }

  /// Names from the sample's color file, resolved per appearance; JSON output.
  @Test func catalogNamesAsJSON() throws {
    let source = GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path
    let run = try GamutProcess.run(["contrast", "Hint", "Colors/Background", "--source", source, "--json"])
    #expect(run.status == 0)
    let results = try #require(
      try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]])
    #expect(results.map { $0["appearance"] as? String } == ["light", "dark", "light-hc", "dark-hc"])
    #expect(results.map { $0["verdict"] as? String } == ["below-minimum", "below-minimum", "below-target", "pass"])
    #expect(results[1]["backgroundColor"] as? String == "color(srgb 0.110 0.110 0.118)")
  }

  @Test func unknownNameOrBadValueExitsOne() throws {
    let empty = try TemporaryFolder()
    defer { empty.remove() }
    let unknown = try GamutProcess.run(["contrast", "NoSuchColor", "#FFFFFF", "--source", empty.path])
    #expect(unknown.status == 1)
    #expect(unknown.standardError.contains("no color named 'NoSuchColor'"))
    let bad = try GamutProcess.run(["contrast", "color(srgb 2 0 0)", "#FFFFFF"])
    #expect(bad.status == 1)
    #expect(bad.standardError.contains("outside 0...1"))
    #expect(try GamutProcess.run(["contrast", "#000", "#FFF", "--text", "tiny"]).status == 64)
  }
}
