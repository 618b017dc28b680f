import Foundation
import Testing

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
      } else if name.lowercased().hasSuffix(".jpg") || name.lowercased().hasSuffix(".jpeg") {
        file = Data(JPEGBuilder.jpeg(seed: UInt8(index)))
      } else if name.hasSuffix(".svg") {
        file = XcodeRebuildTests.symbol
      } else {
        file = Data(PNGBuilder.tinyGray(value: UInt8(16 + index * 8)))
      }
      try put(file, at: relative + "/" + name)
    }
  }

  /// A PNG whose header says `size` x `size` pixels (enough for a copied app icon, which is checked by its header and
  /// never decoded), made distinct by `seed`.
  static func iconPNG(size: Int, seed: UInt8 = 0) -> Data {
    Data(
      PNGBuilder.signature + PNGBuilder.ihdr(width: UInt32(size), height: UInt32(size), colorType: 2)
        + PNGBuilder.chunk("tEXt", Array("seed\0".utf8) + [seed]) + PNGBuilder.chunk("IEND", []))
  }

  /// Puts the Xcode-written app icon set `xcode/appiconset/<folder>` at `relative`, with a PNG of each entry's pixel
  /// size for every file it names (one file for entries that share a name).
  func putXcodeIcon(_ fixture: String, at relative: String) throws {
    let contents = try Data(contentsOf: TestData.shared("xcode/appiconset/" + fixture + "/Contents.json"))
    try put(contents, at: relative + "/Contents.json")
    let document = try JSONSerialization.jsonObject(with: contents) as? [String: Any]
    for (index, image) in ((document?["images"] as? [[String: Any]]) ?? []).enumerated() {
      guard let name = image["filename"] as? String, let size = image["size"] as? String else { continue }
      let points = Double(size.split(separator: "x")[0]) ?? 0
      let scale = Double((image["scale"] as? String)?.dropLast() ?? "1") ?? 1
      try put(Self.iconPNG(size: Int(points * scale), seed: UInt8(index)), at: relative + "/" + name)
    }
  }

  /// Imports the catalog into ``destination``.
  func runImport(force: Bool = false, checkOnly: Bool = false) throws -> ImportReport {
    var importer = CatalogImporter(catalogPath: catalog, destination: destination)
    importer.force = force
    importer.checkOnly = checkOnly
    return try importer.run()
  }

  /// Builds the imported folder with `gamut build`'s builder and returns the catalog's path.
  @discardableResult
  func rebuild() throws -> String {
    let options = try BuildConfiguration(contentsOf: destination + "/gamut.yml").options
    let output = folder.path + "/Rebuilt/Assets.xcassets"
    _ = try CatalogBuilder(sourceRoot: destination, catalogPath: output, options: options).build()
    return output
  }

  /// Checks that `rebuilt` gives back `original` as the report says: every file of a row that is identical or kept
  /// byte for byte; for a row that is equivalent, its `Contents.json` equivalent again and every other file byte
  /// for byte; no row that differs, and no file the original does not have besides `Contents.json` files.
  static func expectRebuilt(_ rebuilt: String, equals original: String, report: ImportReport) {
    let before = visibleFiles(original)
    let after = visibleFiles(rebuilt)
    let leftOut = Set(report.leftOut.map(\.path))
    for row in report.rows {
      let files = before.keys.filter { ($0 == row.path || $0.hasPrefix(row.path + "/")) && !leftOut.contains($0) }
      switch row.outcome {
      case .identical, .kept:
        for file in files { #expect(after[file] == before[file], "\(file) (\(row.path)) differs after the rebuild") }
      case .equivalent:
        for file in files where !file.hasSuffix("Contents.json") {
          #expect(after[file] == before[file], "\(file) (\(row.path)) differs after the rebuild")
        }
        let contents = row.path.hasSuffix("Contents.json") ? row.path : row.path + "/Contents.json"
        if case .differs(let how) = RoundTripCheck.compareContents(original + "/" + contents, rebuilt + "/" + contents)
        {
          Issue.record("\(contents) is not equivalent after the rebuild: \(how)")
        }
      case .differs(let how):
        Issue.record("\(row.path) differs: \(how)")
      }
    }
    let extra = Set(after.keys).subtracting(before.keys).filter { !$0.hasSuffix("Contents.json") }
    #expect(extra.isEmpty, "files the original does not have: \(extra.sorted())")
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
