import Foundation
import Testing

@testable import GamutKit

/// The manifest written an asset at a time has the bytes of one encoding; the JSON Lines state reads back as it
/// was written.
@Suite struct ManifestAndStateFilesTests {
  /// SampleAssets built into a temporary folder: assets with pairs, clipping reports, diagnostics, a failure.
  private func sampleBuild() throws -> (TemporaryFolder, String, BuildReport) {
    let folder = try TemporaryFolder()
    try folder.copy(TestData.projectRoot.appendingPathComponent("SampleAssets").path, as: "Art")
    try? FileManager.default.removeItem(atPath: folder.path + "/Art/README.md")
    let catalog = folder.path + "/Out/Sample.xcassets"
    let report = try CatalogBuilder(sourceRoot: folder.path + "/Art", catalogPath: catalog, options: BuildOptions())
      .build()
    return (folder, catalog, report)
  }

  @Test func manifestHasTheBytesOfOneEncoding() throws {
    let (folder, catalog, report) = try sampleBuild()
    defer { folder.remove() }
    let encoder = XcodeJSONEncoder()
    let written = FileManager.default.contents(atPath: folder.path + "/Out/gamut-manifest.json").map { [UInt8]($0) }
    #expect(report.manifest.assets.count > 5)
    #expect(report.manifest.colors.count > 5)
    #expect(written == (try ManifestWriter.wholeEncoding(report.manifest, encoder: encoder)))

    // Without assets or colors, and with one of each (the colors are spliced in one at a time like the assets).
    for (assetCount, colorCount) in [(0, 0), (1, 0), (0, 1), (1, 1)] {
      var manifest = report.manifest
      manifest.assets = Array(manifest.assets.prefix(assetCount))
      manifest.colors = Array(manifest.colors.prefix(colorCount))
      var shell = manifest
      shell.assets = []
      let path = catalog + "/../small-manifest.json"
      try ManifestWriter.write(shell, records: try manifest.assets.map(StoredRecord.init), to: path)
      let bytes = FileManager.default.contents(atPath: path).map { [UInt8]($0) }
      #expect(bytes == (try ManifestWriter.wholeEncoding(manifest, encoder: encoder)))
    }
  }

  @Test("The shell's hash, made as its colors are encoded one at a time, is that of its whole encoding")
  func shellHashIsTheHashOfTheWholeShell() throws {
    let (folder, _, report) = try sampleBuild()
    defer { folder.remove() }
    var shell = report.manifest
    shell.assets = []
    #expect(!shell.colors.isEmpty)
    let whole = try ManifestWriter.wholeEncoding(shell, encoder: XcodeJSONEncoder())
    #expect(try ManifestWriter.shellHash(shell, path: "gamut-manifest.json") == ContentHash.of(whole))
  }

  @Test("The report's totals and findings are the manifest's, and its records those of the file, built or reused")
  func reportAgreesWithTheManifestFile() throws {
    let (folder, catalog, built) = try sampleBuild()
    defer { folder.remove() }
    let reused = try CatalogBuilder(sourceRoot: folder.path + "/Art", catalogPath: catalog, options: BuildOptions())
      .build()
    #expect(reused.rebuiltAssets == 0)
    let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/Out/gamut-manifest.json"))
    let written = try JSONDecoder().decode(CatalogManifest.self, from: data)
    for report in [built, reused] {
      #expect(report.catalog == written.catalog && report.summary == written.summary)
      #expect(report.diagnostics == written.allDiagnostics)
      #expect(report.manifest == written)
    }
  }

  @Test func stateReadsBackAsWritten() throws {
    let (folder, catalog, _) = try sampleBuild()
    defer { folder.remove() }
    let state = BuildState.load(catalogPath: catalog)
    #expect(state.assets.count > 5)
    #expect(state.sources.count > 5)
    #expect(!state.groups.isEmpty)
    let path = catalog + "/" + BuildState.fileName
    let before = try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date
    try state.write(catalogPath: catalog)
    #expect(BuildState.load(catalogPath: catalog) == state)
    // The same state leaves the file as it was.
    #expect((try FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) == before)
    let lines = String(decoding: FileManager.default.contents(atPath: path)!, as: UTF8.self).split(separator: "\n")
    #expect(lines.count == 1 + state.assets.count + state.sources.count)
  }

  @Test func unchangedRerunLeavesManifestAndStateAloneAndRestoresAnEditedManifest() throws {
    let (folder, catalog, _) = try sampleBuild()
    defer { folder.remove() }
    let manifestPath = folder.path + "/Out/gamut-manifest.json"
    let statePath = catalog + "/" + BuildState.fileName
    func modified() throws -> [Date?] {
      try [manifestPath, statePath].map {
        try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as? Date
      }
    }
    func rerun() throws -> BuildReport {
      try CatalogBuilder(sourceRoot: folder.path + "/Art", catalogPath: catalog, options: BuildOptions()).build()
    }
    let manifest = FileManager.default.contents(atPath: manifestPath)
    let before = try modified()
    #expect(try rerun().rebuiltAssets == 0)
    #expect(try modified() == before)
    try Data("{}".utf8).write(to: URL(fileURLWithPath: manifestPath))
    #expect(try rerun().rebuiltAssets == 0)
    #expect(FileManager.default.contents(atPath: manifestPath) == manifest)
    try FileManager.default.removeItem(atPath: manifestPath)
    _ = try rerun()
    #expect(FileManager.default.contents(atPath: manifestPath) == manifest)
  }

  @Test func stateOfAnotherVersionOrBrokenIsEmpty() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/" + BuildState.fileName
    for text in ["{\"assets\":{},\"groups\":[],\"sources\":{},\"version\":1}", "{\"version\":2}\n{broken", ""] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: path))
      #expect(BuildState.load(catalogPath: folder.path) == BuildState())
    }
  }
}
