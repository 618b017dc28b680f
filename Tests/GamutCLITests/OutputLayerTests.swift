import Foundation
import GamutKit
import Testing

@testable import GamutCLI

/// The pieces of the command line's one output layer: the workflow command guard every printed line goes through,
/// the one JSON shape of a finding, and the SARIF log.
@Suite struct OutputLayerTests {
  /// Issue 34, point 1: a name that starts a line with `::` (after any white space, and after a CR) or holds `##[`
  /// is never a workflow command once printed; other text is printed as it is.
  @Test func linesThatWouldBeWorkflowCommandsAreDefused() {
    let forged = "::error title=Fake::x.xcassets/A.imageset/a.png: note: m"
    #expect(WorkflowCommandGuard.defused(forged) == "\\u{3A}:error title=Fake::x.xcassets/A.imageset/a.png: note: m")
    #expect(WorkflowCommandGuard.defused("  \t::add-mask::secret") == "  \t\\u{3A}:add-mask::secret")
    #expect(
      WorkflowCommandGuard.defused("ok\n::stop-commands::t\r::x::y") == "ok\n\\u{3A}:stop-commands::t\r\\u{3A}:x::y")
    #expect(WorkflowCommandGuard.defused("\u{A0}\u{2003}::warning::w") == "\u{A0}\u{2003}\\u{3A}:warning::w")
    #expect(WorkflowCommandGuard.defused("a/##[error]forged.png: note: m") == "a/##\\u{5B}error]forged.png: note: m")
    for harmless in ["a::b: note: m", "path: error: x::y", "# gamut-inputs.xcfilelist", "#[x] ##", ""] {
      #expect(WorkflowCommandGuard.defused(harmless) == harmless)
    }
  }

  /// A workflow command gamut means is one line whatever the message holds.
  @Test func annotationsStayOneLine() {
    let finding = Diagnostic(
      path: "a\nb.png", severity: .error, code: .unreadablePNG, message: "x\r\n::add-mask::y\u{2028}z\u{85}")
    let command = GitHubAnnotation.line(for: finding)
    #expect(command == "::error file=a%0Ab.png,title=unreadable-png::x%0D%0A::add-mask::y\\u{2028}z\\u{85}")
    #expect(!command.contains { $0.isNewline })
  }

  /// JSON keeps its value: `##[` is written with the JSON escape `\u005B`.
  @Test func jsonDocumentsReadBackTheSame() throws {
    let json = try JSONOutput.string(["path": "##[error]x/::error::y"])
    let defused = WorkflowCommandGuard.defusedJSON(json)
    #expect(!defused.contains("##["))
    let value = try JSONSerialization.jsonObject(with: Data(defused.utf8)) as? [String: String]
    #expect(value == ["path": "##[error]x/::error::y"])
  }

  /// Shape 1: `{code, line?, message, path, severity}`, the same keys ``Diagnostic`` writes in the manifest, and a
  /// lint finding's `assetPath` and `contentHash`.
  @Test func aFindingHasOneJSONShape() throws {
    let atLine = Diagnostic(path: "P.colors.yml", severity: .note, code: .colorMissingDark, message: "m", line: 12)
    let whole = Diagnostic(path: "a:3", severity: .error, code: .unreadablePNG, message: "m")
    func keys(_ value: some Encodable) throws -> Set<String> {
      let object = try JSONSerialization.jsonObject(with: Data(try JSONOutput.string(value).utf8))
      return Set((object as? [String: Any])?.keys.map { $0 } ?? [])
    }
    #expect(try keys(FindingRecord(atLine)) == ["code", "line", "message", "path", "severity"])
    #expect(try keys(FindingRecord(atLine)) == keys(atLine))
    #expect(try keys(FindingRecord(whole)) == ["code", "message", "path", "severity"])
    #expect(try keys(FindingRecord(whole)) == keys(whole))
    let lint = LintFinding(diagnostic: atLine, assetPath: "A.xcassets/P", contentHash: "h")
    #expect(
      try keys(FindingRecord(lint)) == ["code", "line", "message", "path", "severity", "assetPath", "contentHash"])
  }

  /// SARIF 2.1.0's required structure; a lint finding carries its baseline key, a finding at a line its region.
  @Test func sarifHasTheRequiredStructure() throws {
    let findings = [
      FindingRecord(
        LintFinding(
          diagnostic: Diagnostic(
            path: "A.xcassets/S.imageset/Contents.json", severity: .error, code: "missing-file", message: "gone",
            line: 4),
          assetPath: "A.xcassets/S.imageset/Contents.json", contentHash: "abc")),
      FindingRecord(Diagnostic(path: "a b/ü.png", severity: .note, code: "untagged-image", message: "untagged")),
    ]
    let text = SARIFLog.text(findings, tool: .init(command: "lint"), toolVersion: "1.0")
    let log = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    #expect(log["version"] as? String == "2.1.0")
    let run = try #require((log["runs"] as? [[String: Any]])?.first)
    let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
    #expect(driver["name"] as? String == "gamut")
    let rules = try #require(driver["rules"] as? [[String: Any]])
    #expect(rules.compactMap { $0["id"] as? String } == ["missing-file", "untagged-image"])
    let results = try #require(run["results"] as? [[String: Any]])
    #expect(results.map { $0["level"] as? String } == ["error", "note"])
    #expect(results.map { ($0["message"] as? [String: Any])?["text"] as? String } == ["gone", "untagged"])
    let locations = results.map {
      ($0["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any]
    }
    #expect(
      locations.map { ($0?["artifactLocation"] as? [String: Any])?["uri"] as? String } == [
        "A.xcassets/S.imageset/Contents.json", "a%20b/%C3%BC.png",
      ])
    #expect(locations.map { ($0?["region"] as? [String: Any])?["startLine"] as? Int } == [4, nil])
    let fingerprints = results.map { $0["partialFingerprints"] as? [String: String] }
    #expect(fingerprints == [["gamutBaselineKey/v1": "missing-file:A.xcassets/S.imageset/Contents.json:abc"], nil])
  }

  /// `--json` is `--diagnostics json`; with github or sarif (which also use standard output) it is a usage error.
  @Test func jsonIsAnAliasOfDiagnosticsJSON() throws {
    let github = ["GITHUB_ACTIONS": "true"]
    #expect(try DiagnosticsOptions.parse(["--json"]).format(environment: github) == .json)
    #expect(try DiagnosticsOptions.parse(["--diagnostics", "json"]).format(environment: [:]) == .json)
    #expect(try DiagnosticsOptions.parse([]).format(environment: github) == .github)
    #expect(try DiagnosticsOptions.parse([]).format(environment: [:]) == .text)
    #expect(throws: (any Error).self) { try DiagnosticsOptions.parse(["--json", "--diagnostics", "sarif"]) }
  }
}
