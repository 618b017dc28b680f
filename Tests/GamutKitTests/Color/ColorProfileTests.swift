import Foundation
import Testing

@testable import GamutKit

@Suite("ICCProfile validation and inspection")
struct ColorProfileTests {
  /// What each file in icc/malformed gives: an error kind, or the name identification gives.
  static let malformedOutcomes: [String: String] = [
    "lcms2-testbed/alltags.icc": "unknown",
    "lcms2-testbed/bad.icc": "error: badHeader",
    "lcms2-testbed/bad_mpe.icc": "error: badHeader",
    "lcms2-testbed/crayons.icc": "sRGB",
    "lcms2-testbed/ibm-t61.icc": "unknown",
    "lcms2-testbed/test5.icc": "sRGB",
    "lcms2-testbed/toosmall.icc": "error: badHeader",
    "qcms/0220-ca351238d719fd07ef8607d326b398fe.icc": "Gray (custom curve)",
    "qcms/0316-eb3f97ab646cd7b66bee80bdfe6098ac.icc": "unknown",
    "qcms/0372-973178997787ee780b4b58ee47cad683.icc": "unknown",
    "qcms/0732-80707d91aea0f8e64ef0286cc7720e99.icc": "unknown",
    "qcms/0744-0a5faafe175e682b10c590b03d3f093b.icc": "unknown",
    "qcms/1809-2bd4b77651214ca6110fdbee2502671e.icc": "unknown",
    "qcms/B2A0-ident.icc": "unknown",
    "qcms/parametric-thresh.icc": "unknown",
  ]

  static let malformedFiles: [String] = ["lcms2-testbed", "qcms"].flatMap { folder in
    TestData.sharedFiles(in: "icc/malformed/" + folder, withExtension: "icc").map { folder + "/" + $0 }
  }

  @Test func everyMalformedFileHasAnExpectedOutcome() {
    #expect(Set(Self.malformedFiles) == Set(Self.malformedOutcomes.keys))
  }

  @Test(.timeLimit(.minutes(1)), arguments: malformedFiles)
  func malformedProfileIsRejectedOrInspected(file: String) throws {
    let bytes = try TestData.sharedBytes("icc/malformed/" + file)
    let outcome: String
    do {
      let profile = try ICCProfile(bytes: bytes)
      let info = try profile.inspect()
      #expect(!info.version.isEmpty)
      outcome = try profile.identify().name
    } catch {
      #expect(!error.description.isEmpty)
      outcome = "error: \(error.kind)"
    }
    #expect(outcome == Self.malformedOutcomes[file])
  }

  @Test func tooSmallAndTooLargeAreReported() {
    #expect(kind([UInt8](repeating: 0, count: 131)) == .tooSmall)
    #expect(kind([UInt8](repeating: 0, count: ICCProfile.maximumSize + 1)) == .tooLarge)
  }

  @Test func headerProblemsAreReported() throws {
    let good = try TestData.sharedBytes("icc/compact/profiles/sRGB-v4.icc")
    var noSignature = good
    noSignature[36] = 0x41
    #expect(kind(noSignature) == .badHeader)
    var version5 = good
    version5[8] = 5
    let error = try #require(capture(version5))
    #expect(error.kind == .badHeader)
    #expect(error.description.contains("iccMAX"))
    var manyTags = good
    manyTags.replaceSubrange(128..<132, with: [0, 0, 1, 0])
    #expect(kind(manyTags) == .badHeader)
  }

  @Test func lcmsMessageIsCarried() throws {
    var bytes = try TestData.sharedBytes("icc/compact/profiles/sRGB-v4.icc")
    let para = Array("para".utf8)
    let start = try #require((0..<bytes.count - 4).first { bytes[$0..<$0 + 4].elementsEqual(para) })
    bytes.replaceSubrange(start..<start + 4, with: Array("zzzz".utf8))
    let error = try #require(capture(bytes))
    #expect(error.kind == .unusable)
    let message = try #require(error.lcmsMessage)
    #expect(message.contains("link the profiles"))
    #expect(error.description.contains("lcms2: "))
  }

  @Test func originalBytesAreKept() throws {
    let bytes = try TestData.sharedBytes("icc/compact/profiles/DisplayP3-v4.icc")
    #expect(try ICCProfile(bytes: bytes).bytes == bytes)
  }

