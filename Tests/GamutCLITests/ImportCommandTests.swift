import Foundation
import Testing

@Suite(.tags(.process), .selectedByTags) struct ImportCommandTests {
  /// A catalog gamut built from SampleAssets imports with every entry identical or kept, and a second import into
  /// the same folder is refused.
  @Test func importsABuiltCatalogAndRefusesABusyFolder() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
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

  /// Issue 34: `--to .` crashed (SIGILL), `import /` scanned the whole file system, and path problems printed raw
  /// Foundation errors or a line starting with `: error:`. Each is now a usage error (64) with one plain message.
  @Test func pathProblemsAreUsageErrorsWithPlainMessages() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder + "/A.xcassets", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder + "/file.txt", contents: Data("x".utf8))
    let cases: [([String], String, String)] = [
      (["import", "A.xcassets", "--to", "."], ".", "--to holds the catalog being imported"),
      (["import", "A.xcassets", "--to", ""], "gamut import", "--to is empty"),
      (["import", "A.xcassets", "--to", "file.txt/x"], "file.txt/x", "file.txt' is not a folder"),
      (
        ["import", "A.xcassets", "--to", "A.xcassets/Sub"], "A.xcassets/Sub",
        "--to points into the catalog being imported"
      ),
      (["import", "/", "--to", "Out"], "/", "is not an asset catalog: gamut imports a folder named *.xcassets"),
    ]
    for (arguments, path, expected) in cases {
      let result = try GamutProcess.run(arguments, in: folder)
      #expect(result.status == 64, "\(arguments): \(result.standardError)")
      #expect(
        result.standardError.hasPrefix(path + ": error: ") && result.standardError.contains(expected),
        "\(result.standardError)")
      #expect(!result.standardError.contains("NSCocoaErrorDomain") && !result.standardError.hasPrefix(": error:"))
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["A.xcassets", "file.txt"])
  }
}
