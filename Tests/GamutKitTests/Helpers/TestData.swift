import Foundation

/// Locates the shared test files (`../shared/testdata` beside the project root) and the project's own fixtures.
enum TestData {
  /// The project root, found from this file's path.
  static let projectRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // GamutKitTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  /// `../shared/testdata` from the project root.
  static let sharedRoot: URL = projectRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata")

  /// A file under `../shared/testdata`.
  static func shared(_ relativePath: String) -> URL {
    sharedRoot.appendingPathComponent(relativePath)
  }

  /// The sorted file names in a folder under `../shared/testdata` with the given extension.
  static func sharedFiles(in folder: String, withExtension ext: String = "png") -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: shared(folder).path)) ?? []
    return names.filter { $0.hasSuffix("." + ext) }.sorted()
  }

  /// The bytes of a file under `../shared/testdata`.
  static func sharedBytes(_ relativePath: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: shared(relativePath)))
  }
}
