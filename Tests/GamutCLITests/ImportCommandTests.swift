import Foundation
import Testing

@Suite struct ImportCommandTests {
  /// A catalog gamut built from SampleAssets imports with every entry identical or kept, and a second import into
  /// the same folder is refused.
  @Test func importsABuiltCatalogAndRefusesABusyFolder() throws {
    let folder = NSTemporaryDirectory() + "gamut-import-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path, toPath: folder + "/Art")
    _ = try GamutProcess.run(["build", "Art", "--output", "Out/Sample.xcassets", "--quiet"], in: folder)
    let result = try GamutProcess.run(["import", "Out/Sample.xcassets", "--to", "Imported"], in: folder)
    #expect(result.status == 0, "\(result.standardError)")
    #expect(result.standardOutput.contains("Controls/PlayButton.imageset     identical  PNGs copied unchanged"))
    #expect(result.standardOutput.contains(", 0 differ\n"))
    #expect(FileManager.default.fileExists(atPath: folder + "/Imported/gamut.yml"))
    let again = try GamutProcess.run(["import", "Out/Sample.xcassets", "--to", "Imported"], in: folder)
    #expect(again.status == 1)
    #expect(again.standardError.contains("not empty (use --force)"))
    let check = try GamutProcess.run(["import", "Out/Sample.xcassets", "--to", "Elsewhere", "--check"], in: folder)
    #expect(check.status == 0)
    #expect(!FileManager.default.fileExists(atPath: folder + "/Elsewhere"))
  }
}
