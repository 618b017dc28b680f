import Foundation
import Testing

@testable import GamutKit

/// Whole builds with vector, symbol and disguised sources.
@Suite struct VectorBuildTests {
  private func write(_ text: String, to path: String) throws {
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  @Test func vectorsAreCopiedUnchangedAndBadOnesFailTheirAssetOnly() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    let catalog = folder.path + "/Out/A.xcassets"
    try FileManager.default.createDirectory(atPath: source + "/Icons", withIntermediateDirectories: true)
    let pdf = MinimalPDF.text("1 0 obj << /ColorSpace /DeviceRGB >> endobj\n")
    try write(pdf, to: source + "/Icons/Logo.pdf")
    try write(
      "<svg xmlns='http://www.w3.org/2000/svg'><rect fill='color(display-p3 1 0 0)'/></svg>",
      to: source + "/Icons/Logo~dark.svg")
    try write("<svg><g></svg>", to: source + "/Broken.svg")
    try write("not a pdf", to: source + "/Fake.pdf")
    try FileManager.default.copyItem(
      atPath: VectorCheckTests.disguised("webp.png").path, toPath: source + "/Photo.png")
    let before = TemporaryFolder.snapshot(source)

    let report = try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: BuildOptions()).build()
    let findings = report.manifest.allDiagnostics.map { "\($0.path) \($0.code) \($0.message)" }
    #expect(findings.contains("Photo.png unreadable-png is a WebP image, not PNG"))
    #expect(findings.contains("Fake.pdf unreadable-vector has no %PDF- header, so it is not a PDF"))
    #expect(
      findings.contains {
        $0.hasPrefix("Broken.svg unreadable-vector is not a readable SVG: not well-formed XML at line 1")
      })
    #expect(report.exitStatus(strict: false) == 1)
    #expect(TemporaryFolder.snapshot(source) == before)  // inputs never modified

    let copied = FileManager.default.contents(atPath: catalog + "/Icons/Logo.imageset/Logo.pdf")
    #expect(copied == Data(pdf.utf8))
    let record = try #require(report.manifest.assets.first { $0.name == "Logo" })
    #expect(record.renditions.first?.declaredColorSpaces == ["DeviceRGB"])
    #expect(!FileManager.default.fileExists(atPath: catalog + "/Fake.imageset"))
    #expect(!FileManager.default.fileExists(atPath: catalog + "/Photo.imageset"))

    let stamps = TemporaryFolder.stamps(catalog)
    let again = try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: BuildOptions()).build()
    #expect(again.rebuiltAssets == 0)
    #expect(TemporaryFolder.stamps(catalog) == stamps)
  }

  @Test func symbolSetsAreWrittenAndNonTemplatesRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    let catalog = folder.path + "/Out/A.xcassets"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    try XcodeRebuildTests.symbol.write(to: URL(fileURLWithPath: source + "/Star.symbols.svg"))
    try write("<svg><path d='M0 0'/></svg>", to: source + "/Plain.symbols.svg")
    let report = try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: BuildOptions()).build()
    #expect(report.manifest.allDiagnostics.map(\.code) == ["invalid-symbol"])
    #expect(
      FileManager.default.contents(atPath: catalog + "/Star.symbolset/Star.svg") == XcodeRebuildTests.symbol)
    #expect(
      FileManager.default.contents(atPath: catalog + "/Star.symbolset/Contents.json")
        == Data(ContentsFile.symbolSet(fileName: "Star.svg").utf8))
  }
}
