import Testing

@testable import GamutKit

@Suite struct SourceNameTests {
  @Test func plainNameIsOneXUniversal() throws {
    let name = try SourceName(parsing: "icon.png")
    #expect(name.assetName == "icon")
    #expect(name.traits == RenditionTraits())
    #expect(!name.isTemplate)
  }

  @Test(arguments: [
    "icon~dark~hc@2x.png", "icon~hc~dark@2x.png", "icon@2x~dark~hc.png", "icon~dark@2x~hc.png", "icon~HC~Dark@2X.PNG",
  ])
  func tokenOrderDoesNotMatter(fileName: String) throws {
    let name = try SourceName(parsing: fileName)
    #expect(name.assetName == "icon")
    #expect(name.traits == RenditionTraits(scale: 2, appearance: .dark, highContrast: true))
  }

  @Test func idiomGamutAndTemplate() throws {
    let name = try SourceName(parsing: "StarTemplate~ipad~p3@3x.png")
    #expect(name.assetName == "StarTemplate")
    #expect(name.traits == RenditionTraits(idiom: .ipad, scale: 3, gamut: .displayP3))
    #expect(name.isTemplate)
  }

  @Test func unknownTokenIsAnError() {
    #expect(throws: SourceNameError.unknownToken("drak")) { try SourceName(parsing: "icon~drak.png") }
    #expect(throws: SourceNameError.invalidScale("@4x")) { try SourceName(parsing: "icon@4x.png") }
    #expect(throws: SourceNameError.conflictingTokens("light")) { try SourceName(parsing: "icon~dark~light.png") }
    #expect(throws: SourceNameError.notPNGName) { try SourceName(parsing: "icon.gif") }
  }

  @Test(arguments: [".hidden.png", "a\u{7}b.png", "a\\b.png", "~dark.png", " icon.png"])
  func invalidNamesAreRejected(fileName: String) {
    #expect(throws: SourceNameError.self) { try SourceName(parsing: fileName) }
  }

  @Test func aliasesOnlyWhenSwitchedOn() throws {
    let plain = try SourceName(parsing: "Hero_darkHC@2x.png")
    #expect(plain.assetName == "Hero_darkHC")
    let aliased = try SourceName(parsing: "Hero_darkHC@2x.png", aliases: .standard)
    #expect(aliased.assetName == "Hero")
    #expect(aliased.traits == RenditionTraits(scale: 2, appearance: .dark, highContrast: true))
    let dashed = try SourceName(parsing: "Hero-dark.png", aliases: .standard)
    #expect(dashed.assetName == "Hero" && dashed.traits.appearance == .dark)
  }

  @Test func outputFileNameRoundTrips() throws {
    let traits = RenditionTraits(idiom: .iphone, scale: 3, appearance: .light, highContrast: true, gamut: .displayP3)
    let fileName = traits.fileName(assetName: "Icon")
    #expect(fileName == "Icon~iphone~light~hc~p3@3x.png")
    let parsed = try SourceName(parsing: fileName)
    #expect(parsed.assetName == "Icon" && parsed.traits == traits)
  }

  @Test func vectorsAndSymbols() throws {
    let pdf = try SourceName(parsing: "Logo~dark.PDF")
    #expect(pdf.format == .pdf && pdf.assetName == "Logo" && pdf.traits.appearance == .dark && !pdf.hasScaleToken)
    let scaled = try SourceName(parsing: "Star@2x.svg")
    #expect(scaled.format == .svg && scaled.traits.scale == 2 && scaled.hasScaleToken)
    let symbol = try SourceName(parsing: "Gear.symbols.svg")
    #expect(symbol.format == .symbol && symbol.assetName == "Gear" && symbol.traits.isSingleScale)
    #expect(throws: SourceNameError.self) { try SourceName(parsing: "Gear~dark.symbols.svg") }
    #expect(throws: SourceNameError.notPNGName) { try SourceName(parsing: "Gear.eps") }
    let single = RenditionTraits(scale: RenditionTraits.singleScale, appearance: .dark)
    #expect(single.fileName(assetName: "Logo", extension: "pdf") == "Logo~dark.pdf")
    #expect(single.scaleName == "single")
  }
}
