import Foundation
import Testing

/// `gamut inspect X.icon`: Icon Composer bundles in text and JSON, beside PNGs.
@Suite(.tags(.process), .selectedByTags) struct InspectIconCommandTests {
  private let icons = GamutProcess.projectRoot.appendingPathComponent("Tests/Fixtures/testdata/icon")
  private let refraction = GamutProcess.projectRoot.appendingPathComponent(
    "Tests/Fixtures/icon-composer/Refraction.icon")

  @Test func textShowsClassGroupsColorsAndFindings() throws {
    let run = try GamutProcess.run(["inspect", icons.appendingPathComponent("LoopKit--Loop--AppIcon.icon").path])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("compatible:   works with Xcode 26"))
    #expect(run.standardOutput.contains("platforms:    squares: shared; circles: watchOS"))
    #expect(run.standardOutput.contains("layer loop_circle (line 13): loop_circle.svg"))
    #expect(run.standardOutput.contains("display-p3:0.30588,0.84314,0.39608,1.00000 (display-p3, line 16"))
    #expect(run.standardOutput.contains("outside sRGB, ΔE2000"))
    #expect(run.standardOutput.contains("[icon-gradient-mixed-spaces]"))
  }

  @Test func jsonHasOneObjectPerArgumentOfEitherKind() throws {
    let png = GamutProcess.projectRoot.appendingPathComponent(
      "Tests/Fixtures/testdata/icon/insidegui--AssetCatalogTinkerer--AppIconV7.icon/Assets/background-dark.png")
    let run = try GamutProcess.run(["inspect", "--json", refraction.path + "/", png.path])
    #expect(run.status == 0)
    let array = try JSONSerialization.jsonObject(with: Data(run.standardOutput.utf8)) as? [[String: Any]]
    #expect(array?.count == 2)
    let icon = array?[0]
    #expect(icon?["name"] as? String == "Refraction")
    #expect((icon?["compatibility"] as? [String: Any])?["level"] as? String == "crashes-actool-26")
    let groups = icon?["groups"] as? [[String: Any]]
    let looks = groups?.first?["looks"] as? [String: Any]
    #expect((looks?["tinted"] as? [String: Any])?["visible"] as? Bool == true)
    #expect(array?[1]["width"] as? Int == 824)
  }

  @Test func unreadableBundleExitsOne() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path + "/Broken.icon"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: folder + "/icon.json", contents: Data("{\n  \"groups\" : [,\n".utf8))
    let run = try GamutProcess.run(["inspect", folder])
    #expect(run.status == 1)
    #expect(run.standardError.contains("Broken.icon: error: line 2: not valid JSON: "))
  }
}
