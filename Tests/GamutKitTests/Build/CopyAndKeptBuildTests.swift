import Foundation
import Testing

@testable import GamutKit

/// The build features `gamut import` relies on: `unchanged:` PNGs copied byte for byte, `fileNames:`, the kept
/// area (`kept:`), `templateByName: false` and `preservesVectorRepresentation` as patterns.
@Suite struct CopyAndKeptBuildTests {
  private func write(_ bytes: [UInt8], _ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  private func build(_ source: String, yaml: String, catalog: String) throws -> BuildReport {
    let options = try BuildConfiguration(yaml: yaml, path: "gamut.yml").options
    return try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options).build()
  }

  @Test func unchangedPNGsAreCopiedUnderTheirCatalogNames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    let png = PNGBuilder.tinyGray(value: 0x42)
    try write(png, source + "/Old/AddTemplate@2x.png")
    try write(Array("RIFF....WEBPVP8 ".utf8), source + "/Old/Fake.png")
    let catalog = folder.path + "/A.xcassets"
    let report = try build(
      source,
      yaml: """
        unchanged: ["Old/**"]
        templateByName: false
        fileNames: {"Old/AddTemplate@2x.png": "add_2x.png"}
        """, catalog: catalog)
    let copied = try Data(contentsOf: URL(fileURLWithPath: catalog + "/Old/AddTemplate.imageset/add_2x.png"))
    #expect([UInt8](copied) == png)
    let contents = try String(contentsOfFile: catalog + "/Old/AddTemplate.imageset/Contents.json", encoding: .utf8)
    #expect(contents.contains("\"filename\" : \"add_2x.png\""))
    #expect(!contents.contains("template-rendering-intent"))
    let codes = report.manifest.allDiagnostics.map { "\($0.path) \($0.code)" }
    #expect(codes.contains("Old/Fake.png unreadable-png"))
  }

  @Test func theKeptAreaIsCopiedVerbatimAndNotScanned() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    try write(PNGBuilder.tinyGray(), source + "/Icons/Star.png")
    try write(PNGBuilder.tinyGray(value: 9), source + "/kept/Icons/Legacy.iconset/icon_16x16.png")
    let groupContents = Array("{ \"hand\" : \"written\" }\n".utf8)
    try write(groupContents, source + "/kept/Icons/Contents.json")
    let catalog = folder.path + "/A.xcassets"
    let report = try build(source, yaml: "kept: kept", catalog: catalog)
    #expect(report.summary.assets == 1)
    #expect(FileManager.default.fileExists(atPath: catalog + "/Icons/Legacy.iconset/icon_16x16.png"))
    #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: catalog + "/Icons/Contents.json"))) == groupContents)
    #expect(!FileManager.default.fileExists(atPath: catalog + "/kept"))
  }

  @Test func preservesVectorRepresentationTakesPatterns() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    let pdf = Array(MinimalPDF.text().utf8)
    try write(pdf, source + "/A.pdf")
    try write(pdf, source + "/B.pdf")
    let catalog = folder.path + "/A.xcassets"
    _ = try build(source, yaml: "preservesVectorRepresentation: [A]", catalog: catalog)
    let a = try String(contentsOfFile: catalog + "/A.imageset/Contents.json", encoding: .utf8)
    let b = try String(contentsOfFile: catalog + "/B.imageset/Contents.json", encoding: .utf8)
    #expect(a.contains("preserves-vector-representation") && !b.contains("preserves-vector-representation"))
  }

  @Test func wrongValuesAreErrorsNamingTheKey() {
    for (yaml, key) in [
      ("fileNames: {\"A.png\": \"../x.png\"}", "fileNames"), ("fileNames: {\"A.png\": \"Contents.json\"}", "fileNames"),
      ("kept: ../elsewhere", "kept"), ("unchanged: 3", "unchanged"), ("templateByName: maybe", "templateByName"),
    ] {
      do {
        _ = try BuildConfiguration(yaml: yaml, path: "gamut.yml")
        Issue.record("accepted: \(yaml)")
      } catch {
        #expect(error.message.contains("'\(key)'"), "\(error.message)")
      }
    }
  }
}
