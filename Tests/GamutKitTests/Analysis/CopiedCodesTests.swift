import Foundation
import Testing

@testable import GamutKit

/// A conversion between a space and a profile of the same space (numbers rounded to the ICC encoding) copies the
/// codes; the exact conversion would give the same 8-bit codes and 16-bit codes a few steps away.
@Suite struct CopiedCodesTests {
  static func model(_ file: String) throws -> ColorSpaceModel {
    let bytes = try TestData.sharedBytes(file)
    return try #require(try SourceModelReader.model(of: ICCProfile(bytes: bytes)))
  }

  /// Profiles of Display P3 and of sRGB, with the space gamut writes.
  static let sameSpace: [(file: String, space: RGBColorSpace)] = [
    ("icc/compact/profiles/DisplayP3-v4.icc", .displayP3), ("icc/compact/profiles/DisplayP3-v2-magic.icc", .displayP3),
    ("icc/compact/profiles/DisplayP3-v2-micro.icc", .displayP3), ("icc/compact/profiles/sRGB-v4.icc", .sRGB),
    ("icc/compact/profiles/sRGB-v2-magic.icc", .sRGB), ("icc/compact/profiles/sRGB-v2-micro.icc", .sRGB),
  ]

  @Test("Profiles of the target space copy codes, and the exact conversion agrees", arguments: sameSpace.indices)
  func sameSpaceCopiesCodes(index: Int) throws {
    let (file, space) = Self.sameSpace[index]
    let source = try Self.model(file)
    let transform = try #require(
      MatrixTransform(source: source, destination: .rgb(space), options: .init(outputBitDepth: 16)))
    let copies = transform.copiesCodes
    #expect(copies, "\(file)")
    // The exact conversion, in Double, on a 33-step lattice and random colors.
    var random = SplitMix64(state: 5)
    var colors: [SIMD3<Double>] = []
    let lattice = (0...32).map { min(1, Double($0) / 32) }
    for r in lattice { for g in lattice { for b in lattice { colors.append(SIMD3(r, g, b)) } } }
    for _ in 0..<20_000 {
      colors.append(SIMD3((0..<3).map { _ in Double(random.next() % 65536) / 65535 }))
    }
    var worst16 = 0.0
    for encoded in colors {
      let linear = transform.unclippedLinear(encoded: encoded)
        .clamped(lowerBound: SIMD3(repeating: 0), upperBound: SIMD3(repeating: 1))
      for channel in 0..<3 {
        let exact = space.curves[channel].inverse(linear[channel])
        let eight = (encoded[channel] * 255).rounded()
        if eight == encoded[channel] * 255 {  // an 8-bit code: the exact 8-bit result is the same code
          #expect((exact * 255).rounded() == eight, "\(file) \(encoded)")
        }
        worst16 = max(worst16, abs(exact - encoded[channel]) * 65535)
      }
    }
    #expect(worst16 < 128, "\(file): a 16-bit result moves by \(worst16) codes")
    print("\(file): exact 16-bit conversion within \(Int(worst16.rounded(.up))) codes of the copy")
  }

  @Test("The Display P3 profile Apple embeds in screenshots copies codes to gamut's Display P3")
  func applesDisplayP3() throws {
    let image = try PNGDecoder().decode(
      contentsOf: TestData.shared("wide-gamut/brightroom/screenshot-8bit-p3-alpha.png").path)
    let profile = try #require(image.colorChunks.iccProfile)
    let model = try #require(try SourceModelReader.model(of: ICCProfile(bytes: profile.bytes)))
    let transform = try #require(
      MatrixTransform(source: model, destination: .rgb(.displayP3), options: .init(outputBitDepth: 16)))
    let copies = transform.copiesCodes
    #expect(copies)
  }

  @Test("Other spaces, close or not, are converted")
  func otherSpacesConvert() throws {
    for (file, destination) in [
      ("icc/compact/profiles/DisplayP3Compat-v4.icc", RGBColorSpace.displayP3),
      ("icc/compact/profiles/DisplayP3-v4.icc", .sRGB), ("icc/compact/profiles/AdobeCompat-v4.icc", .sRGB),
      ("icc/compact/profiles/sRGB-v4.icc", .displayP3),
      // Its tone curve table lifts black: 0 becomes 1 in 8 bits.
      ("icc/icc-org/sRGB2014.icc", .sRGB),
    ] {
      let transform = try #require(MatrixTransform(source: try Self.model(file), destination: .rgb(destination)))
      let copies = transform.copiesCodes
      #expect(!copies, "\(file) -> \(destination.name)")
    }
  }

  @Test("A copied conversion returns the source codes, 8-bit codes widened exactly to 16 bits")
  func copiedPixels() throws {
    let transform = try #require(
      MatrixTransform(
        source: try Self.model("icc/compact/profiles/DisplayP3-v4.icc"), destination: .rgb(.displayP3),
        options: .init(outputBitDepth: 16)))
    let pixels = PixelBuffer(width: 2, height: 1, layout: .rgba, samples: .eight([255, 0, 1, 128, 3, 200, 100, 0]))
    let measured = transform.applyMeasuring(to: pixels)
    #expect(measured.image.samples == .sixteen([255, 0, 1, 128, 3, 200, 100, 0].map { $0 * 257 }))
    #expect(measured.outOfGamut == [false, false])
  }

  /// The sRGB IEC61966-2.1 profile Photoshop embeds (ICC v2, 1024-entry curves), from Pillow's test image.
  static func photoshopSRGB() throws -> ColorSpaceModel {
    let image = try PNGDecoder().decode(contentsOf: TestData.shared("wide-gamut/pillow/icc_profile.png").path)
    let profile = try #require(image.colorChunks.iccProfile)
    return try #require(try SourceModelReader.model(of: ICCProfile(bytes: profile.bytes)))
  }

  @Test("Photoshop's sRGB profile is converted, yet no color can leave sRGB: the analysis looks at no pair")
  func photoshopSRGBStaysInGamut() throws {
    let transform = try #require(MatrixTransform(source: try Self.photoshopSRGB(), destination: .rgb(.sRGB)))
    #expect(!transform.copiesCodes)
    // Sound: no 8-bit color on a 52-step lattice (every fifth code, black and white included) is out of gamut.
    var samples: [UInt8] = []
    for r in stride(from: 0, through: 255, by: 5) {
      for g in stride(from: 0, through: 255, by: 5) {
        for b in stride(from: 0, through: 255, by: 5) {
          samples += [UInt8(r), UInt8(g), UInt8(b), 255]
          let encoded = SIMD3(Double(r), Double(g), Double(b)) / 255
          #expect(!transform.isOutOfGamut(transform.unclippedLinear(encoded: encoded)))
        }
      }
    }
    let image = PixelBuffer(width: 52, height: 52 * 52, layout: .rgba, samples: .eight(samples))
    let result = transform.applyMeasuring(to: image)
    #expect(result.staysInGamut && !result.outOfGamut.contains(true))
    let report = ClippingAnalyzer().analyze(result).report
    #expect(report.verdict == .ok && report.outOfGamutPixels == 0 && report.visiblePixels == 52 * 52 * 52)
    #expect(report.lostDistinctions.examinedPairs == 0 && report.plateaus.count == 0)
  }

  @Test("Wider sources may leave the gamut: Display P3 and Adobe RGB to sRGB")
  func widerSourcesMayLeave() throws {
    for file in ["icc/compact/profiles/DisplayP3-v4.icc", "icc/compact/profiles/AdobeCompat-v4.icc"] {
      let transform = try #require(MatrixTransform(source: try Self.model(file), destination: .rgb(.sRGB)))
      let image = PixelBuffer(width: 1, height: 1, layout: .rgb, samples: .eight([0, 255, 0]))
      let result = transform.applyMeasuring(to: image)
      #expect(!result.staysInGamut && result.outOfGamut == [true], "\(file)")
    }
  }

  @Test("Deciding to copy in linear light agrees with inverting every converted value, on every compact profile")
  func windowsAgreeWithInverses() throws {
    let folder = TestData.shared("icc/compact/profiles").path
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".icc") }.sorted()
    var copies = 0
    for file in files {
      guard
        let source = try? SourceModelReader.model(
          of: ICCProfile(bytes: try TestData.sharedBytes("icc/compact/profiles/" + file))),
        source.channelCount == 3
      else { continue }
      for destination in [ColorSpaceModel.rgb(.sRGB), .rgb(.displayP3)] {
        let matrix = try #require(destination.fromXYZD50) * source.toXYZD50
        let windows = MatrixTransform.movesNoColor(source: source, destination: destination, linearMatrix: matrix)
        let inverses = MatrixTransform.movesNoColor(
          source: source, destination: destination, linearMatrix: matrix, throughInverses: true)
        #expect(windows == inverses, "\(file)")
        copies += windows ? 1 : 0
      }
    }
    #expect(copies >= 6)
  }
}
