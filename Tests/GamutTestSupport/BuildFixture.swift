public import Foundation
public import GamutKit

/// What a build test starts from: a temporary folder with a source folder in it and a catalog path beside it, files
/// written into the sources, a build, and the catalog's files read back. Suites add their own helpers in an
/// extension (and their own `init()` with their paths).
public struct BuildFixture {
  public let folder: TemporaryFolder
  /// The source folder (made empty).
  public let source: String
  /// The catalog's path (not made: the build makes it).
  public let catalog: String

  /// `source` and `catalog` are paths inside the temporary folder (`Art`, `Out/Test.xcassets`).
  public init(source: String, catalog: String) throws {
    folder = try TemporaryFolder()
    self.source = folder.path + "/" + source
    self.catalog = folder.path + "/" + catalog
    try FileManager.default.createDirectory(atPath: self.source, withIntermediateDirectories: true)
  }

  /// Writes `bytes` at `relativePath` in the source folder, making its folders.
  public func write(_ bytes: [UInt8], to relativePath: String) throws {
    try TemporaryFolder.write(bytes, at: source + "/" + relativePath)
  }

  /// Writes `text` (UTF-8) at `relativePath` in the source folder, making its folders.
  public func write(_ text: String, to relativePath: String) throws {
    try write(Array(text.utf8), to: relativePath)
  }

  /// The options of the source folder's `gamut.yml` (read as `gamut.yml`), or `defaults` when it has none.
  public func configured(_ defaults: BuildOptions = BuildOptions()) throws -> BuildOptions {
    guard let yaml = FileManager.default.contents(atPath: source + "/gamut.yml") else { return defaults }
    return try BuildConfiguration(yaml: String(decoding: yaml, as: UTF8.self), path: "gamut.yml").options
  }

  /// Builds the sources into the catalog with `options`.
  public func build(_ options: BuildOptions = BuildOptions()) throws(FileError) -> BuildReport {
    try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options).build()
  }

  /// The text of the file at `relativePath` in the catalog, or nil when there is none.
  public func text(_ relativePath: String) -> String? {
    FileManager.default.contents(atPath: catalog + "/" + relativePath).map { String(decoding: $0, as: UTF8.self) }
  }
}
