import Foundation
import Testing

/// Shape 1 of the batch (issue 35, point 2): a finding has one JSON shape in every output, `code`, `line` (a number,
/// only for a finding at a line), `message`, `path`, `severity`, with lint's `assetPath` and `contentHash`; the line
/// is never part of the path. `check --json` prints records per file and `import` a table, neither a finding
/// object; `watch --log-format json` logs a finding's fields (WatchCommandTests).
@Suite(.tags(.process), .selectedByTags) struct FindingShapeTests {
  private static let shape: Set<String> = ["code", "line", "message", "path", "severity"]

  /// Every object in `value` that is a finding: one with a `code` and a `severity`.
  static func findings(in value: Any) -> [[String: Any]] {
    if let object = value as? [String: Any] {
      let own = object["code"] != nil && object["severity"] != nil ? [object] : []
      return own + object.values.flatMap { findings(in: $0) }
    }
    return (value as? [Any])?.flatMap { findings(in: $0) } ?? []
  }

  /// The findings in `json` (at least one at a line), each of the one shape plus `extra` keys.
  static func expectShape(_ json: String, extra: Set<String> = [], _ comment: Comment) throws {
    let all = findings(in: try JSONSerialization.jsonObject(with: Data(json.utf8)))
    #expect(!all.isEmpty, comment)
    #expect(all.contains { $0["line"] != nil }, comment)
    for finding in all {
      let keys = Set(finding.keys)
      #expect(keys.isSubset(of: shape.union(extra)) && keys.isSuperset(of: shape.subtracting(["line"])), comment)
      #expect(finding["line"] == nil || finding["line"] is Int, comment)
      let path = finding["path"] as? String ?? ""
      #expect(path.range(of: ":[0-9]+$", options: .regularExpression) == nil, "\(comment): \(path)")
    }
  }

  @Test func oneShapeInBuildTheManifestLintAndInspect() throws {
    let root = try LintCommandTests.makeCatalog()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/Art", withIntermediateDirectories: true)
    let dot = GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Icons/StatusDot.png").path
    try manager.copyItem(atPath: dot, toPath: root + "/Art/Dot.png")
    try Data("Brand: \"#FF2D55\"\n".utf8).write(to: URL(fileURLWithPath: root + "/Art/Palette.colors.yml"))
    let icon = GamutProcess.testData.appendingPathComponent("icon/LoopKit--Loop--AppIcon.icon").path

    let build = try GamutProcess.run(["build", "Art", "--output", "Out/A.xcassets", "--json"], in: root)
    try Self.expectShape(build.standardOutput, "build --json")
    try Self.expectShape(try String(contentsOfFile: root + "/Out/gamut-manifest.json", encoding: .utf8), "manifest")
    let lint = try GamutProcess.run(["lint", "App.xcassets", "--diagnostics", "json"], in: root)
    try Self.expectShape(lint.standardOutput, extra: ["assetPath", "contentHash"], "lint --json")
    let inspect = try GamutProcess.run(["inspect", icon, "--json"], in: root)
    try Self.expectShape(inspect.standardOutput, "inspect --json")
    let check = try GamutProcess.run(["check", "Art/Dot.png", "--json"], in: root)
    #expect(Self.findings(in: try JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8))).isEmpty)
  }
}
