import Foundation
import Testing

@testable import GamutKit

/// Every fixable code whose minimal input is a catalog (the registry's lint triggers): `--fix=CODE` on it leaves lint
/// without that code, and a second run changes nothing. The codes whose trigger is a build (the clipping verdicts, the
/// unusable chunks) are fixed on catalogs in `FixPairTests` and `FixFileTests`.
@Suite struct FixRegistryTests {
  static let lintTriggered = DiagnosticRegistry.entries.filter { $0.fixable && $0.trigger.runner == .lint }.map(
    \.code.rawValue)

  @Test(arguments: FixRegistryTests.lintTriggered)
  func theMinimalInputOfAFixableCodeIsFixed(code: String) throws {
    let entry = try #require(DiagnosticRegistry.entry(DiagnosticCode(rawValue: code)))
    let fixture = try LintFixture()
    defer { fixture.remove() }
    for (path, file) in entry.trigger.files {
      try RegistryTriggerRunner.write(file, at: fixture.folder.path + "/" + path)
    }
    let configuration = (try? String(contentsOfFile: fixture.folder.path + "/gamut.yml", encoding: .utf8)) ?? ""
    #expect(try fixture.lint(configuration).findings.contains { $0.diagnostic.code.rawValue == code })
    let run = try fixture.fixTwice(code, configuration: configuration)
    #expect(
      run.report.fixed.contains { $0.diagnostic.code.rawValue == code }, "\(code): \(run.report.unfixed.map(\.reason))")
    #expect(!run.after.findings.contains { $0.diagnostic.code.rawValue == code })
  }

  @Test func anUnusableProfileBesideAnSRGBChunkIsConvertedAndOneAloneIsLeft() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    let broken = try RegistryTriggerRunner.png(PNGSketch(8, 8, tag: .brokenProfile))
    let sRGB = PNGBuilder.chunk("sRGB", [0])
    try fixture.write(Array(broken[0..<33]) + sRGB + Array(broken[33...]), at: "Clear.imageset/clear.png")
    try fixture.imageSet("Clear", [("clear.png", nil, nil, nil)])
    try fixture.write(broken, at: "Dim.imageset/dim.png")
    try fixture.imageSet("Dim", [("dim.png", nil, nil, nil)])
    #expect(
      fixture.codes(try fixture.lint()) == [
        "unusable-profile Clear.imageset/clear.png", "unusable-profile Dim.imageset/dim.png",
      ])

    let run = try fixture.fixTwice("unusable-profile")
    #expect(fixture.remaining(run) == ["unusable-profile Dim.imageset/dim.png"])
    #expect(try fixture.decoded("Clear.imageset/clear.png").colorChunks.iccProfile?.bytes == BuiltInProfiles.sRGB.bytes)
  }
}
