import Foundation
import Testing

@testable import GamutKit

/// Lint's readable output: the per-code summary, the severity filter, widespread notes and repeats folded.
@Suite struct LintDigestTests {
  /// A catalog with six color sets missing the increased-contrast variant (one also missing dark), four unchecked
  /// folders of one kind, and one missing file.
  private func result() throws -> (LintFixture, LintResult) {
    let fixture = try LintFixture()
    for index in 0..<5 {
      try fixture.colorSet(
        "C\(index)",
        [LintFixture.color((0.1, 0.2, 0.3)), LintFixture.color((0.5, 0.6, 0.7), appearance: "dark")])
    }
    try fixture.colorSet("Fixed", [LintFixture.color((0.1, 0.2, 0.3))])
    for name in ["A", "B", "C", "D"] {
      try FileManager.default.createDirectory(
        atPath: fixture.catalog + "/\(name).iconset", withIntermediateDirectories: true)
    }
    try fixture.imageSet("Gone", [("gone.png", nil, nil, nil)])
    return (fixture, try fixture.lint())
  }

  @Test func widespreadNotesAndRepeatsAreFolded() throws {
    let (fixture, result) = try result()
    defer { fixture.remove() }
    let digest = LintDigest(result)
    let texts = digest.lines.map(\.text)
    #expect(
      texts.contains("note: color-missing-hc on 6 of 6 color sets (a note on most of them: listed with --all-notes)"))
    #expect(
      texts.contains {
        $0.hasSuffix(
          "Fixed.colorset/Contents.json:3: note: color 'Fixed' has no dark variant (the HIG asks for light and dark variants of every custom color)"
        )
      })
    #expect(
      texts.contains { $0.contains("A.iconset: note: a .iconset folder") && $0.hasSuffix("(and 3 more like it)") })
    #expect(texts.contains { $0.contains("error: names 'gone.png'") })
    #expect(digest.lines.count == 4)
    let all = LintDigest(result, options: LintDigest.Options(allNotes: true))
    #expect(all.lines.count == 1 + 6 + 1 + 1)
  }

  @Test func theFilterLeavesOutLowerSeveritiesAndTheSummaryCountsAll() throws {
    let (fixture, result) = try result()
    defer { fixture.remove() }
    let digest = LintDigest(result, options: LintDigest.Options(minimumSeverity: .warning))
    #expect(digest.lines.map(\.text).count == 1)
    #expect(digest.filtered == result.findings.count - 1)
    #expect(
      digest.codes.map { "\($0.severity) \($0.code) \($0.count)" } == [
        "error missing-file 1", "note color-missing-hc 6", "note unchecked-kind 4", "note color-missing-dark 1",
      ])
    #expect(digest.codes[0].text == "     1  error    missing-file")
  }
}
