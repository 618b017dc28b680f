import Foundation

@testable import GamutKit

/// Builds small catalogs for import tests from Xcode-written `Contents.json` files (Tests/Fixtures/testdata/xcode)
/// with rendition files made up to fill them, and runs imports.
struct ImportFixture {
  let folder: TemporaryFolder
  /// The catalog under test.
  var catalog: String { folder.path + "/Original/Assets.xcassets" }
  /// Where the import writes.
  var destination: String { folder.path + "/Imported/Art" }

  init() throws {
    folder = try TemporaryFolder()
    try put(Self.rootContents, at: "Contents.json")
  }

  static let rootContents = "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n"
  static let namespaceContents =
    "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  },\n  \"properties\" : {\n"
    + "    \"provides-namespace\" : true\n  }\n}\n"

  /// Writes `text` at `relative` inside the catalog.
  func put(_ text: String, at relative: String) throws { try put(Data(text.utf8), at: relative) }

  func put(_ bytes: Data, at relative: String) throws {
    let path = catalog + "/" + relative
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try bytes.write(to: URL(fileURLWithPath: path))
  }

  /// Puts the Xcode-written set `xcode/<kind>/<folder>` at `relative` (`Icons/Star.imageset`), and a file for every
  /// `filename` it names: a small PNG (different gray per file), a minimal PDF, or an SF Symbols template.
  func putXcodeSet(_ fixture: String, at relative: String) throws {
    let contents = try Data(contentsOf: TestData.shared("xcode/" + fixture + "/Contents.json"))
    try put(contents, at: relative + "/Contents.json")
    let text = String(decoding: contents, as: UTF8.self)
    let names = text.split(separator: "\n").compactMap { line -> String? in
      guard line.contains("\"filename\"") else { return nil }
      return line.split(separator: "\"").dropFirst(3).first.map(String.init)
    }
    for (index, name) in names.enumerated() {
      let file: Data
      if name.hasSuffix(".pdf") {
        file = Data(MinimalPDF.text("1 0 obj << >> endobj\n").utf8)
      } else if name.hasSuffix(".svg") {
        file = XcodeRebuildTests.symbol
      } else {
        file = Data(PNGBuilder.tinyGray(value: UInt8(16 + index * 8)))
      }
      try put(file, at: relative + "/" + name)
    }
  }

  /// Imports the catalog into ``destination``.
  func runImport(force: Bool = false, checkOnly: Bool = false) throws -> ImportReport {
    var importer = CatalogImporter(catalogPath: catalog, destination: destination)
    importer.force = force
    importer.checkOnly = checkOnly
    return try importer.run()
  }

  /// Builds the imported folder with `gamut build`'s builder and returns the catalog's files (hidden ones left out).
  func rebuild() throws -> [String: Data] {
    let options = try BuildConfiguration(contentsOf: destination + "/gamut.yml").options
    let output = folder.path + "/Rebuilt/Assets.xcassets"
    _ = try CatalogBuilder(sourceRoot: destination, catalogPath: output, options: options).build()
    return Self.visibleFiles(output)
  }

  /// Every regular file under `path` with its bytes, leaving out hidden names.
  static func visibleFiles(_ path: String) -> [String: Data] {
    TemporaryFolder.snapshot(path).filter { !$0.key.split(separator: "/").contains { $0.hasPrefix(".") } }
  }

  /// The outcome of the row for `path`.
  static func outcome(_ report: ImportReport, _ path: String) -> ImportReport.Row.Outcome? {
    report.rows.first { $0.path == path }?.outcome
  }

  func remove() { folder.remove() }
}
