import Foundation
import Testing

@testable import GamutKit

@Suite struct ConversionBehaviorTests {
  private func decode(_ path: String) throws -> PNGImage {
    try PNGDecoder().decode(contentsOf: TestData.shared(path).path)
  }

  private func image(_ pixels: PixelBuffer, profile: ICCProfile?) -> PNGImage {
    PNGImage(
      header: PNGHeader(
        width: pixels.width, height: pixels.height, bitDepth: pixels.bitDepth, colorType: .rgb, interlaced: false,
        hasTransparencyChunk: false),
      colorChunks: ColorChunks(iccProfile: profile.map { .init(name: "p", bytes: $0.bytes) }), pixels: pixels)
  }

  /// A 16-bit Display P3 gradient from `start` to `end` (P3 code values 0...1), 512 x 16.
  private func p3Gradient(from start: SIMD3<Double>, to end: SIMD3<Double>) -> PNGImage {
    var samples: [UInt16] = []
    for _ in 0..<16 {
      for x in 0..<512 {
        let color = start + (end - start) * (Double(x) / 511)
        samples += [color.x, color.y, color.z].map { UInt16(($0 * 65535).rounded()) }
      }
    }
    return image(
      PixelBuffer(width: 512, height: 16, layout: .rgb, samples: .sixteen(samples)), profile: BuiltInProfiles.displayP3)
  }

  @Test func elevenP3RedsThatBecomeOneSRGBRedAreNotOK() throws {
    let result = try ColorConverter().check(try decode("wide-gamut/sharp/p3.png"), thresholds: ClippingThresholds())
    #expect(result.analysis.report.verdict != .ok)
  }

  @Test func p3ScreenshotInsideSRGBIsOK() throws {
    let screenshot = try decode("wide-gamut/brightroom/screenshot-8bit-p3-alpha.png")
    #expect(screenshot.pixels.width == 1170 && screenshot.pixels.height == 2532)
    #expect(ColorSpaceDecision(chunks: screenshot.colorChunks).name == "Display P3")
    let result = try ColorConverter().check(screenshot, thresholds: ClippingThresholds())
    #expect(result.analysis.report.verdict == .ok)
  }

  @Test(arguments: [
    "pngsuite/basn2c08.png", "pngsuite/basn6a16.png", "libpng/rgb-8-sRGB.png", "libpng/gray-16-sRGB.png",
  ])
  func sRGBFilesAreOK(path: String) throws {
    let result = try ColorConverter().check(try decode(path), thresholds: ClippingThresholds())
    #expect(result.analysis.report.verdict == .ok)
    #expect(result.analysis.report.outOfGamutPixels == 0)
  }

  @Test func smoothP3GradientShowsPlateausAndItsInGamutTwinDoesNot() throws {
    let converter = ColorConverter()
    let wide = try converter.check(p3Gradient(from: [1, 0, 0], to: [0, 1, 0]), thresholds: ClippingThresholds())
    #expect(wide.analysis.report.plateaus.count > 0)
    #expect(wide.analysis.report.verdict != .ok)
    // sRGB red and green expressed in Display P3 coordinates: every color of the gradient is inside sRGB.
    let red = SIMD3(0.9175, 0.2003, 0.1386)
    let green = SIMD3(0.4584, 0.9853, 0.2983)
    let inside = try converter.check(p3Gradient(from: red, to: green), thresholds: ClippingThresholds())
    #expect(inside.analysis.report.plateaus.count == 0)
    #expect(inside.analysis.report.verdict == .ok)
  }

  @Test func sRGBToSRGBIsTheIdentity() throws {
    let codes: [UInt8] = (0..<256).flatMap { (v: Int) -> [UInt8] in [UInt8(v), UInt8(255 - v), UInt8((v * 37) % 256)] }
    let source = image(PixelBuffer(width: 256, height: 1, layout: .rgb, samples: .eight(codes)), profile: nil)
    let rendition = try ColorConverter().convert(source, to: .sRGB)
    #expect(rendition.pixels.samples == .eight(codes))
  }

  @Test func sRGBThroughDisplayP3AndBackKeepsEveryCode() throws {
    let codes: [UInt8] = (0..<256).flatMap { (v: Int) -> [UInt8] in
      [UInt8(v), UInt8((255 - v) / 2), UInt8((v * 91) % 256)]
    }
    let converter = ColorConverter()
    let p3 = try converter.convert(
      image(PixelBuffer(width: 256, height: 1, layout: .rgb, samples: .eight(codes)), profile: nil), to: .displayP3)
    #expect(p3.pixels.bitDepth == 16)
    let back = try converter.convert(image(p3.pixels, profile: BuiltInProfiles.displayP3), to: .sRGB)
    #expect(back.pixels.samples == .eight(codes))
  }

  @Test func grayIsExpandedAndAlphaIsCopied() throws {
    let samples: [UInt16] = (0..<64).flatMap { (v: Int) -> [UInt16] in [UInt16(v * 1024), UInt16(65535 - v * 1000)] }
    let gray = PNGImage(
      header: PNGHeader(
        width: 64, height: 1, bitDepth: 16, colorType: .grayAlpha, interlaced: false, hasTransparencyChunk: false),
      colorChunks: ColorChunks(),
      pixels: PixelBuffer(width: 64, height: 1, layout: .grayAlpha, samples: .sixteen(samples)))
    let rendition = try ColorConverter().convert(gray, to: .sRGB)
    #expect(rendition.pixels.layout == .rgba)
    for x in 0..<64 {
      let pixel = rendition.pixels.pixel16(x: x, y: 0).map { Int($0 / 257) }
      let expected = Int((Double(samples[x * 2]) / 257).rounded())
      #expect(pixel[0] == expected && pixel[1] == expected && pixel[2] == expected)
      #expect(pixel[3] == Int((Double(samples[x * 2 + 1]) / 257).rounded()))
    }
  }

