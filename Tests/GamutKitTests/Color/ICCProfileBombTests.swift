import Foundation
import Testing

@testable import GamutKit

/// ICC profiles whose few bytes claim huge structures are refused before lcms2 allocates what they claim.
@Suite struct ICCProfileBombTests {
  /// An RGB display-class v2 profile with the given tags (signature, data), each 4-byte aligned.
  static func profile(tags: [(String, [UInt8])]) -> [UInt8] {
    let tableEnd = 132 + 12 * tags.count
    var table: [UInt8] = []
    var body: [UInt8] = []
    for (signature, data) in tags {
      table +=
        Array(signature.utf8) + PNGBuilder.bigEndian(UInt32(tableEnd + body.count))
        + PNGBuilder.bigEndian(UInt32(data.count))
      body += data + [UInt8](repeating: 0, count: (4 - data.count % 4) % 4)
    }
    var header = PNGBuilder.bigEndian(UInt32(tableEnd + body.count)) + Array("lcms".utf8) + [2, 0x10, 0, 0]
    header += Array("mntrRGB XYZ ".utf8) + [UInt8](repeating: 0, count: 12) + Array("acsp".utf8)
    header += [UInt8](repeating: 0, count: 68 - header.count)
    header += PNGBuilder.bigEndian(63190) + PNGBuilder.bigEndian(65536) + PNGBuilder.bigEndian(54061)  // D50
    header += [UInt8](repeating: 0, count: 128 - header.count)
    return header + PNGBuilder.bigEndian(UInt32(tags.count)) + table + body
  }

  /// A lut16 (`mft2`) A2B0 tag claiming 255 grid points on 3 inputs and 3 outputs: a 99 MB table, in 1 KiB.
  static let hugeLookupTable: [UInt8] = {
    var lut = Array("mft2".utf8) + [0, 0, 0, 0, 3, 3, 255, 0]
    for value: UInt32 in [65536, 0, 0, 0, 65536, 0, 0, 0, 65536] { lut += PNGBuilder.bigEndian(value) }
    lut += [0, 2, 0, 2]  // two input and two output table entries
    lut += [UInt8](repeating: 0, count: 1024)
    let white =
      Array("XYZ ".utf8) + [0, 0, 0, 0] + PNGBuilder.bigEndian(63190) + PNGBuilder.bigEndian(65536)
      + PNGBuilder.bigEndian(54061)
    return profile(tags: [("A2B0", lut), ("wtpt", white)])
  }()

  @Test func lookupTableClaimingAHundredMegabytesIsRefusedByTheMemoryBudget() {
    #expect {
      _ = try ICCProfile(bytes: Self.hugeLookupTable)
    } throws: { error in
      let error = error as? ProfileError
      return error?.kind == .unusable && error?.lcmsMessage?.contains("lcms2 memory budget") == true
    }
  }

  @Test func tagCountPastTheProfileIsRefusedBeforeLCMS2() {
    var bytes = Self.profile(tags: [])
    bytes.replaceSubrange(128..<132, with: PNGBuilder.bigEndian(0x7FFF_FFFF))
    #expect {
      _ = try ICCProfile(bytes: bytes)
    } throws: { error in
      let error = error as? ProfileError
      return error?.kind == .badHeader && error?.detail.contains("2147483647 tags") == true
    }
  }

  /// The budget grows with the profile: a context for a 16 MiB profile may use 160 MiB.
  @Test func budgetScalesWithTheProfile() {
    #expect(LCMSContext.memoryLimit(profileBytes: 0) == 32 << 20)
    #expect(LCMSContext.memoryLimit(profileBytes: ICCProfile.maximumSize) == 160 << 20)
  }
}

/// A source whose profile is refused is still built (the PNG rules fall back to sRGB), with a warning saying so.
@Suite struct UnusableProfileBuildTests {
  @Test func aSourceWithARefusedProfileIsBuiltWithAWarning() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/src", withIntermediateDirectories: true)
    let pixels = PixelBuffer(width: 2, height: 2, layout: .rgb, samples: .eight([UInt8](repeating: 90, count: 12)))
    let bytes = try PNGEncoder().encode(
      pixels, colorTag: .iccProfile(name: "bomb", bytes: ICCProfileBombTests.hugeLookupTable))
    _ = FileManager.default.createFile(atPath: folder.path + "/src/Lut.png", contents: Data(bytes))
    let report = try CatalogBuilder(
      sourceRoot: folder.path + "/src", catalogPath: folder.path + "/out/U.xcassets", options: BuildOptions()
    ).build()
    let finding = report.manifest.allDiagnostics.first { $0.path == "Lut.png" }
    #expect(finding?.code == "unusable-profile")
    #expect(finding?.severity == .warning)
    #expect(finding?.message.contains("lcms2 memory budget") == true)
    #expect(finding?.message.contains("converted as sRGB") == true)
    #expect(report.manifest.assets.map(\.status) == [.built])
  }
}
