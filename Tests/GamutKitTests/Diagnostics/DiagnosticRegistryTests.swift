import Foundation
import Testing

@testable import GamutKit

/// The code registry: every row's trigger makes its code appear at its severity; every code the sources emit has a
/// row and every row a code the sources emit; the generated codes page is current.
@Suite struct DiagnosticRegistryTests {
  @Test(
    "each code's minimal input triggers it at its severity", arguments: DiagnosticRegistry.entries.map(\.code.rawValue))
  func triggers(code: String) throws {
    let entry = try #require(DiagnosticRegistry.entry(DiagnosticCode(rawValue: code)))
    if let test = entry.trigger.shownBy {
      #expect(!test.isEmpty)
      return
    }
    let findings = try RegistryTriggerRunner.run(entry.trigger)
    let same = findings.filter { $0.code == entry.code }
    #expect(
      same.contains { $0.severity == entry.severity },
      "\(code): \(findings.map { "\($0.severity) \($0.code): \($0.message)" })")
  }

  @Test func everyCodeTheSourcesEmitHasARowAndEveryRowACode() throws {
    let emitted = try Self.codesInSources()
    let registered = Set(DiagnosticRegistry.entries.map(\.code.rawValue))
    #expect(emitted.subtracting(registered).sorted() == [], "codes the sources emit without a row")
    #expect(registered.subtracting(emitted).sorted() == [], "rows of codes the sources never emit")
    #expect(registered.count == DiagnosticRegistry.entries.count, "a code with two rows")
    #expect(
      Set(DiagnosticRegistry.entries.filter(\.fixable).map(\.code)) == Set(FixSelection.fixable),
      "the fixable column is what lint --fix fixes")
  }

  /// Every code in `Sources/`: each `DiagnosticCode` constant, each code written as a string literal
  /// (`code: "x"`, `DiagnosticCode(rawValue: "x")`), and the clipping verdicts `.clipping(verdict)` makes.
  static func codesInSources() throws -> Set<String> {
    let root = TestData.projectRoot.appendingPathComponent("Sources").path
    let patterns = [
      #"DiagnosticCode = "([a-z0-9-]+)""#, #"code: "([a-z0-9-]+)""#, #"DiagnosticCode\(rawValue: "([a-z0-9-]+)"\)"#,
    ].map { try! NSRegularExpression(pattern: $0) }
    var codes: Set<String> = ["clipping-warning", "clipping-error"]
    let files = FileManager.default.enumerator(atPath: root)!.compactMap { $0 as? String }.filter {
      $0.hasSuffix(".swift") && !$0.contains("DiagnosticRegistry")
    }
    for file in files {
      let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
      for pattern in patterns {
        for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
          codes.insert(String(text[Range(match.range(at: 1), in: text)!]))
        }
      }
    }
    return codes
  }

  /// docs/codes.md is the registry's page; `scripts/generate/codes-page` writes it.
  @Test func theCodesPageIsCurrent() throws {
    let path = TestData.projectRoot.appendingPathComponent("docs/codes.md").path
    let page = DiagnosticRegistry.codesPage
    if ProcessInfo.processInfo.environment["GAMUT_WRITE_CODES_PAGE"] == "1" {
      try Data(page.utf8).write(to: URL(fileURLWithPath: path))
    }
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == page, "docs/codes.md is stale: run scripts/generate/codes-page")
    for entry in DiagnosticRegistry.entries {
      let page = String(entry.page.split(separator: "#").first ?? "")
      #expect(FileManager.default.fileExists(atPath: TestData.projectRoot.appendingPathComponent("docs/" + page).path))
    }
  }

  @Test func theClosestCodeIsTheOneFewestEditsAway() {
    #expect(DiagnosticRegistry.closest(to: "untaged-image") == "untagged-image")
    #expect(DiagnosticRegistry.closest(to: "missing-files") == "missing-file")
    #expect(DiagnosticRegistry.editDistance("kitten", "sitting") == 3)
  }
}
