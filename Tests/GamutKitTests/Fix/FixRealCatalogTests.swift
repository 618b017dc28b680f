import Foundation
import Testing

@testable import GamutKit

/// `--fix` with every code on the three real catalogs of `testdata/catalogs`: every file of a folder the fix did not
/// change, and every file it neither wrote nor removed in one it did, keeps its bytes; lint afterwards reports none of
/// the findings fixed; a second run changes nothing.
@Suite(.tags(.realData), .selectedByTags) struct FixRealCatalogTests {
  /// Each app with the number of findings `--fix` fixes in it: vienna-rss's and pocket-casts-ios's Contents.json
  /// files in an older Xcode's layout; none in home-assistant-iOS (lint reads its gAMA- and cHRM-tagged PNGs as sRGB,
  /// or finds an inverted gamma, which no fix touches).
  @Test(arguments: [("vienna-rss", 14), ("pocket-casts-ios", 11), ("home-assistant-iOS", 0)])
  func everyOtherFileKeepsItsBytesAndASecondRunChangesNothing(app: String, fixes: Int) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try folder.copy(TestData.shared("catalogs/" + app).path, as: app)
    let root = folder.path + "/" + app
    let before = TemporaryFolder.snapshot(root)
    var fixer = CatalogFixer(linter: Linter(), selection: FixSelection(codes: Set(FixSelection.fixable)))
    let run = fixer.run([root])
    #expect(run.refused.isEmpty && run.report.failures.isEmpty)
    let after = TemporaryFolder.snapshot(root)

    var touched: Set<String> = []
    for change in run.report.changes {
      let folderPath = String(change.path.dropFirst(root.count + 1))
      for name in change.written.map(\.name) + change.removed + (change.contents == nil ? [] : ["Contents.json"]) {
        touched.insert(folderPath + "/" + name)
      }
    }
    let differing = Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }
    #expect(differing.subtracting(touched).sorted() == [], "\(app): files changed that no fix wrote or removed")
    #expect(run.report.fixed.count == fixes, "\(app): \(run.report.fixed.map(\.diagnostic))")
    let fixedKeys = Set(run.report.fixed.map { "\($0.diagnostic.code) \($0.diagnostic.path)" })
    #expect(run.after.findings.filter { fixedKeys.contains("\($0.diagnostic.code) \($0.diagnostic.path)") }.isEmpty)
    #expect(
      run.report.unfixed.isEmpty, "\(app): \(run.report.unfixed.map { "\($0.finding.diagnostic): \($0.reason)" })")

    fixer.linter = Linter()
    let second = fixer.run([root])
    #expect(second.report.changes.isEmpty, "\(app): a second run changed \(second.report.changes.map(\.path))")
    #expect(TemporaryFolder.snapshot(root) == after)
  }
}
