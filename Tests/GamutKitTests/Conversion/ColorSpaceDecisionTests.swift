import Testing

@testable import GamutKit

@Suite("Color space decision from PNG color chunks")
struct ColorSpaceDecisionTests {
  static func points(_ primaries: UInt8, _ transfer: UInt8, matrix: UInt8 = 0, fullRange: Bool = true)
    -> ColorChunks.CodingPoints
  {
    ColorChunks.CodingPoints(
      colorPrimaries: primaries, transferFunction: transfer, matrixCoefficients: matrix, fullRange: fullRange)
  }

  static func embedded(_ file: String) throws -> ColorChunks.EmbeddedProfile {
    ColorChunks.EmbeddedProfile(name: file, bytes: try TestData.sharedBytes("icc/compact/profiles/" + file))
  }

  @Test func sourceRawValues() {
    #expect(ColorSpaceDecision.Source.allCases.map(\.rawValue) == ["cICP", "iCCP", "sRGB", "gAMA/cHRM", "untagged"])
  }

  @Test func untaggedIsSRGB() {
    let decision = ColorSpaceDecision(chunks: ColorChunks())
    #expect(decision.source == .untagged)
    #expect(decision.name == "sRGB")
    #expect(decision.profile == BuiltInProfiles.sRGB)
  }

