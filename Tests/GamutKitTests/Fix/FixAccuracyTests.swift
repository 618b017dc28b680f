import Foundation
import Testing

@testable import GamutKit

/// The pixels `--fix` converts, against an independent double-precision reference
/// (`Tests/ColorReference/fix-reference.json`, written by `scripts/generate/fix-reference` with numpy from the published
/// primaries and curves): every converted sample of an 8-bit rendition within 1 code of the reference, the Display P3
/// 16-bit rendition within half an 8-bit code (128 sixteen-bit codes; the profiles' s15Fixed16 numbers account for
/// it: 85 measured), alpha kept exactly. The accuracy `gamut convert` keeps (docs/convert.md).
@Suite struct FixAccuracyTests {
  struct Reference: Decodable {
    struct Case: Decodable {
      var name: String
      var space: String
      var bitDepth: Int
      var channels: Int
      var width: Int
      var height: Int
      var samples: [Int]
      var srgb8: [Int]
      var displayP3_16: [Int]?
    }

    var cases: [Case]
  }

  static let reference: Reference = {
    let url = TestData.projectRoot.appendingPathComponent("Tests/ColorReference/fix-reference.json")
    return try! JSONDecoder().decode(Reference.self, from: Data(contentsOf: url))
  }()

  /// The PNG of a case: its samples in its space (an embedded profile, or a gAMA chunk of 1/1.8).
  static func png(_ sample: Reference.Case) throws -> [UInt8] {
    let layout: PixelBuffer.Layout = sample.channels == 4 ? .rgba : .rgb
    let pixels =
      sample.bitDepth == 16
      ? PixelBuffer(
        width: sample.width, height: sample.height, layout: layout, samples: .sixteen(sample.samples.map(UInt16.init)))
      : PixelBuffer(
        width: sample.width, height: sample.height, layout: layout, samples: .eight(sample.samples.map(UInt8.init)))
    let encoder = PNGEncoder(compressionLevel: 1)
    switch sample.space {
    case "display-p3":
      return try encoder.encode(
        pixels, colorTag: .iccProfile(name: "Display P3", bytes: BuiltInProfiles.displayP3.bytes))
    case "adobe-rgb":
      let profile = try [UInt8](
        Data(contentsOf: TestData.projectRoot.appendingPathComponent("Tests/FuzzCorpus/icc/seeds/AdobeCompat-v4.icc")))
      return try encoder.encode(pixels, colorTag: .iccProfile(name: "Adobe RGB", bytes: profile))
    default:
      let plain = try encoder.encode(pixels, colorTag: .none)
      return Array(plain[0..<33]) + PNGBuilder.chunk("gAMA", PNGBuilder.bigEndian(55_556)) + Array(plain[33...])
    }
  }

  /// The largest difference between two sample lists of one length.
  static func worst(_ written: [Int], _ expected: [Int]) -> Int {
    guard written.count == expected.count else { return .max }
    return zip(written, expected).map { abs($0 - $1) }.max() ?? 0
  }

  /// The samples of a decoded PNG as integers.
  static func samples(_ image: PNGImage) -> [Int] {
    switch image.pixels.samples {
    case .eight(let values): values.map(Int.init)
    case .sixteen(let values): values.map(Int.init)
    }
  }

  @Test(arguments: FixAccuracyTests.reference.cases.map(\.name))
  func convertedPixelsAreWithinOneCodeOfTheReference(name: String) throws {
    let sample = try #require(Self.reference.cases.first { $0.name == name })
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(try Self.png(sample), at: "Art.imageset/art.png")
    try fixture.imageSet("Art", [("art.png", nil, nil, nil)])
    let run = try fixture.fix()
    #expect(!run.report.fixed.isEmpty, "\(name): \(fixture.codes(run.before))")

    let sRGBName = fixture.names("Art.imageset").contains("art~srgb.png") ? "art~srgb.png" : "art.png"
    let sRGB = try fixture.decoded("Art.imageset/" + sRGBName)
    #expect(sRGB.header.bitDepth == 8)
    #expect(sRGB.colorChunks.iccProfile?.bytes == BuiltInProfiles.sRGB.bytes)
    let sRGBWorst = Self.worst(Self.samples(sRGB), sample.srgb8)
    #expect(sRGBWorst <= 1, "\(name): sRGB off by \(sRGBWorst) codes")
    if sample.channels == 4 {
      let alpha = Self.samples(sRGB).enumerated().filter { $0.offset % 4 == 3 }.map(\.element)
      #expect(alpha == sample.srgb8.enumerated().filter { $0.offset % 4 == 3 }.map(\.element), "alpha kept")
    }
    if let expected = sample.displayP3_16 {
      let p3 = try fixture.decoded("Art.imageset/art.png")
      #expect(p3.header.bitDepth == 16)
      #expect(p3.colorChunks.iccProfile?.bytes == BuiltInProfiles.displayP3.bytes)
      let p3Worst = Self.worst(Self.samples(p3), expected)
      #expect(p3Worst <= 128, "\(name): Display P3 off by \(p3Worst) sixteen-bit codes")
      print("FixAccuracyTests \(name): sRGB worst \(sRGBWorst) codes, Display P3 worst \(p3Worst) of 65535")
    } else {
      print("FixAccuracyTests \(name): sRGB worst \(sRGBWorst) codes")
    }
  }
}
