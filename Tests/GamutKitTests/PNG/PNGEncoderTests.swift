import Foundation
import Testing

@testable import GamutKit

/// Encoding round-trips every layout at 8 and 16 bits, embeds color tags exactly, and is deterministic.
@Suite struct PNGEncoderTests {
  static let layoutsAndDepths: [(PixelBuffer.Layout, Int)] = PixelBuffer.Layout.allCases.flatMap {
    [($0, 8), ($0, 16)]
  }

  /// A 13 x 7 image whose samples vary by position and channel, so that swapped channels or rows show.
  static func pattern(_ layout: PixelBuffer.Layout, bitDepth: Int) -> PixelBuffer {
    let width = 13
    let height = 7
    let count = width * height * layout.channels
    if bitDepth == 16 {
      let samples = (0..<count).map { UInt16(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
      return PixelBuffer(width: width, height: height, layout: layout, samples: .sixteen(samples))
    }
    let samples = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ $0 >> 3) }
    return PixelBuffer(width: width, height: height, layout: layout, samples: .eight(samples))
  }

  static let displayP3: [UInt8] = (try? TestData.sharedBytes("icc/compact/profiles/DisplayP3-v4.icc")) ?? []

  @Test(arguments: layoutsAndDepths)
  func roundTrip(layout: PixelBuffer.Layout, bitDepth: Int) throws {
    let pixels = Self.pattern(layout, bitDepth: bitDepth)
    let encoded = try PNGEncoder().encode(pixels, colorTag: .none)
    let decoded = try PNGDecoder().decode(encoded)
    #expect(decoded.pixels == pixels)
    #expect(decoded.header.bitDepth == bitDepth)
    #expect(decoded.header.colorType.rawValue == [0, 4, 2, 6][layout.rawValue - 1])
    #expect(decoded.colorChunks == ColorChunks(pixelsAreGray: layout.isGray))
    #expect(decoded.warnings.isEmpty)
  }

  @Test(arguments: layoutsAndDepths)
  func iccProfileIsEmbeddedAsGiven(layout: PixelBuffer.Layout, bitDepth: Int) throws {
    #expect(Self.displayP3.count > 128)
    let encoded = try PNGEncoder().encode(
      Self.pattern(layout, bitDepth: bitDepth), colorTag: .iccProfile(name: "Display P3", bytes: Self.displayP3))
    let chunks = try PNGDecoder().decode(encoded).colorChunks
    #expect(
      chunks == ColorChunks(iccProfile: .init(name: "Display P3", bytes: Self.displayP3), pixelsAreGray: layout.isGray))
  }

  @Test func latin1ProfileNameRoundTrips() throws {
    let name = "Profil très coloré"
    let encoded = try PNGEncoder().encode(
      Self.pattern(.rgb, bitDepth: 8), colorTag: .iccProfile(name: name, bytes: Self.displayP3))
    #expect(try PNGDecoder().decode(encoded).colorChunks.iccProfile?.name == name)
  }

  @Test(arguments: 0...3)
  func sRGBChunk(intent: Int) throws {
    let encoded = try PNGEncoder().encode(Self.pattern(.rgba, bitDepth: 16), colorTag: .sRGB(intent: intent))
    #expect(try PNGDecoder().decode(encoded).colorChunks == ColorChunks(sRGBIntent: intent))
  }

  @Test(arguments: layoutsAndDepths)
  func outputIsByteIdentical(layout: PixelBuffer.Layout, bitDepth: Int) throws {
    let pixels = Self.pattern(layout, bitDepth: bitDepth)
    let tag = PNGEncoder.ColorTag.iccProfile(name: "Display P3", bytes: Self.displayP3)
    #expect(try PNGEncoder().encode(pixels, colorTag: tag) == PNGEncoder().encode(pixels, colorTag: tag))
  }

  @Test func compressionLevelChangesTheSize() throws {
    let pixels = PixelBuffer(
      width: 64, height: 64, layout: .rgb, samples: .eight(Array(repeating: 7, count: 64 * 64 * 3)))
    let stored = try PNGEncoder(compressionLevel: 0).encode(pixels, colorTag: .none)
    let smallest = try PNGEncoder(compressionLevel: 9).encode(pixels, colorTag: .none)
    #expect(stored.count > smallest.count)
    #expect(try PNGDecoder().decode(stored).pixels == pixels)
  }

  @Test(arguments: [
    PNGEncoder.ColorTag.iccProfile(name: "", bytes: [1]),
    .iccProfile(name: " leading space", bytes: [1]),
    .iccProfile(name: String(repeating: "n", count: 80), bytes: [1]),
    .iccProfile(name: "Ωmega", bytes: [1]),
    .iccProfile(name: "empty", bytes: []),
    .sRGB(intent: 4),
  ])
  func invalidColorTagIsRefused(tag: PNGEncoder.ColorTag) {
    #expect {
      _ = try PNGEncoder().encode(Self.pattern(.rgb, bitDepth: 8), colorTag: tag)
    } throws: { error in
      (error as? PNGError)?.kind == .unsupported
    }
  }

  /// pngcheck, where installed, agrees that the output is valid (it is not required).
  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/pngcheck")), arguments: layoutsAndDepths)
  func pngcheckAccepts(layout: PixelBuffer.Layout, bitDepth: Int) throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = URL(fileURLWithPath: temporary.path)
    let pixels = Self.pattern(layout, bitDepth: bitDepth)
    var paths: [String] = []
    for (index, tag) in [PNGEncoder.ColorTag.none, .sRGB(intent: 0), .iccProfile(name: "P3", bytes: Self.displayP3)]
      .enumerated()
    {
      let url = folder.appendingPathComponent("\(index).png")
      try Data(PNGEncoder().encode(pixels, colorTag: tag)).write(to: url)
      paths.append(url.path)
    }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/pngcheck")
    process.arguments = ["-q"] + paths
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }
}
