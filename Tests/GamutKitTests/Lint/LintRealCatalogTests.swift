import Foundation
import Testing

@testable import GamutKit

/// The three real catalogs of `testdata/catalogs`, linted whole: no crash, no file changed, and every error a real
/// defect. The fixtures left out the apps' PDFs, SVGs and JPEGs (their README says so), so the `missing-file` errors
/// naming such files are artifacts of the fixture, not of the apps; they are told apart here and never counted as
/// real. What remains is each app's real findings, by severity.
@Suite(.tags(.realData), .selectedByTags) struct LintRealCatalogTests {
  /// The extensions of the files the fixtures did not copy.
  static let notCopied: Set<String> = ["pdf", "svg", "jpg", "jpeg"]

  @Test(
    "each real catalog lints with only real errors, and the findings its files imply",
    arguments: [
      // vienna-rss has 14 Contents.json files and pocket-casts-ios 11 in an older Xcode's layout (contents-layout).
      (
        "vienna-rss", 1, 19, ["error": 0, "warning": 1, "note": 17],
        ["color-missing-hc", "contents-layout", "fractional-points", "unchecked-kind"]
      ),
      (
        "pocket-casts-ios", 3, 0, ["error": 0, "warning": 9, "note": 17],
        [
          "app-icon-missing-slot", "color-missing-dark", "color-missing-hc", "contents-layout", "duplicate-image",
          "fractional-points",
          "scale-size-mismatch", "unchecked-kind",
        ]
      ),
      // 3 of the 25 alternate app icon sets are kept (Tests/Fixtures/testdata/catalogs/README.md): one with alpha, one
      // without its dark and tinted appearances, one complete; the 22 left out only repeated those two notes.
      (
        "home-assistant-iOS", 2, 36, ["error": 0, "warning": 2, "note": 25],
        ["app-icon-alpha", "app-icon-missing-appearance", "color-missing-hc", "inverted-gamma", "misnamed-image"]
      ),
    ])
  func lintsARealCatalog(app: String, catalogs: Int, artifacts: Int, real: [String: Int], codes: [String]) throws {
    let root = TestData.shared("catalogs/" + app).path
    let before = TemporaryFolder.stamps(root)
    let result = Linter().lint([root])
    #expect(TemporaryFolder.stamps(root) == before, "lint changed a file")
    #expect(result.catalogs.count == catalogs)
    let fixtureArtifacts = result.findings.filter(Self.isFixtureArtifact)
    #expect(fixtureArtifacts.count == artifacts)
    var counts: [String: Int] = ["error": 0, "warning": 0, "note": 0]
    for finding in result.findings where !Self.isFixtureArtifact(finding) {
      counts[finding.diagnostic.severity.rawValue, default: 0] += 1
    }
    #expect(counts == real, "\(app): \(result.findings.filter { !Self.isFixtureArtifact($0) }.map(\.diagnostic))")
    // Every code the catalog's files imply, so that trimming the fixtures never drops a pattern.
    #expect(Set(result.findings.filter { !Self.isFixtureArtifact($0) }.map(\.diagnostic.code.rawValue)) == Set(codes))
    #expect(result.findings.allSatisfy { $0.diagnostic.path.hasPrefix(root + "/") })
    #expect(result.findings.allSatisfy { $0.contentHash != nil || !$0.diagnostic.path.hasSuffix(".png") })
  }

  /// A `missing-file` error naming a file of a kind the fixture did not copy.
  static func isFixtureArtifact(_ finding: LintFinding) -> Bool {
    guard finding.diagnostic.code == .missingFile,
      let named = finding.diagnostic.message.split(separator: "'").dropFirst().first,
      let dot = named.lastIndex(of: ".")
    else { return false }
    return notCopied.contains(named[named.index(after: dot)...].lowercased())
  }

  /// home-assistant's Mac icons are WebP files named `.png`; the released Mac app builds from this catalog, so Xcode
  /// reads them: a note each, folded into one line of output.
  @Test func webPFilesNamedPNGAreNotes() throws {
    let result = Linter().lint([TestData.shared("catalogs/home-assistant-iOS").path])
    let misnamed = result.findings.filter { $0.diagnostic.code == .misnamedImage }
    #expect(misnamed.count == 21)
    #expect(misnamed.allSatisfy { $0.diagnostic.severity == .note })
    #expect(LintDigest(result).lines.count { $0.text.contains("is a WebP image") } == 1)
  }
}
