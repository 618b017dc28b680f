import Foundation
import Testing

@testable import GamutKit

/// The three real catalogs of `testdata/catalogs`, linted whole: no crash, and the findings their README's
/// counts predict (the PDFs, SVGs and JPEGs not copied are missing files; home-assistant's 21 WebP files named
/// `.png`).
@Suite struct LintRealCatalogTests {
  @Test(
    "each real catalog lints with the findings its files imply",
    arguments: [
      ("vienna-rss", 1, ["missing-file": 19, "unchecked-kind": 2, "wrong-file-type": 0]),
      ("pocket-casts-ios", 3, ["missing-file": 0, "unchecked-kind": 1, "wrong-file-type": 0]),
      ("home-assistant-iOS", 2, ["missing-file": 36, "unchecked-kind": 0, "wrong-file-type": 21]),
    ])
  func lintsARealCatalog(app: String, catalogs: Int, expected: [String: Int]) throws {
    let root = TestData.shared("catalogs/" + app).path
    let before = TemporaryFolder.stamps(root)
    let result = Linter().lint([root])
    #expect(TemporaryFolder.stamps(root) == before, "lint changed a file")
    #expect(result.catalogs.count == catalogs)
    var counts: [String: Int] = [:]
    for finding in result.findings { counts[finding.diagnostic.code.rawValue, default: 0] += 1 }
    for (code, count) in expected {
      #expect(counts[code, default: 0] == count, "\(app): \(code)")
    }
    #expect(result.findings.allSatisfy { $0.diagnostic.path.hasPrefix(root + "/") })
    #expect(result.findings.allSatisfy { $0.contentHash != nil || !$0.diagnostic.path.hasSuffix(".png") })
  }
}