  @Test(arguments: [
    (UInt8(12), UInt8(13), "Display P3", true),
    (1, 13, "sRGB", true),
    (1, 1, "Rec. 709", true),
    (9, 14, "Rec. 2020", true),
    (1, 8, "Linear sRGB", true),
    (9, 16, "Rec. 2100 PQ", false),
    (9, 18, "Rec. 2100 HLG", false),
    (11, 17, "DCI-P3", false),
    (12, 16, "Display P3 primaries, PQ transfer", false),
    (5, 13, "unknown", false),
    (1, 2, "unknown", false),
  ])
  func codingPoints(primaries: UInt8, transfer: UInt8, name: String, convertible: Bool) {
    let decision = ColorSpaceDecision(chunks: ColorChunks(codingPoints: Self.points(primaries, transfer)))
    #expect(decision.source == .cICP)
    #expect(decision.name == name)
    #expect((decision.profile != nil) == convertible)
    if !convertible { #expect(!decision.notes.isEmpty) }
  }

  @Test func codingPointsTakePrecedence() throws {
    let chunks = ColorChunks(
      iccProfile: try Self.embedded("sRGB-v4.icc"), sRGBIntent: 0, gamma: 0.45455, codingPoints: Self.points(12, 13))
    let decision = ColorSpaceDecision(chunks: chunks)
    #expect(decision.source == .cICP)
    #expect(decision.name == "Display P3")
    #expect(decision.profile == BuiltInProfiles.displayP3)
    #expect(decision.notes.contains("cICP takes precedence; ignored iCCP, sRGB, gAMA"))
  }

  @Test func codingPointsWithMatrixFallThrough() throws {
    let chunks = ColorChunks(
      iccProfile: try Self.embedded("Rec2020-v4.icc"), codingPoints: Self.points(1, 13, matrix: 1))
    let decision = ColorSpaceDecision(chunks: chunks)
    #expect(decision.source == .iCCP)
    #expect(decision.name == "Rec. 2020")
    #expect(decision.notes.contains { $0.contains("matrix coefficients 1") })
  }

  @Test func narrowRangeIsNamedButNotConverted() {
    let decision = ColorSpaceDecision(chunks: ColorChunks(codingPoints: Self.points(1, 13, fullRange: false)))
    #expect(decision.name == "sRGB")
    #expect(decision.profile == nil)
    #expect(decision.notes.contains { $0.contains("narrow-range") })
  }

  @Test func embeddedProfileWins() throws {
    let embedded = try Self.embedded("DisplayP3-v2-micro.icc")
    let decision = ColorSpaceDecision(chunks: ColorChunks(iccProfile: embedded, sRGBIntent: 0))
    #expect(decision.source == .iCCP)
    #expect(decision.name == "Display P3")
    #expect(decision.profile?.bytes == embedded.bytes)
    #expect(decision.profileInfo?.version == "2.1")
    #expect(decision.identification?.space == .displayP3)
    #expect(decision.notes.contains("iCCP takes precedence; ignored sRGB"))
  }

  @Test func brokenEmbeddedProfileFallsThrough() throws {
    let bad = ColorChunks.EmbeddedProfile(
      name: "bad", bytes: try TestData.sharedBytes("icc/malformed/lcms2-testbed/bad.icc"))
    let decision = ColorSpaceDecision(chunks: ColorChunks(iccProfile: bad, sRGBIntent: 1))
    #expect(decision.source == .sRGB)
    #expect(decision.name == "sRGB")
    #expect(decision.notes.contains { $0.hasPrefix("iCCP profile \"bad\" is unusable: no 'acsp' signature") })
  }

  @Test func nonRGBEmbeddedProfileFallsThrough() throws {
    let cmyk = try Self.embedded("CGATS001Compat-v2-micro.icc")
    let decision = ColorSpaceDecision(chunks: ColorChunks(iccProfile: cmyk))
    #expect(decision.source == .untagged)
    #expect(decision.notes.contains { $0.contains("CMYK") })
  }

  @Test func unknownEmbeddedProfileKeepsItsProfile() throws {
    let decision = ColorSpaceDecision(chunks: ColorChunks(iccProfile: try Self.embedded("AppleCompat-v4.icc")))
    #expect(decision.source == .iCCP)
    #expect(decision.name == "unknown")
    #expect(decision.profile != nil)
  }

  @Test func grayEmbeddedProfile() throws {
    let decision = ColorSpaceDecision(
      chunks: ColorChunks(iccProfile: try Self.embedded("sGrey-v4.icc"), pixelsAreGray: true))
    #expect(decision.name == "Gray (sRGB curve)")
  }

  @Test func sRGBChunk() {
    let decision = ColorSpaceDecision(
      chunks: ColorChunks(sRGBIntent: 0, gamma: 0.45455, chromaticities: .sRGB))
    #expect(decision.source == .sRGB)
    #expect(decision.name == "sRGB")
    #expect(decision.profile == BuiltInProfiles.sRGB)
    #expect(decision.notes == ["sRGB takes precedence; ignored gAMA, cHRM"])
  }

  @Test func gammaWithSRGBPrimariesIsNamedHonestly() {
    let decision = ColorSpaceDecision(chunks: ColorChunks(gamma: 0.45455, chromaticities: .sRGB))
    #expect(decision.source == .gAMAcHRM)
    #expect(decision.name == "sRGB primaries, gamma 2.2")
    #expect(decision.profile != nil)
    #expect(decision.notes.contains { $0.contains("not, the sRGB curve") })
  }

  @Test func gammaOnly() {
    let decision = ColorSpaceDecision(chunks: ColorChunks(gamma: 1.0))
    #expect(decision.source == .gAMAcHRM)
    #expect(decision.name == "sRGB primaries, linear")
    #expect(decision.notes.contains("no cHRM: sRGB primaries assumed"))
  }

  @Test func gammaAndChromaticitiesOfAKnownSpace() {
    let adobe = ColorSpaceDecision(chunks: ColorChunks(gamma: 1 / 2.2, chromaticities: .adobeRGB))
    #expect(adobe.name == "Adobe RGB (1998)")
    let proPhoto = ColorSpaceDecision(chunks: ColorChunks(gamma: 1 / 1.8, chromaticities: .proPhoto))
    #expect(proPhoto.name == "ProPhoto RGB")
  }

  @Test func chromaticitiesWithoutGammaUseTheSRGBCurve() {
    let decision = ColorSpaceDecision(chunks: ColorChunks(chromaticities: .displayP3))
    #expect(decision.name == "Display P3")
    #expect(decision.notes.contains("no gAMA: the sRGB curve assumed"))
  }

  @Test func unusableGammaFallsToUntagged() {
    let decision = ColorSpaceDecision(chunks: ColorChunks(gamma: 0))
    #expect(decision.source == .untagged)
    #expect(decision.name == "sRGB")
    #expect(decision.notes.contains { $0.contains("gAMA/cHRM cannot be used") })
  }
}
