import Foundation
import Testing

@Suite(.tags(.process), .selectedByTags) struct ReportCommandTests {
  /// A build of SampleAssets in a fresh folder, with its report.
  private func built(report: String = "Out/Sample-report.html") throws -> String {
    let folder = try TemporaryFolder().path  // removed by the caller
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path, toPath: folder + "/Art")
    let build = try GamutProcess.run(
      ["build", "Art", "--output", "Out/Sample.xcassets", "--report", report, "--quiet"], in: folder)
    #expect(build.status == 1)
    return folder
  }

  @Test func buildWritesReportWithRelativeImagesAndMaps() throws {
    let folder = try built()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let html = try String(contentsOfFile: folder + "/Out/Sample-report.html", encoding: .utf8)
    #expect(html.contains("src=\"Sample.xcassets/Controls/PlayButton.imageset/PlayButton~dark~hc@2x.png\""))
    #expect(!html.contains(folder), "no absolute path")
    #expect(!html.contains("http:") && !html.contains("https:"))
    #expect(html.contains("id=\"asset-Icons_Broken\""))
    // The one clipping source gets a map beside the report, linked from it.
    let maps = try FileManager.default.contentsOfDirectory(atPath: folder + "/Out/Sample-report-maps")
    #expect(maps.count == 1)
    #expect(html.contains("src=\"Sample-report-maps/\(maps[0])\""))
    // A rerun changes nothing.
    let before = try Data(contentsOf: URL(fileURLWithPath: folder + "/Out/Sample-report.html"))
    _ = try GamutProcess.run(
      ["build", "Art", "--output", "Out/Sample.xcassets", "--report", "Out/Sample-report.html", "-q"], in: folder)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/Out/Sample-report.html")) == before)
  }

  @Test func reportCommandRebuildsNothingAndDrawsMapsFromTheCatalog() throws {
    let folder = try built()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let state = try Data(contentsOf: URL(fileURLWithPath: folder + "/Out/Sample.xcassets/.gamut-state.json"))
    let result = try GamutProcess.run(["report", "Out/Sample.xcassets", "--output", "Views/r.html"], in: folder)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput == "report: Views/r.html\n")
    let html = try String(contentsOfFile: folder + "/Views/r.html", encoding: .utf8)
    #expect(html.contains("src=\"../Out/Sample.xcassets/Artwork/Meadow.imageset/Meadow@1x.png\""))
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/Views/r-maps").count == 1)
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder + "/Out/Sample.xcassets/.gamut-state.json")) == state)
    // Default output beside the catalog; a missing manifest is an error naming it.
    #expect(
      try GamutProcess.run(["report", "Out/Sample.xcassets"], in: folder).standardOutput
        == "report: Out/gamut-report.html\n")
    try FileManager.default.removeItem(atPath: folder + "/Out/gamut-manifest.json")
    let missing = try GamutProcess.run(["report", "Out/Sample.xcassets"], in: folder)
    #expect(missing.status == 1)
    #expect(missing.standardError.contains("gamut-manifest.json: error: cannot read the manifest"))
  }

  @Test func reportInsideTheSourceFolderOrNotHTMLIsRefused() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder + "/Art", withIntermediateDirectories: true)
    let inside = try GamutProcess.run(
      ["build", "Art", "--output", "Out/A.xcassets", "--report", "Art/r.html"], in: folder)
    // A usage error since issue 30: every output path is checked before the build starts.
    #expect(inside.status == 64)
    #expect(inside.standardError.contains("Art/r.html: error: --report points into the source folder"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/Out/A.xcassets"))
    #expect(
      try GamutProcess.run(["build", "Art", "--output", "A.xcassets", "--report", "r.txt"], in: folder).status
        == 64)
  }

  @Test func reportKeyInConfigurationIsRelativeToItsFile() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Controls").path, toPath: folder + "/Art")
    try "report: ../Out/from-config.html\n".write(toFile: folder + "/Art/gamut.yml", atomically: true, encoding: .utf8)
    let build = try GamutProcess.run(["build", "Art", "--output", "Out/C.xcassets"], in: folder)
    #expect(build.status == 0, "\(build.standardError)")
    #expect(build.standardOutput.hasSuffix("report: Art/../Out/from-config.html\n"))
    #expect(FileManager.default.fileExists(atPath: folder + "/Out/from-config.html"))
    #expect(!FileManager.default.fileExists(atPath: folder + "/Out/from-config-maps"), "no map without clipping")
  }
}
