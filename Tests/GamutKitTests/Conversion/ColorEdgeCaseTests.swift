import Foundation
import Testing

@testable import GamutKit

/// The edges an independent audit found (issue 15): cICP pure-power curves, a LUT profile named sRGB, fallbacks
/// that must be reported, `convertible` agreeing with `convert`, unreadable iCCP chunks, verdicts graded by
/// visibility, smooth ramps, and the visible share of out-of-gamut pixels. Real files from Tests/Fixtures/testdata and
/// images built here.
@Suite struct ColorEdgeCaseTests {
  // MARK: - Files built here

  /// A 64x64 8-bit RGB image holding 16 levels per channel, each of the 4096 colors once.
  static let cube: PixelBuffer = {
    var samples: [UInt8] = []
    for index in 0..<4096 {
      samples += [index >> 8, (index >> 4) & 15, index & 15].map { UInt8($0 * 17) }
    }
    return PixelBuffer(width: 64, height: 64, layout: .rgb, samples: .eight(samples))
  }()

  /// A 256x16 8-bit gray ramp.
  static let grayRamp = PixelBuffer(
    width: 256, height: 16, layout: .gray, samples: .eight((0..<16).flatMap { _ in (0..<256).map { UInt8($0) } }))

  static func profile(_ path: String) throws -> [UInt8] {
    try TestData.sharedBytes(path)
  }

  static func write(_ pixels: PixelBuffer, profile: [UInt8]?, to path: String) throws {
    let tag: PNGEncoder.ColorTag = profile.map { .iccProfile(name: "embedded", bytes: $0) } ?? .none
    try AtomicFile.write(try PNGEncoder().encode(pixels, colorTag: tag), to: path)
  }

  /// Blue discs on white in Display P3, 256x256 8-bit, like a designer's export: fills just outside sRGB, edges
  /// anti-aliased (4x4 samples per pixel, blended in encoded values), and the export's dither as noise in the fills
  /// (blue down by up to 20 codes, green up by up to 9, from a fixed xorshift sequence). Clipped to sRGB, no pixel
  /// moves by more than CIEDE2000 1.27 and no plateau forms, but many neighbouring pairs merge.
  static let blueShapes: PixelBuffer = {
    let size = 256
    let discs: [(x: Int, y: Int, radius: Int, fill: [Int])] = [
      (64, 64, 45, [0, 0, 255]), (180, 75, 35, [13, 26, 255]), (125, 190, 55, [0, 13, 255]),
    ]
    var state: UInt32 = 15
    var samples: [UInt8] = []
    samples.reserveCapacity(size * size * 3)
    for y in 0..<size {
      for x in 0..<size {
        var color = [255, 255, 255]
        for disc in discs {
          var covered = 0
          for sy in 0..<4 {
            for sx in 0..<4 {
              // Sample (x + (sx + 0.5) / 4, y + (sy + 0.5) / 4), in eighths of a pixel.
              let dx = 2 * (x * 4 + sx) + 1 - 8 * disc.x
              let dy = 2 * (y * 4 + sy) + 1 - 8 * disc.y
              if dx * dx + dy * dy <= 64 * disc.radius * disc.radius { covered += 1 }
            }
          }
          if covered > 0 {
            color = zip(disc.fill, color).map { (covered * $0 + (16 - covered) * $1 + 8) / 16 }
          }
        }
        if color[2] >= 250 && color[0] < 64 {
          state ^= state << 13
          state ^= state >> 17
          state ^= state << 5
          color[2] -= Int(state % 21)
          color[1] += Int((state >> 8) % 10)
        }
        samples += color.map { UInt8($0) }
      }
    }
    return PixelBuffer(width: size, height: size, layout: .rgb, samples: .eight(samples))
  }()

  /// A 1024x64 16-bit Display P3 chroma ramp: encoded values from grey (0.5, 0.5, 0.5) at the left to P3 red
  /// (1, 0, 0) at the right. Its outer part lies outside sRGB and clips into a few sRGB reds.
  static let redRamp: PixelBuffer = {
    let width = 1024
    let row: [UInt16] = (0..<width).flatMap { x -> [UInt16] in
      let red = 32768 + (65535 - 32768) * x / (width - 1)
      let other = 32768 - 32768 * x / (width - 1)
      return [UInt16(red), UInt16(other), UInt16(other)]
    }
    return PixelBuffer(
      width: width, height: 64, layout: .rgb, samples: .sixteen((0..<64).flatMap { _ in row }))
  }()

