import Foundation
import Testing

@testable import GamutKit

/// `gamut lint --fix` end to end: the forms of the option, the dry run, the summary in text and JSON, the backup and
/// the output-path guard, catalogs gamut builds refused, the configuration's rules, the baseline, the report, SARIF
/// fixes.
@Suite(.tags(.process), .selectedByTags) struct FixCommandTests {
  /// A folder holding `App.xcassets`: `Ramp.imageset` (a 16-bit Display P3 ramp at 2x in an any-gamut slot: a
  /// clipping error), `Accent.colorset` (a display-p3 color with no sRGB entry) and `Old.imageset` (an sRGB PNG, its
  /// Contents.json in an older Xcode's layout).
  static func makeCatalog() throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    let catalog = folder.path + "/App.xcassets"
    var samples: [UInt16] = []
    for _ in 0..<8 {
      for x in 0..<64 { samples += [65535, UInt16(x * 1040 + 3), 0] }
    }
    let ramp = try PNGEncoder(compressionLevel: 1).encode(
      PixelBuffer(width: 64, height: 8, layout: .rgb, samples: .sixteen(samples)),
      colorTag: .iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes))
    let flat = try PNGEncoder(compressionLevel: 1).encode(
      PixelBuffer(width: 4, height: 4, layout: .rgb, samples: .eight(Array(repeating: 90, count: 48))),
      colorTag: .sRGB(intent: 0))
    let files: [(String, [UInt8])] = [
      ("Ramp.imageset/ramp@2x.png", ramp),
      (
        "Ramp.imageset/Contents.json",
        Array(
          XcodeJSON.object([
            "images": .array([
              .object(["idiom": .string("universal"), "scale": .string("1x")]),
              .object(["filename": .string("ramp@2x.png"), "idiom": .string("universal"), "scale": .string("2x")]),
            ]),
            "info": ContentsFile.info,
          ]).renderedBytes())
      ),
      ("Accent.colorset/Contents.json", Array(accent.utf8)),
      ("Old.imageset/old.png", flat),
      (
        "Old.imageset/Contents.json",
        Array(
          "{\n  \"images\" : [\n    {\n      \"idiom\" : \"universal\",\n      \"filename\" : \"old.png\"\n    }\n  ],\n"
            .utf8) + Array("  \"info\" : {\n    \"version\" : 1,\n    \"author\" : \"xcode\"\n  }\n}".utf8)
      ),
    ]
    for (path, bytes) in files { try TemporaryFolder.write(bytes, at: catalog + "/" + path) }
    return folder
  }

  static let accent = """
    {
      "colors" : [
        {
          "color" : {
            "color-space" : "display-p3",
            "components" : {
              "alpha" : "1.000",
              "blue" : "0.100",
              "green" : "0.200",
              "red" : "1.000"
            }
          },
          "idiom" : "universal"
        }
      ],
      "info" : {
        "author" : "xcode",
        "version" : 1
      }
    }

    """

  @Test func aDryRunPrintsTheChangesAndWritesNothing() throws {
    let folder = try Self.makeCatalog()
    defer { folder.remove() }
    let root = folder.path
    let before = TemporaryFolder.snapshot(root)
    let run = try GamutProcess.run(["lint", "App.xcassets", "--fix", "--dry-run"], in: root)
    #expect(run.status == 0, "warnings only")
    #expect(TemporaryFolder.snapshot(root) == before, "a dry run writes nothing, not even the lock")
    let out = run.standardOutput
    #expect(out.contains("would fix App.xcassets/Ramp.imageset (clipping-error):"))
    #expect(out.contains("  write ramp~srgb@2x.png (new): sRGB 8-bit, converted from ramp@2x.png (Display P3)"))
    #expect(out.contains("  --- App.xcassets/Ramp.imageset/Contents.json"))
    #expect(out.contains("  +      \"display-gamut\" : \"sRGB\","))
    #expect(out.contains("would fix 2 findings: 1 clipping-error, 1 p3-color-without-srgb"))
    #expect(!out.contains("Old.imageset ("), "contents-layout is not in the safe set")
  }

  @Test func theFormsOfTheOption() throws {
    let folder = try Self.makeCatalog()
    defer { folder.remove() }
    let root = folder.path
    let unknown = try GamutProcess.run(["lint", "App.xcassets", "--fix=clip"], in: root)
    #expect(unknown.status == 64)
    #expect(unknown.standardError.contains("--fix names 'clip', which is not a code; it fixes clipping-warning"))
    let notFixable = try GamutProcess.run(["lint", "App.xcassets", "--fix=missing-file"], in: root)
    #expect(notFixable.status == 64)
    #expect(try GamutProcess.run(["lint", "App.xcassets", "--dry-run"], in: root).status == 64)

    // `--fix PATH`: the path is linted and fixed with the safe set.
    let safe = try GamutProcess.run(["lint", "--fix", "App.xcassets"], in: root)
    #expect(safe.status == 0)
    #expect(safe.standardOutput.contains("fixed 2 findings: 1 clipping-error, 1 p3-color-without-srgb"))
    #expect(safe.standardOutput.contains("sRGB rendition App.xcassets/Ramp.imageset/ramp~srgb@2x.png: clipping error"))
    #expect(!FileManager.default.fileExists(atPath: root + "/App.xcassets/.gamut.lock"), "the fix leaves no lock")
    let layout = try GamutProcess.run(["lint", "App.xcassets", "--fix=contents-layout"], in: root)
    #expect(
      layout.standardOutput.contains("fixed App.xcassets/Old.imageset (contents-layout): Contents.json rewritten"))
    let again = try GamutProcess.run(["lint", "App.xcassets", "--fix=safe,contents-layout"], in: root)
    #expect(again.standardOutput.contains("fixed 0 findings\n"))
  }

  @Test func jsonCarriesTheFixAndTheFindingsThatRemain() throws {
    let folder = try Self.makeCatalog()
    defer { folder.remove() }
    let root = folder.path
    let run = try GamutProcess.run(["lint", "App.xcassets", "--fix", "--json"], in: root)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
    let fix = try #require(document["fix"] as? [String: Any])
    #expect(fix["fixed"] as? [String: Int] == ["clipping-error": 1, "p3-color-without-srgb": 1])
    #expect(
      (fix["changes"] as? [[String: Any]])?.map { $0["path"] as? String } == [
        "App.xcassets/Accent.colorset", "App.xcassets/Ramp.imageset",
      ])
    #expect((fix["renditions"] as? [[String: Any]])?.first?["verdict"] as? String == "error")
    let codes = (document["findings"] as? [[String: Any]])?.compactMap { $0["code"] as? String } ?? []
    #expect(!codes.contains("clipping-error") && !codes.contains("p3-color-without-srgb"))
    #expect(codes.contains("contents-layout"))
  }

  @Test func theBackupKeepsTheOriginalsAndTheGuardKeepsItOutOfTheCatalog() throws {
    let folder = try Self.makeCatalog()
    defer { folder.remove() }
    let root = folder.path
    let before = TemporaryFolder.snapshot(root + "/App.xcassets")
    let inside = try GamutProcess.run(["lint", "App.xcassets", "--fix", "--backup", "App.xcassets/bk"], in: root)
    #expect(inside.status == 64)
    #expect(inside.standardError.contains("--backup points into a catalog the fix changes"))
    #expect(TemporaryFolder.snapshot(root + "/App.xcassets") == before)

    let run = try GamutProcess.run(["lint", "App.xcassets", "--fix=safe,contents-layout", "--backup", "bk"], in: root)
    #expect(run.standardOutput.contains("backup: 3 original files in bk"))
    // Copying the backup over the catalog and removing the files the fix added restores it byte for byte.
    for (relative, bytes) in TemporaryFolder.snapshot(root + "/bk/App.xcassets") {
      try bytes.write(to: URL(fileURLWithPath: root + "/App.xcassets/" + relative))
    }
    try FileManager.default.removeItem(atPath: root + "/App.xcassets/Ramp.imageset/ramp~srgb@2x.png")
    #expect(TemporaryFolder.snapshot(root + "/App.xcassets") == before)

    // A backup folder holding other bytes where a file would go is refused before anything is written.
    try Data("other".utf8).write(to: URL(fileURLWithPath: root + "/bk/App.xcassets/Ramp.imageset/Contents.json"))
    let conflict = try GamutProcess.run(["lint", "App.xcassets", "--fix", "--backup", "bk"], in: root)
    #expect(conflict.status == 64)
    #expect(conflict.standardError.contains("--backup holds a file here with other bytes"))
    #expect(TemporaryFolder.snapshot(root + "/App.xcassets") == before)
  }

  @Test func aCatalogGamutBuildWritesIsRefusedWhenNamedAndLeftAloneWhenFound() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = folder.path
    try FileManager.default.createDirectory(atPath: root + "/src", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Artwork/Paper.png").path,
      toPath: root + "/src/Paper.png")
    #expect(try GamutProcess.run(["build", "src", "--output", "B.xcassets", "--quiet"], in: root).status == 0)
    let run = try GamutProcess.run(["lint", "./B.xcassets/", "--fix"], in: root)
    #expect(run.status == 64)
    #expect(run.standardError.contains("B.xcassets: error: is written by gamut build from a source folder"))

    // Found by a search beside a catalog kept by hand, it is linted and left alone; the other one is fixed.
    let kept = try Self.makeCatalog()
    defer { kept.remove() }
    try FileManager.default.moveItem(atPath: kept.path + "/App.xcassets", toPath: root + "/App.xcassets")
    let built = TemporaryFolder.snapshot(root + "/B.xcassets")
    let search = try GamutProcess.run(["lint", ".", "--fix"], in: root)
    #expect(search.status == 0)
    #expect(
      search.standardOutput.contains(
        "not fixed: B.xcassets is written by gamut build from a source folder; fix its sources and build again"))
    #expect(search.standardOutput.contains("fixed 2 findings: 1 clipping-error, 1 p3-color-without-srgb"))
    #expect(TemporaryFolder.snapshot(root + "/B.xcassets") == built)
  }

  @Test func aCodeTheRulesSwitchOffIsNotFixedAndAFixedFindingLeavesTheBaseline() throws {
    let folder = try Self.makeCatalog()
    defer { folder.remove() }
    let root = folder.path
    try Data("lint:\n  rules: { p3-color-without-srgb: off }\n".utf8).write(
      to: URL(fileURLWithPath: root + "/gamut.yml"))
    #expect(try GamutProcess.run(["lint", "App.xcassets", "--write-baseline", "b.json"], in: root).status == 0)
    #expect(
      String(decoding: FileManager.default.contents(atPath: root + "/b.json")!, as: UTF8.self).contains("clipping"))
    let run = try GamutProcess.run(
      ["lint", "App.xcassets", "--fix", "--baseline", "b.json", "--write-baseline", "b.json"], in: root)
    #expect(run.standardOutput.contains("fixed 1 finding: 1 clipping-error"))
    #expect(
      !String(
        decoding: FileManager.default.contents(atPath: root + "/App.xcassets/Accent.colorset/Contents.json")!,
        as: UTF8.self
      ).contains("sRGB"))
    let baseline = String(decoding: FileManager.default.contents(atPath: root + "/b.json")!, as: UTF8.self)
    #expect(!baseline.contains("clipping"), "the fixed finding left the baseline")
    #expect(baseline.contains("contents-layout"))
  }

  @Test func theReportAfterAFixShowsTheNewPair() throws {
    let folder = try Self.makeCatalog()
    defer { folder.remove() }
    let root = folder.path
    let run = try GamutProcess.run(["lint", "App.xcassets", "--fix", "--report", "r.html"], in: root)
    #expect(run.status == 0)
    let page = String(decoding: FileManager.default.contents(atPath: root + "/r.html") ?? Data(), as: UTF8.self)
    #expect(page.contains("ramp~srgb@2x.png"))
  }

  @Test func sarifDescribesTheEditsAFixWouldMake() throws {
    let folder = try Self.makeCatalog()
    defer { folder.remove() }
    let root = folder.path
    for arguments in [
      ["lint", "App.xcassets", "--diagnostics", "sarif"],
      ["lint", "App.xcassets", "--fix=contents-layout,p3-color-without-srgb", "--dry-run", "--diagnostics", "sarif"],
    ] {
      let run = try GamutProcess.run(arguments, in: root)
      let log = try #require(try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [String: Any])
      let results = ((log["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
      let fixed = results.filter { $0["fixes"] != nil }.compactMap { $0["ruleId"] as? String }.sorted()
      #expect(fixed == ["contents-layout", "p3-color-without-srgb"], "\(arguments)")
      let change =
        (results.first { $0["ruleId"] as? String == "contents-layout" }?["fixes"] as? [[String: Any]])?
        .first?["artifactChanges"] as? [[String: Any]]
      #expect(
        (change?.first?["artifactLocation"] as? [String: Any])?["uri"] as? String
          == "App.xcassets/Old.imageset/Contents.json")
    }
  }
}
