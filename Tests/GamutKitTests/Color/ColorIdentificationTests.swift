import Foundation
import Testing

@testable import GamutKit

@Suite("Color space identification by colorants and curves")
struct ColorIdentificationTests {
  /// The expected name for every profile in icc/compact/profiles, worked out from what each file is (the names in
  /// the files are not used by the identifier).
  static let compactExpectations: [String: String] = [
    "AdobeCompat-v2.icc": "Adobe RGB (1998)",
    "AdobeCompat-v4.icc": "Adobe RGB (1998)",
    "AppleCompat-v2.icc": "unknown",
    "AppleCompat-v4.icc": "unknown",
    "CGATS001Compat-v2-micro.icc": "unknown",
    "ColorMatchCompat-v2.icc": "unknown",
    "ColorMatchCompat-v4.icc": "unknown",
    "DCI-P3-v4.icc": "DCI-P3",
    "DisplayP3-v2-magic.icc": "Display P3",
    "DisplayP3-v2-micro.icc": "Display P3",
    "DisplayP3-v4.icc": "Display P3",
    "DisplayP3Compat-v2-magic.icc": "Display P3",
    "DisplayP3Compat-v2-micro.icc": "Display P3",
    "DisplayP3Compat-v4.icc": "Display P3",
    "ProPhoto-v2-magic.icc": "ProPhoto RGB",
    "ProPhoto-v2-micro.icc": "ProPhoto RGB",
    "ProPhoto-v4.icc": "ProPhoto RGB",
    "Rec2020-g24-v4.icc": "Rec. 2020",
    "Rec2020-v2-magic.icc": "Rec. 2020",
    "Rec2020-v2-micro.icc": "Rec. 2020",
    "Rec2020-v4.icc": "Rec. 2020",
    "Rec2020Compat-v2-magic.icc": "Rec. 2020",
    "Rec2020Compat-v2-micro.icc": "Rec. 2020",
    "Rec2020Compat-v4.icc": "Rec. 2020",
    "Rec601NTSC-v2-magic.icc": "unknown",
    "Rec601NTSC-v2-micro.icc": "unknown",
    "Rec601NTSC-v4.icc": "unknown",
    "Rec601PAL-v2-magic.icc": "unknown",
    "Rec601PAL-v2-micro.icc": "unknown",
    "Rec601PAL-v4.icc": "unknown",
    "Rec709-v2-magic.icc": "Rec. 709",
    "Rec709-v2-micro.icc": "Rec. 709",
    "Rec709-v4.icc": "Rec. 709",
    "WideGamutCompat-v2.icc": "unknown",
    "WideGamutCompat-v4.icc": "unknown",
    "sGrey-v2-magic.icc": "Gray (sRGB curve)",
    "sGrey-v2-micro.icc": "Gray (sRGB curve)",
    "sGrey-v2-nano.icc": "Gray (sRGB curve)",
    "sGrey-v4.icc": "Gray (sRGB curve)",
    "sRGB-v2-magic.icc": "sRGB",
    "sRGB-v2-micro.icc": "sRGB",
    "sRGB-v2-nano.icc": "sRGB",
    "sRGB-v4.icc": "sRGB",
    "scRGB-v2.icc": "unknown",
  ]

  static let compactFiles = TestData.sharedFiles(in: "icc/compact/profiles", withExtension: "icc")

  @Test func everyCompactProfileHasAnExpectation() {
    #expect(Set(Self.compactFiles) == Set(Self.compactExpectations.keys))
  }

  @Test(arguments: compactFiles)
  func compactProfile(file: String) throws {
    let identification = try identify("icc/compact/profiles/" + file)
    #expect(identification.name == Self.compactExpectations[file], "\(identification.notes)")
  }

  @Test(arguments: ["sRGB2014.icc", "sRGB_IEC61966-2-1_black_scaled.icc", "sRGB_v4_ICC_preference.icc"])
  func iccOrgSRGBProfiles(file: String) throws {
    let identification = try identify("icc/icc-org/" + file)
    #expect(identification.space == .sRGB)
    #expect(identification.transfer == .sRGB)
  }

  @Test func lutProfileSaysHowItWasIdentified() throws {
    let identification = try identify("icc/icc-org/sRGB_v4_ICC_preference.icc")
    #expect(identification.notes.contains { $0.contains("LUT-based") })
  }

