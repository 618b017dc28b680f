public import Foundation

/// Locates the real test files (`Tests/Fixtures/testdata`, copies of the shared test data with their licences; see
/// the README.md there), the project's own fixtures and its sample artwork. Nothing here reads outside the
/// repository. Every test target finds files through it (one project root for all).
public enum TestData {
  /// The project root, found from this file's path.
  public static let projectRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // GamutTestSupport
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// A path under the project root.
  public static func project(_ relativePath: String) -> String {
    projectRoot.appendingPathComponent(relativePath).path
  }

  /// A file or folder under `Tests/Fixtures` (the project's own fixtures: `disguised/`, `icon-composer/`...).
  public static func fixture(_ relativePath: String) -> String {
    project("Tests/Fixtures/" + relativePath)
  }

  /// `SampleAssets`, the sample artwork (one truncated PNG on purpose: `Icons/Broken@2x.png`).
  public static var sampleAssets: String { project("SampleAssets") }

  /// `Tests/Fixtures/testdata`: the real files, under the same relative paths as in the shared test data.
  public static let sharedRoot: URL = projectRoot.appendingPathComponent("Tests/Fixtures/testdata")

  /// A file under `Tests/Fixtures/testdata`.
  public static func shared(_ relativePath: String) -> URL {
    sharedRoot.appendingPathComponent(relativePath)
  }

  /// The sorted file names in a folder under `Tests/Fixtures/testdata` with the given extension. A folder that is
  /// missing or holds no such file gives one name that no file has (``missing(_:)``), so that a parameterised test
  /// over the folder runs once and fails saying so, rather than passing with no case.
  public static func sharedFiles(in folder: String, withExtension ext: String = "png") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: shared(folder).path)) ?? []
    return atLeastOne(
      names.filter { $0.hasSuffix("." + ext) }.sorted(), missing: "no .\(ext) file in Tests/Fixtures/testdata/\(folder)"
    )
  }

  /// `names`, or when it is empty the one name ``missing(_:)`` makes of `what`: the cases of a parameterised test
  /// never run zero times.
  public static func atLeastOne(_ names: [String], missing what: String) -> [String] {
    names.isEmpty ? [missing(what)] : names
  }

  /// A name no test file has, which says what is missing; a test given it fails when it opens the file.
  public static func missing(_ what: String) -> String {
    "MISSING TEST DATA: \(what)"
  }

  /// The bytes of a file under `Tests/Fixtures/testdata`.
  public static func sharedBytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: shared(relativePath)))
  }
}
