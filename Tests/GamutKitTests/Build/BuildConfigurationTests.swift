import Testing

@testable import GamutKit

@Suite struct BuildConfigurationTests {
  @Test func readsEveryOption() throws {
    let yaml = """
      gamut: both
      intent: perceptual
      blackPointCompensation: true
      gamutMapping: chroma
      dither: true
      compression: 9
      aliases: {"_night": [dark]}
      namespaces: [Icons, Icons/Tab]
      idioms: [iphone, ipad]
      darkWhiteShare: 0.5
      thresholds: { errorPlateauShare: 0.02, warningP99DeltaE: 3 }
      """
    let options = try BuildConfiguration(yaml: yaml, path: "gamut.yml").options
    #expect(options.gamutPolicy == .both)
    #expect(options.conversion.intent == .perceptual)
    #expect(options.conversion.blackPointCompensation)
    #expect(options.conversion.gamutMapping == .chroma)
    #expect(options.conversion.dither)
    #expect(options.compressionLevel == 9)
    #expect(options.aliases.suffixes["_night"] == ["dark"])
    #expect(options.aliases.suffixes["_dark"] == ["dark"])
    #expect(options.namespaces.providesNamespace(["Icons", "Tab"]))
    #expect(!options.namespaces.providesNamespace(["Other"]))
    #expect(options.idioms == [.universal, .iphone, .ipad])
    #expect(options.darkWhiteShareLimit == 0.5)
    #expect(options.thresholds.errorPlateauShare == 0.02)
    #expect(options.thresholds.warningP99DeltaE == 3)
  }

  @Test func reportPathIsRelativeToTheConfigurationFile() throws {
    #expect(
      try BuildConfiguration(yaml: "report: ../out/r.html", path: "Art/gamut.yml").options.reportPath
        == "Art/../out/r.html")
    #expect(
      try BuildConfiguration(yaml: "report: /tmp/r.html", path: "Art/gamut.yml").options.reportPath
        == "/tmp/r.html")
    #expect(try BuildConfiguration(yaml: "report: r.html", path: "gamut.yml").options.reportPath == "r.html")
  }

  @Test func emptyFileMeansDefaults() throws {
    #expect(try BuildConfiguration(yaml: "", path: "gamut.yml").options == BuildOptions())
  }

  @Test(arguments: [
    ("gamutt: auto", "unknown option 'gamutt'"),
    ("gamut: wide", "'gamut' must be one of auto, both, srgb"),
    ("compression: 12", "'compression' must be a deflate level from 0 to 9"),
    ("thresholds: { plateau: 1 }", "unknown threshold 'thresholds.plateau'"),
    ("idioms: [phone]", "'idioms' must be a list of:"),
    ("report: out/report.txt", "'report' must be a path ending in .html"),
    ("- a\n- b", "expected a mapping of options"),
  ])
  func mistakesAreNamed(yaml: String, message: String) {
    #expect {
      _ = try BuildConfiguration(yaml: yaml, path: "Art/gamut.yml")
    } throws: { error in
      "\(error)".hasPrefix("Art/gamut.yml: error: ") && "\(error)".contains(message)
    }
  }
}