  @Test func inspectsVersion4MatrixProfile() throws {
    let info = try ICCProfile(bytes: TestData.sharedBytes("icc/compact/profiles/DisplayP3-v4.icc")).inspect()
    #expect(info.description == "sP3")
    #expect(info.copyright != nil)
    #expect(info.version == "4.2")
    #expect(info.deviceClass == "display")
    #expect(info.deviceClassSignature == "mntr")
    #expect(info.colorSpace == "RGB")
    #expect(info.pcs == "XYZ")
    #expect(info.renderingIntent == 0)
    #expect(info.renderingIntentName == "perceptual")
    #expect(info.model == .matrixTRC)
    #expect(info.isMatrixTRC)
    #expect(info.chromaticAdaptation?.count == 9)
    let white = try #require(info.mediaWhitePoint)
    #expect(abs(white.x - 0.9642) < 0.0001 && abs(white.z - 0.8249) < 0.0001)
    let nativeWhite = try #require(info.whiteChromaticity)
    #expect(abs(nativeWhite.x - 0.3127) < 0.0002 && abs(nativeWhite.y - 0.3290) < 0.0002)
    let colorants = try #require(info.colorants)
    let red = try #require(colorants.red.chromaticity)
    #expect(abs(red.x - 0.680) < 0.0005 && abs(red.y - 0.320) < 0.0005)
    let green = try #require(colorants.green.chromaticity)
    #expect(abs(green.x - 0.265) < 0.0005 && abs(green.y - 0.690) < 0.0005)
    #expect(abs(colorants.red.pcs.x - 0.51512) < 0.0001)
    #expect(info.curves.count == 3)
    guard case .parametric(let type, let parameters, _) = info.curves[0] else {
      Issue.record("expected a parametric curve, got \(info.curves[0])")
      return
    }
    #expect(type == 4)
    #expect(parameters.count == 5)
    #expect(abs(parameters[0] - 2.4) < 0.001 && abs(parameters[4] - 0.04045) < 0.0001)
  }

  @Test func inspectsVersion2TableProfile() throws {
    let info = try ICCProfile(bytes: TestData.sharedBytes("icc/compact/profiles/sRGB-v2-micro.icc")).inspect()
    #expect(info.version == "2.1")
    #expect(info.curves.first == .table(entries: 42, estimatedGamma: info.curves.first?.estimatedGamma))
    // No chad: the adaptation from the D65 media white is Bradford, and undoing it gives D65 back.
    let white = try #require(info.whiteChromaticity)
    #expect(abs(white.x - 0.3127) < 0.0002 && abs(white.y - 0.3290) < 0.0002)
  }

  @Test func inspectsGammaAndGrayProfiles() throws {
    let adobe = try ICCProfile(bytes: TestData.sharedBytes("icc/compact/profiles/AdobeCompat-v2.icc")).inspect()
    guard case .parametric(1, let parameters, let gamma) = adobe.curves[0] else {
      Issue.record("expected a type 1 curve, got \(adobe.curves[0])")
      return
    }
    #expect(abs(parameters[0] - 563.0 / 256) < 0.0001)
    #expect(abs((gamma ?? 0) - 2.2) < 0.01)
    let gray = try ICCProfile(bytes: TestData.sharedBytes("icc/compact/profiles/sGrey-v4.icc")).inspect()
    #expect(gray.colorSpace == "GRAY")
    #expect(gray.model == .grayTRC)
    #expect(gray.curves.count == 1)
    #expect(gray.colorants == nil)
  }

  @Test func inspectsLUTProfile() throws {
    let info = try ICCProfile(bytes: TestData.sharedBytes("icc/icc-org/sRGB_v4_ICC_preference.icc")).inspect()
    #expect(info.model == .lutBased)
    #expect(!info.isMatrixTRC)
    #expect(info.pcs == "Lab")
    #expect(info.deviceClass == "color space")
    #expect(info.lutTags.contains("A2B0"))
    #expect(info.curves.isEmpty)
  }

  @Test func infoRoundTripsThroughJSON() throws {
    let info = try ICCProfile(bytes: TestData.sharedBytes("icc/compact/profiles/Rec2020-v4.icc")).inspect()
    let decoded = try JSONDecoder().decode(ProfileInfo.self, from: JSONEncoder().encode(info))
    #expect(decoded == info)
  }

  private func kind(_ bytes: [UInt8]) -> ProfileError.Kind? {
    capture(bytes)?.kind
  }

  private func capture(_ bytes: [UInt8]) -> ProfileError? {
    do {
      _ = try ICCProfile(bytes: bytes)
      return nil
    } catch {
      return error
    }
  }
}
