import Foundation
import Testing

@testable import GamutKit

/// End-to-end builds of the project's SampleAssets (copied to a temporary folder) and small trees made here.
@Suite struct CatalogBuilderTests {
  private typealias Fixture = BuildFixture

  private func text(_ path: String) -> String {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  @Test func buildsTheSampleCatalog() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let report = try fixture.build()
    let catalog = fixture.catalog
    #expect(text(catalog + "/Contents.json") == ContentsFile.root())
    #expect(text(catalog + "/Controls/Contents.json") == ContentsFile.folder(providesNamespace: false))

    let play = text(catalog + "/Controls/PlayButton.imageset/Contents.json")
    #expect(play.contains("\"filename\" : \"PlayButton~dark~hc@2x.png\""))
    #expect(play.contains("\"value\" : \"dark\""))
    #expect(!play.contains("display-gamut"))

    // The clipping P3 gradient gets a Display P3 and an sRGB rendition; the in-gamut P3 photo only sRGB.
    let sunset = text(catalog + "/Artwork/SunsetGradient.imageset/Contents.json")
    #expect(sunset.contains("\"display-gamut\" : \"display-P3\""))
    #expect(sunset.contains("\"display-gamut\" : \"sRGB\""))
    let p3 = try PNGDecoder().decode(
      contentsOf: catalog + "/Artwork/SunsetGradient.imageset/SunsetGradient~p3@2x.png")
    #expect(p3.pixels.bitDepth == 16)
    #expect(ColorSpaceDecision(chunks: p3.colorChunks).name == "Display P3")
    let srgb = try PNGDecoder().decode(
      contentsOf: catalog + "/Artwork/SunsetGradient.imageset/SunsetGradient~srgb@2x.png")
    #expect(srgb.pixels.bitDepth == 8)
    #expect(ColorSpaceDecision(chunks: srgb.colorChunks).name == "sRGB")
    #expect(!text(catalog + "/Artwork/Meadow.imageset/Contents.json").contains("display-gamut"))

    #expect(text(catalog + "/Icons/StarTemplate.imageset/Contents.json").contains("template-rendering-intent"))

    // The broken file is an error; everything else is still written.
    let errors = report.manifest.allDiagnostics.filter { $0.severity == .error }
    #expect(errors.map(\.path) == ["Icons/Broken@2x.png"])
    #expect(report.exitStatus(strict: false) == 1)
    #expect(report.manifest.summary.pairs >= 3)

    // Every written PNG decodes and carries a profile.
    for (path, _) in TemporaryFolder.snapshot(catalog) where path.hasSuffix(".png") {
      let image = try PNGDecoder().decode(contentsOf: catalog + "/" + path)
      #expect(image.colorChunks.iccProfile != nil, "\(path) has no profile")
    }
    #expect(FileManager.default.fileExists(atPath: fixture.folder.path + "/Out/gamut-manifest.json"))
  }

  @Test func rerunRewritesNothingAndMatchesACleanBuild() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    _ = try fixture.build()
    let stamps = TemporaryFolder.outputStamps(fixture.catalog)
    let manifest = text(fixture.folder.path + "/Out/gamut-manifest.json")
    let rerun = try fixture.build()
    #expect(rerun.rebuiltAssets == 0)
    #expect(TemporaryFolder.outputStamps(fixture.catalog) == stamps)
    #expect(text(fixture.folder.path + "/Out/gamut-manifest.json") == manifest)

    let clean = fixture.folder.path + "/Clean/Sample.xcassets"
    _ = try fixture.build(catalog: clean)
    var built = TemporaryFolder.snapshot(fixture.catalog)
    var fresh = TemporaryFolder.snapshot(clean)
    for state in [BuildState.fileName, BuildLock.fileName] {
      built[state] = nil
      fresh[state] = nil
    }
    #expect(built == fresh)
  }

  @Test func changedSourceRedoesOnlyItsAssetAndRemovedSourceRemovesItsFiles() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    _ = try fixture.build()
    let foreign = fixture.catalog + "/Controls/Notes.txt"
    _ = FileManager.default.createFile(atPath: foreign, contents: Data("mine".utf8))

    try FileManager.default.removeItem(atPath: fixture.source + "/Artwork/Paper.png")
    try FileManager.default.copyItem(
      atPath: fixture.source + "/Controls/Badge@2x.png", toPath: fixture.source + "/Artwork/Paper.png")
    try FileManager.default.removeItem(atPath: fixture.source + "/Icons/StatusDot.png")
    let report = try fixture.build()
    #expect(report.rebuiltAssets == 1)
    #expect(!FileManager.default.fileExists(atPath: fixture.catalog + "/Icons/StatusDot.imageset"))
    #expect(FileManager.default.fileExists(atPath: foreign))
    // A touch without a change does nothing.
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: fixture.source + "/Icons/SoftShadow.png")
    #expect(try fixture.build().rebuiltAssets == 0)
  }

  @Test func changingAnOutputOptionRebuildsWhatItAffects() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let first = try fixture.build()
    var options = BuildOptions()
    options.gamutPolicy = .both
    let second = try fixture.build(options)
    #expect(second.rebuiltAssets == first.manifest.summary.assets)
    let play = text(fixture.catalog + "/Controls/PlayButton.imageset/Contents.json")
    #expect(play.contains("\"display-gamut\" : \"display-P3\""))
  }

  @Test func srgbPolicyMakesClippingAnError() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try FileManager.default.removeItem(atPath: fixture.source + "/Icons/Broken@2x.png")
    var options = BuildOptions()
    options.gamutPolicy = .srgb
    let report = try fixture.build(options)
    #expect(report.manifest.allDiagnostics.contains { $0.code == "clipping-error" && $0.severity == .error })
    #expect(report.exitStatus(strict: false) == 2)
  }

  @Test func refusesASymbolicLinkAsTheCatalog() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let elsewhere = fixture.folder.path + "/Elsewhere"
    try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: fixture.folder.path + "/Out", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: fixture.catalog, withDestinationPath: elsewhere)
    #expect(throws: FileError.self) { try fixture.build() }
    #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere).isEmpty)
  }

  @Test func secondBuildStopsWhileTheCatalogIsLocked() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    _ = try fixture.build()
    let lock = try BuildLock(catalogPath: fixture.catalog, wait: false) {}
    var builder = CatalogBuilder(sourceRoot: fixture.source, catalogPath: fixture.catalog, options: BuildOptions())
    builder.waitForLock = false
    #expect(throws: FileError.self) { try builder.build() }
    withExtendedLifetime(lock) {}
  }
}

extension BuildFixture {
  /// A temporary copy of SampleAssets (`Art`, without its README) and the catalog path beside it.
  fileprivate init() throws {
    try self.init(source: "Art", catalog: "Out/Sample.xcassets")
    try FileManager.default.removeItem(atPath: source)
    try folder.copy(TestData.sampleAssets, as: "Art")
    try? FileManager.default.removeItem(atPath: source + "/README.md")
  }

  /// Builds the copy into another catalog.
  fileprivate func build(catalog: String) throws -> BuildReport {
    try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: BuildOptions()).build()
  }
}
