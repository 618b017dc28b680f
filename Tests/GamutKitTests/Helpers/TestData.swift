import Foundation

/// Locates the real test files (`Tests/Fixtures/testdata`, copies of the shared test data with their licences; see
/// the README.md there) and the project's own fixtures. Nothing here reads outside the repository.
enum TestData {
  /// The project root, found from this file's path.
  static let projectRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Helpers
    .deletingLastPathComponent()  // GamutKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `Tests/Fixtures/testdata`: the real files, under the same relative paths as in the shared test data.
  static let sharedRoot: URL = projectRoot.appendingPathComponent("Tests/Fixtures/testdata")

  /// A file under `Tests/Fixtures/testdata`.
  static func shared(_ relativePath: String) -> URL {
    sharedRoot.appendingPathComponent(relativePath)
  }

  /// The sorted file names in a folder under `Tests/Fixtures/testdata` with the given extension. A folder that is
  /// missing or holds no such file gives one name that no file has (``missing(_:)``), so that a parameterised test
  /// over the folder runs once and fails saying so, rather than passing with no case.
  static func sharedFiles(in folder: String, withExtension ext: String = "png") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: shared(folder).path)) ?? []
    return atLeastOne(
      names.filter { $0.hasSuffix("." + ext) }.sorted(), missing: "no .\(ext) file in Tests/Fixtures/testdata/\(folder)"
    )
  }

  /// `names`, or when it is empty the one name ``missing(_:)`` makes of `what`: the cases of a parameterised test
  /// never run zero times.
  static func atLeastOne(_ names: [String], missing what: String) -> [String] {
    names.isEmpty ? [missing(what)] : names
  }

  /// A name no test file has, which says what is missing; a test given it fails when it opens the file.
  static func missing(_ what: String) -> String {
    "MISSING TEST DATA: \(what)"
  }

  /// The bytes of a file under `Tests/Fixtures/testdata`.
  static func sharedBytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: shared(relativePath)))
  }
}