  static func check(_ pixels: PixelBuffer, profile: [UInt8]) throws -> FileCheck.Outcome {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try write(pixels, profile: profile, to: folder.path + "/in.png")
    return try FileCheck(converter: ColorConverter(), thresholds: ClippingThresholds()).run(
      path: folder.path + "/in.png")
  }

  // MARK: - cICP transfer characteristics 4 and 5

  @Test(arguments: [(UInt8(4), 2.2), (5, 2.8)])
  func pureGammaTransfersConvert(transfer: UInt8, gamma: Double) throws {
    let points = ColorChunks.CodingPoints(
      colorPrimaries: 1, transferFunction: transfer, matrixCoefficients: 0, fullRange: true)
    let decision = ColorSpaceDecision(chunks: ColorChunks(codingPoints: points))
    #expect(decision.name == "sRGB primaries, gamma \(TransferCurve.format(gamma)) transfer")
    #expect(decision.identification?.transfer == .gamma(gamma))
    #expect(decision.warnings.isEmpty)
  }

  /// libavif's grayscale file (cICP 1/4/0/1 beside a cHRM and gAMA that lose): each gray code v becomes the sRGB
  /// encoding of (v / 255)^2.2, within one code.
  @Test func kodimGrayscaleWithCICPGamma22Converts() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = TestData.shared("wide-gamut/libavif/kodim03_grayscale_cicp.png").path
    let summary = try FileConversion(converter: ColorConverter()).run(
      input: input, output: folder.path + "/out.png", target: .sRGB)
    #expect(summary.sourceSpace == "sRGB primaries, gamma 2.2 transfer")
    #expect(summary.warnings.isEmpty)
    let source = try PNGDecoder().decode(contentsOf: input).pixels
    let output = try PNGDecoder().decode(contentsOf: folder.path + "/out.png").pixels
    guard case .eight(let gray) = source.samples, case .eight(let rgb) = output.samples else {
      Issue.record("expected 8-bit gray in and 8-bit RGB out")
      return
    }
    #expect(source.layout == .gray && output.layout == .rgb)
    var worst = 0
    for (index, value) in gray.enumerated() {
      let expected = Int((TransferCurve.sRGB.encode(pow(Double(value) / 255, 2.2)) * 255).rounded())
      for channel in 0..<3 { worst = max(worst, abs(Int(rgb[index * 3 + channel]) - expected)) }
    }
    #expect(worst <= 1)
  }

  // MARK: - A LUT profile named sRGB converts like sRGB

  @Test func sRGBv4PreferenceProfileConvertsAsSRGB() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let profile = try Self.profile("icc/icc-org/sRGB_v4_ICC_preference.icc")
    try Self.write(Self.cube, profile: profile, to: folder.path + "/in.png")
    let inspection = FileInspection(path: folder.path + "/in.png")
    #expect(inspection.colorSpace?.name == "sRGB")
    #expect(inspection.colorSpace?.convertible == true)
    #expect(inspection.profile?.model == .lutBased)
    let outcome = try FileCheck(converter: ColorConverter(), thresholds: ClippingThresholds())
      .run(path: folder.path + "/in.png")
    #expect(outcome.colorSpace == "sRGB" && outcome.report.verdict == .ok && outcome.report.colorShift.max == 0)
    _ = try FileConversion(converter: ColorConverter()).run(
      input: folder.path + "/in.png", output: folder.path + "/out.png", target: .sRGB)
    // Before: black became 29,29,29 and 96 % of these colors moved by more than a code.
    #expect(try PNGDecoder().decode(contentsOf: folder.path + "/out.png").pixels == Self.cube)
  }

  // MARK: - Fallbacks are reported, and `convertible` agrees with `convert`

  @Test(arguments: [
    ("icc/malformed/lcms2-testbed/bad.icc", "is unusable"),
    ("icc/malformed/lcms2-testbed/toosmall.icc", "is unusable"),
    ("icc/malformed/lcms2-testbed/bad_mpe.icc", "is unusable"),
    ("icc/malformed/lcms2-testbed/alltags.icc", "cannot be converted from"),
    ("icc/compact/profiles/CGATS001Compat-v2-micro.icc", "for CMYK data"),
    ("icc/compact/profiles/sGrey-v4.icc", "is for gray data but the image is RGB"),
  ])
  func unusableProfileInRGBImageIsReported(path: String, reason: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.write(Self.cube, profile: try Self.profile(path), to: folder.path + "/in.png")
    let inspection = FileInspection(path: folder.path + "/in.png")
    #expect(inspection.colorSpace?.convertible == true)
    #expect(inspection.colorSpace?.warnings.count == 1)
    #expect(inspection.colorSpace?.warnings.first?.contains(reason) == true)
    // The profile the warning is about is shown whenever it parses.
    if reason != "is unusable" { #expect(inspection.profile != nil) }
    if reason.contains("gray data") { #expect(inspection.profile?.colorSpace == "GRAY") }
    let summary = try FileConversion(converter: ColorConverter()).run(
      input: folder.path + "/in.png", output: folder.path + "/out.png", target: .sRGB)
    #expect(summary.warnings == inspection.colorSpace?.warnings)
    #expect(summary.warnings.first?.hasSuffix("converted as sRGB (no usable color chunk) instead") == true)
    let outcome = try FileCheck(converter: ColorConverter(), thresholds: ClippingThresholds())
      .run(path: folder.path + "/in.png")
    #expect(outcome.colorSpaceWarnings == summary.warnings)
  }

  /// The PNG rule for an iCCP whose data color space is not the image's: ignored, the next chunk decides.
  @Test func rgbProfileInGrayImageIsIgnoredForTheNextChunk() throws {
    let p3 = ColorChunks.EmbeddedProfile(
      name: "P3", bytes: try Self.profile("icc/compact/profiles/DisplayP3-v4.icc"))
    let decision = ColorSpaceDecision(chunks: ColorChunks(iccProfile: p3, gamma: 1 / 2.2, pixelsAreGray: true))
    #expect(decision.source == .gAMAcHRM)
    #expect(
      decision.warnings == [
        "iCCP profile \"P3\" is for RGB data but the image is gray: ignored, as the PNG "
          + "specification asks"
      ])
    let rgb = ColorSpaceDecision(chunks: ColorChunks(iccProfile: p3, gamma: 1 / 2.2))
    #expect(rgb.source == .iCCP && rgb.name == "Display P3" && rgb.warnings.isEmpty)
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Self.write(Self.grayRamp, profile: p3.bytes, to: folder.path + "/gray.png")
    let summary = try FileConversion(converter: ColorConverter()).run(
      input: folder.path + "/gray.png", output: folder.path + "/out.png", target: .sRGB)
    #expect(summary.sourceSpace == "sRGB" && summary.warnings.count == 1)
  }

  /// Every profile in Tests/Fixtures/testdata/icc, embedded in an RGB and in a gray image: inspect's `convertible` is
  /// true exactly when the conversion succeeds.
  @Test func convertibleIsTrueExactlyWhenConvertSucceeds() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let folders = [
      "icc/compact/profiles", "icc/icc-org", "icc/malformed/lcms2-testbed", "icc/malformed/qcms",
    ]
    var compared = 0
    for profileFolder in folders {
      for name in TestData.sharedFiles(in: profileFolder, withExtension: "icc") {
        let bytes = try Self.profile(profileFolder + "/" + name)
        for (kind, pixels) in [("rgb", Self.cube), ("gray", Self.grayRamp)] {
          let input = folder.path + "/\(kind)-\(name).png"
          try Self.write(pixels, profile: bytes, to: input)
          let convertible = FileInspection(path: input).colorSpace?.convertible
          let converted =
            (try? FileConversion(converter: ColorConverter()).run(
              input: input, output: input + ".out.png", target: .sRGB)) != nil
          #expect(convertible == converted, "\(profileFolder)/\(name) in a \(kind) image")
          compared += 1
        }
      }
    }
    #expect(compared >= 120)
  }

  // MARK: - Malformed or repeated color chunks

  /// A Display P3 cICP whose full-range flag is 2: the reader drops it, and every command says so (it was silent:
  /// the image became sRGB with no warning).
  @Test func malformedCICPIsReportedByEveryCommand() throws {
    let bytes = PNGBuilder.tinyGray(ancillary: [PNGBuilder.chunk("cICP", [12, 13, 0, 2])])
    let chunks = try PNGDecoder().decode(bytes).colorChunks
    #expect(chunks.codingPoints == nil)
    #expect(chunks.ignoredChunks == [.init(name: "cICP", reason: "invalid video full range flag 2")])
    let expected =
      "cICP chunk ignored (invalid video full range flag 2); converted as sRGB (no usable color chunk) instead"
    #expect(ColorSpaceDecision(chunks: chunks).fallbackWarnings == [expected])
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let input = folder.path + "/in.png"
    try AtomicFile.write(bytes, to: input)
    #expect(FileInspection(path: input).colorSpace?.warnings == [expected])
    let summary = try FileConversion(converter: ColorConverter()).run(
      input: input, output: folder.path + "/out.png", target: .sRGB)
    #expect(summary.warnings == [expected])
    let outcome = try FileCheck(converter: ColorConverter(), thresholds: ClippingThresholds()).run(path: input)
    #expect(outcome.colorSpaceWarnings == [expected])
    let findings = ImageChecks.fallbackDiagnostics(chunks, path: "in.png")
    #expect(findings.map(\.code) == ["unusable-color-chunk"] && findings.map(\.message) == [expected])
  }

  /// A malformed chunk warns when it would have counted; below the deciding chunk it is only a note. A repeated
  /// chunk is reported too (the first one counts), an iCCP one as `unusable-profile`; so is one with a CRC error.
  @Test func malformedChunkWarnsOnlyWhenItWouldHaveCounted() throws {
    let belowSRGB = try PNGDecoder().decode(
      PNGBuilder.tinyGray(ancillary: [PNGBuilder.chunk("sRGB", [0]), PNGBuilder.chunk("gAMA", [0, 0, 0])]))
    let quiet = ColorSpaceDecision(chunks: belowSRGB.colorChunks)
    #expect(quiet.source == .sRGB && quiet.warnings.isEmpty)
    #expect(quiet.notes == ["gAMA chunk ignored (invalid length 3)"])
    let repeated = try PNGDecoder().decode(
      PNGBuilder.tinyGray(ancillary: [
        PNGBuilder.chunk("gAMA", [0, 0, 0]), PNGBuilder.chunk("sRGB", [0]), PNGBuilder.chunk("sRGB", [1]),
        PNGBuilder.chunk("sRGB", [1]),
      ]))
    let decision = ColorSpaceDecision(chunks: repeated.colorChunks)
    #expect(decision.source == .sRGB)
    #expect(decision.warnings == ["sRGB chunk ignored (duplicate)"])  // once, however many
    var corrupt = PNGBuilder.chunk("sRGB", [0])
    corrupt[corrupt.count - 1] ^= 0xFF
    let crc = ColorSpaceDecision(chunks: try PNGDecoder().decode(PNGBuilder.tinyGray(ancillary: [corrupt])).colorChunks)
    #expect(crc.source == .untagged && crc.warnings == ["sRGB chunk ignored (CRC error)"])
    let profile = try Self.profile("icc/compact/profiles/sGrey-v4.icc")
    let twice = ColorChunks(
      iccProfile: .init(name: "g", bytes: profile), pixelsAreGray: true,
      ignoredChunks: [.init(name: "iCCP", reason: "duplicate")])
    #expect(ImageChecks.fallbackDiagnostics(twice, path: "g.png").map(\.code) == ["unusable-profile"])
  }

  // MARK: - Unreadable iCCP chunks

  @Test(arguments: [
    ("wide-gamut/pillow/icc_profile_none.png", "incorrect header check"),
    ("wide-gamut/pillow/unknown_compression_method.png", "CRC error"),
  ])
  func pillowUnreadableProfileDecodesAsUntagged(path: String, problem: String) throws {
    let image = try PNGDecoder().decode(contentsOf: TestData.shared(path).path)
    #expect(image.colorChunks.unreadableProfile == problem)
    #expect(image.colorChunks.iccProfile == nil && image.colorChunks.presentChunkNames == ["iCCP"])
    #expect(image.warnings.contains("iCCP: \(problem), chunk ignored"))
    let decision = ColorSpaceDecision(chunks: image.colorChunks)
    #expect(decision.source == .untagged && decision.profile == BuiltInProfiles.sRGB)
    #expect(decision.warnings == ["iCCP chunk cannot be read (\(problem)): ignored"])
    let converted = try ColorConverter().convert(image, to: .sRGB)
    #expect(converted.pixels == image.pixels.expandedToRGB())
    let inspection = FileInspection(path: TestData.shared(path).path)
    #expect(inspection.chunks?.iccProfileProblem == problem && inspection.colorSpace?.convertible == true)
  }

  /// An iCCP with compression method 1 (and a correct CRC) before an sRGB chunk: the sRGB chunk decides.
  @Test func unknownCompressionMethodLetsTheNextChunkDecide() throws {
    let iccp = PNGBuilder.chunk("iCCP", Array("name".utf8) + [0, 1, 0x78, 0x9C, 0x03, 0x00])
    let bytes = PNGBuilder.tinyGray(ancillary: [iccp, PNGBuilder.chunk("sRGB", [0])])
    let image = try PNGDecoder().decode(bytes)
    #expect(image.colorChunks.unreadableProfile == "unknown compression method 1")
    let decision = ColorSpaceDecision(chunks: image.colorChunks)
    #expect(decision.source == .sRGB)
    #expect(
      decision.fallbackWarnings == [
        "iCCP chunk cannot be read (unknown compression method 1): ignored; converted as sRGB (from sRGB) instead"
      ])
  }

  // MARK: - Verdicts graded by visibility

  /// The blue shapes: error before (7 % of neighbouring pairs merged), a warning now since no pixel moves by more
  /// than CIEDE2000 2.
  @Test func barelyVisibleShiftIsAWarningAtMost() throws {
    let outcome = try Self.check(Self.blueShapes, profile: BuiltInProfiles.displayP3.bytes)
    let report = outcome.report
    #expect(report.colorShift.max > 1.2 && report.colorShift.max < 1.3)
    #expect(report.plateaus.count == 0)
    #expect(report.lostDistinctions.share > ClippingThresholds().errorLostDistinctionShare)
    #expect(report.verdict == .warning)
    #expect(report.reasons.last?.contains("barely visible") == true)
    var strict = ClippingThresholds()
    strict.errorMinimumDeltaE = 1
    #expect(strict.verdict(for: report).0 == .error)
    // A sampled largest shift is a lower bound: the downgrade needs every out-of-gamut pixel measured.
    var sampled = report
    sampled.colorShift.sampleStride = 2
    #expect(ClippingThresholds().verdict(for: sampled).0 == .error)
  }

  // MARK: - Smooth ramps and the visible share

  /// The chroma ramp flattens into a few sRGB reds: no neighbouring pair (1 to 8 pixels apart) differs visibly in
  /// the source, so lost distinctions have nothing to judge; the plateau measure sees the collapse and decides.
  @Test func chromaRampCollapseIsSeenByPlateaus() throws {
    let report = try Self.check(Self.redRamp, profile: BuiltInProfiles.displayP3.bytes).report
    #expect(report.lostDistinctions.eligiblePairs == 0)
    #expect(report.plateaus.share > ClippingThresholds().errorPlateauShare)
    #expect(report.plateaus.longestRun > 100)
    #expect(report.verdict == .error)
    // The visible share (reported beside the out-of-gamut share) is smaller.
    #expect(report.colorShift.shareAbove1 < report.outOfGamutShare)
  }

  @Test func sharpP3RedsAreAllVisiblyChanged() throws {
    let outcome = try FileCheck(converter: ColorConverter(), thresholds: ClippingThresholds())
      .run(path: TestData.shared("wide-gamut/sharp/p3.png").path)
    #expect(outcome.report.outOfGamutShare == 1 && outcome.report.colorShift.shareAbove1 == 1)
    #expect(outcome.report.verdict == .error)
  }
}
