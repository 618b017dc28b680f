import Testing

@testable import GamutKit

@Suite("Profile factory and built-in profiles")
struct ColorProfileFactoryTests {
  @Test func builtInProfilesHaveFixedBytes() throws {
    let again = BuiltInProfiles.build(.sRGB, description: "sRGB (gamut)")
    #expect(again.bytes == BuiltInProfiles.sRGB.bytes)
    let p3 = BuiltInProfiles.build(.displayP3, description: "Display P3 (gamut)")
    #expect(p3.bytes == BuiltInProfiles.displayP3.bytes)
    #expect(BuiltInProfiles.sRGB.bytes != BuiltInProfiles.displayP3.bytes)
  }

  @Test func headerDateAndProfileIDAreFixed() {
    for profile in [BuiltInProfiles.sRGB, BuiltInProfiles.displayP3] {
      #expect(Array(profile.bytes[24..<36]) == [0x07, 0xE9, 0, 1, 0, 1, 0, 0, 0, 0, 0, 0])
      #expect(profile.bytes[84..<100].allSatisfy { $0 == 0 })
      #expect(profile.bytes[8] == 4 && profile.bytes[9] == 0x30)
    }
  }

  @Test func builtInProfilesAreIdentified() throws {
    #expect(try BuiltInProfiles.sRGB.identify().space == .sRGB)
    #expect(try BuiltInProfiles.displayP3.identify().space == .displayP3)
  }

  @Test func builtInProfilesAreInspected() throws {
    let info = try BuiltInProfiles.displayP3.inspect()
    #expect(info.description == "Display P3 (gamut)")
    #expect(info.copyright == "No copyright, use freely")
    #expect(info.version == "4.3")
    #expect(info.deviceClass == "display")
    #expect(info.model == .matrixTRC)
    guard case .parametric(4, let parameters, _) = info.curves[0] else {
      Issue.record("expected a type 4 curve, got \(info.curves[0])")
      return
    }
    let expected = [2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045]
    #expect(zip(parameters, expected).allSatisfy { abs($0 - $1) < 0.0001 })
    let white = try #require(info.whiteChromaticity)
    #expect(abs(white.x - 0.3127) < 0.0002 && abs(white.y - 0.3290) < 0.0002)
  }

  @Test func pngGammaProfile() throws {
    let profile = try ProfileFactory.pngProfile(gamma: 1 / 2.2, chromaticities: nil)
    let identification = try profile.identify()
    #expect(identification.primaries == "sRGB")
    #expect(identification.transfer == .gamma(2.2))
    let adobe = try ProfileFactory.pngProfile(gamma: 0.45455, chromaticities: .adobeRGB)
    #expect(try adobe.identify().space == .adobeRGB)
    #expect(throws: ProfileError.self) { try ProfileFactory.pngProfile(gamma: 0, chromaticities: nil) }
    let degenerate = ColorChunks.Chromaticities(
      whiteX: 0.3127, whiteY: 0.329, redX: 0.3, redY: 0.3, greenX: 0.3, greenY: 0.3, blueX: 0.3, blueY: 0.3)
    #expect(throws: ProfileError.self) { try ProfileFactory.pngProfile(gamma: 0.45455, chromaticities: degenerate) }
  }

  @Test(arguments: [
    (UInt8(1), UInt8(13), KnownColorSpace.sRGB),
    (12, 13, .displayP3),
    (1, 1, .rec709),
    (1, 6, .rec709),
    (9, 14, .rec2020),
    (9, 15, .rec2020),
    (1, 8, .unknown),
    (12, 8, .unknown),
    (9, 8, .unknown),
  ])
  func codingPointsProfile(primaries: UInt8, transfer: UInt8, expected: KnownColorSpace) throws {
    let points = ColorChunks.CodingPoints(
      colorPrimaries: primaries, transferFunction: transfer, matrixCoefficients: 0, fullRange: true)
    let profile = try ProfileFactory.profile(for: points)
    let identification = try profile.identify()
    #expect(identification.space == expected)
    if transfer == 8 { #expect(identification.transfer == .gamma(1)) }
  }

  @Test func codingPointsBuiltInsAreTheBuiltInBytes() throws {
    let p3 = ColorChunks.CodingPoints(colorPrimaries: 12, transferFunction: 13, matrixCoefficients: 0, fullRange: true)
    #expect(try ProfileFactory.profile(for: p3) == BuiltInProfiles.displayP3)
  }

  @Test(arguments: [(UInt8(9), UInt8(16)), (9, 18), (11, 17), (5, 13), (1, 2)])
  func unsupportedCodingPointsThrow(primaries: UInt8, transfer: UInt8) {
    let points = ColorChunks.CodingPoints(
      colorPrimaries: primaries, transferFunction: transfer, matrixCoefficients: 0, fullRange: true)
    #expect(throws: ProfileError.self) { try ProfileFactory.profile(for: points) }
  }
}