  @Test func curvesAreNamed() throws {
    #expect(try identify("icc/compact/profiles/Rec2020-g24-v4.icc").transfer == .gamma(2.4))
    #expect(try identify("icc/compact/profiles/Rec709-v4.icc").transfer == .bt709)
    #expect(try identify("icc/compact/profiles/DCI-P3-v4.icc").transfer == .gamma(2.6))
    #expect(try identify("icc/compact/profiles/ProPhoto-v2-micro.icc").transfer == .gamma(1.8))
    #expect(try identify("icc/compact/profiles/AdobeCompat-v4.icc").transfer == .gamma(2.2))
  }

  @Test func unknownPrimariesAreQuoted() throws {
    let identification = try identify("icc/compact/profiles/AppleCompat-v4.icc")
    #expect(identification.primaries == nil)
    #expect(identification.notes.contains { $0.contains("(0.6250, 0.3400)") })
  }

  @Test func linearSRGBIsNotSRGB() throws {
    let identification = try identify("icc/compact/profiles/scRGB-v2.icc")
    #expect(identification.space == .unknown)
    #expect(identification.primaries == "sRGB")
    #expect(identification.transfer == .gamma(1))
    #expect(identification.notes.contains { $0.contains("sRGB primaries with a linear curve") })
  }

  @Test func displayP3PrimariesWithGamma22IsNotDisplayP3() throws {
    let profile = try ProfileFactory.rgbProfile(
      primaries: .displayP3, transfer: .gamma(2.2), description: "P3 gamma 2.2 (test)")
    let identification = try profile.identify()
    #expect(identification.space == .unknown)
    #expect(identification.primaries == "Display P3")
    #expect(identification.transfer == .gamma(2.2))
    #expect(
      identification.notes.contains("Display P3 primaries with a gamma 2.2 curve (not Display P3's sRGB curve)"))
  }

  @Test func p3PrimariesWithDCIWhiteAndSRGBCurveIsNotDCIP3() throws {
    let profile = try ProfileFactory.rgbProfile(primaries: .dciP3, transfer: .sRGB, description: "DCI sRGB (test)")
    let identification = try profile.identify()
    #expect(identification.space == .unknown)
    #expect(identification.primaries == "DCI-P3")
  }

  @Test(arguments: [
    (ColorChunks.Chromaticities.sRGB, TransferCurve.sRGB, KnownColorSpace.sRGB),
    (.sRGB, .bt709, .rec709),
    (.sRGB, .gamma(2.4), .rec709),
    (.displayP3, .sRGB, .displayP3),
    (.dciP3, .gamma(2.6), .dciP3),
    (.adobeRGB, .gamma(2.2), .adobeRGB),
    (.rec2020, .bt709, .rec2020),
    (.proPhoto, .gamma(1.8), .proPhoto),
    (.rec2020, .sRGB, .unknown),
    (.adobeRGB, .sRGB, .unknown),
  ])
  func builtProfilesAreIdentified(
    primaries: ColorChunks.Chromaticities, transfer: TransferCurve, expected: KnownColorSpace
  ) throws {
    let profile = try ProfileFactory.rgbProfile(primaries: primaries, transfer: transfer, description: "test")
    #expect(try profile.identify().space == expected)
  }

  @Test func curveClassification() {
    let srgb = TransferCurve.sampleInputs.map { x in x <= 0.04045 ? x / 12.92 : pow((x + 0.055) / 1.055, 2.4) }
    #expect(TransferCurve.classify(srgb, tolerance: ColorSpaceIdentifier.curveTolerance) == .sRGB)
    let gamma22 = TransferCurve.sampleInputs.map { pow($0, 2.2) }
    #expect(TransferCurve.classify(gamma22, tolerance: ColorSpaceIdentifier.curveTolerance) == .gamma(2.2))
    #expect(TransferCurve.sRGB.encodedError(gamma22) > 0.02)
    let bent = TransferCurve.sampleInputs.map { $0 < 0.5 ? pow($0, 2.2) : pow($0, 1.5) }
    #expect(TransferCurve.classify(bent, tolerance: ColorSpaceIdentifier.curveTolerance) == nil)
  }

  private func identify(_ path: String) throws -> ColorSpaceIdentification {
    try ICCProfile(bytes: TestData.sharedBytes(path)).identify()
  }
}