  @Test func transformsAreBuiltOncePerProfileAndTarget() throws {
    // Its own cache: the process's is shared with the other tests.
    let converter = ColorConverter(routes: ColorConverter.RouteCache(capacity: 16))
    let one = try decode("wide-gamut/sharp/p3.png")
    _ = try converter.convert(one, to: .sRGB)
    _ = try converter.convert(one, to: .sRGB)
    _ = try converter.check(one, thresholds: ClippingThresholds())
    #expect(converter.transformsBuilt == 1)
    _ = try converter.convert(one, to: .displayP3)
    #expect(converter.transformsBuilt == 2)
  }

  @Test func threadsAskingForOneRouteAtOnceBuildItOnce() throws {
    // Its own cache: the process's is shared with the other tests.
    let converter = ColorConverter(routes: ColorConverter.RouteCache(capacity: 16))
    let image = try decode("wide-gamut/sharp/prophoto.png")
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      _ = try? converter.route(for: image.colorChunks, layout: image.pixels.layout, to: .sRGB)
    }
    #expect(converter.transformsBuilt == 1)
  }

  /// A nonsense profile is passed over like any unusable one: the next chunk (here none: sRGB) decides, and the
  /// decision's warning says why.
  @Test func profileThatMapsWhiteToGrayIsRefused() throws {
    var bytes = try TestData.sharedBytes("icc/compact/profiles/DisplayP3-v4.icc")
    // Scale the colorants (rXYZ, gXYZ, bXYZ) by 0.8: lcms2 accepts the profile, but white becomes a light gray.
    let tagCount = bytes[128..<132].reduce(0) { $0 << 8 | Int($1) }
    for tag in 0..<tagCount {
      let entry = 132 + tag * 12
      let signature = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
      guard ["rXYZ", "gXYZ", "bXYZ"].contains(signature) else { continue }
      let offset = bytes[entry + 4..<entry + 8].reduce(0) { $0 << 8 | Int($1) }
      for component in 0..<3 {
        let at = offset + 8 + component * 4
        let raw = Int32(bitPattern: bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let scaled = UInt32(bitPattern: Int32(Double(raw) * 0.8))
        for byte in 0..<4 { bytes[at + byte] = UInt8(truncatingIfNeeded: scaled >> (24 - 8 * UInt32(byte))) }
      }
    }
    let profile = try ICCProfile(bytes: bytes)
    let source = image(
      PixelBuffer(width: 1, height: 1, layout: .rgb, samples: .eight([255, 255, 255])), profile: profile)
    let warnings = ColorSpaceDecision(chunks: source.colorChunks).warnings
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("maps white to sRGB") == true && warnings.first?.contains("nonsense") == true)
    #expect(try ColorConverter().convert(source, to: .sRGB).pixels.samples == .eight([255, 255, 255]))
  }

  @Test("A tone curve that is infinite at white is refused with a warning that prints it (found by the icc fuzzer)")
  func curveInfiniteAtWhiteIsRefused() throws {
    let url = TestData.projectRoot.appendingPathComponent("Tests/FuzzCorpus/icc/regressions/infinite-white-curve.icc")
    let profile = try ICCProfile(bytes: Array(try Data(contentsOf: url)))
    let source = image(PixelBuffer(width: 1, height: 1, layout: .rgb, samples: .eight([255, 0, 0])), profile: profile)
    let warnings = ColorSpaceDecision(chunks: source.colorChunks).warnings
    #expect(warnings.first?.contains("white to inf") == true && warnings.first?.contains("nonsense") == true)
    #expect(try ColorConverter().convert(source, to: .sRGB).pixels.samples == .eight([255, 0, 0]))
  }

  @Test(arguments: ["lcms2-testbed", "qcms"])
  func malformedProfilesNeverCrash(folder: String) throws {
    let pixels = PixelBuffer(width: 2, height: 1, layout: .rgb, samples: .eight([0, 128, 255, 255, 255, 255]))
    for name in TestData.sharedFiles(in: "icc/malformed/" + folder, withExtension: "icc") {
      let bytes = try TestData.sharedBytes("icc/malformed/\(folder)/\(name)")
      let chunks = ColorChunks(iccProfile: .init(name: name, bytes: bytes))
      let source = PNGImage(
        header: PNGHeader(
          width: 2, height: 1, bitDepth: 8, colorType: .rgb, interlaced: false, hasTransparencyChunk: false),
        colorChunks: chunks, pixels: pixels)
      // Either a conversion or a clear error; never a crash.
      _ = try? ColorConverter().convert(source, to: .sRGB)
    }
  }

  @Test func unconvertibleSpaceIsAClearError() throws {
    let pq = ColorChunks(
      codingPoints: .init(colorPrimaries: 9, transferFunction: 16, matrixCoefficients: 0, fullRange: true))
    let source = PNGImage(
      header: PNGHeader(
        width: 1, height: 1, bitDepth: 8, colorType: .rgb, interlaced: false, hasTransparencyChunk: false),
      colorChunks: pq, pixels: PixelBuffer(width: 1, height: 1, layout: .rgb, samples: .eight([1, 2, 3])))
    #expect {
      try ColorConverter().convert(source, to: .sRGB)
    } throws: { error in
      "\(error)".contains("cannot be converted")
    }
  }
}
