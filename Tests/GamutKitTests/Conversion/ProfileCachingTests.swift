import Testing

@testable import GamutKit

@Suite("Profiles looked at once per process: cached decisions, routes and encoding tables")
struct ProfileCachingTests {
  static func embedded(_ path: String, name: String = "ICC Profile") throws -> ColorChunks {
    ColorChunks(iccProfile: ColorChunks.EmbeddedProfile(name: name, bytes: try TestData.sharedBytes(path)))
  }

  /// Photoshop's sRGB IEC61966-2.1 (ICC v2) and Apple's Display P3 (ICC v4), as the real files embed them.
  static func exported() throws -> [ColorChunks] {
    let photoshop = try decodeChunks("wide-gamut/pillow/icc_profile.png")
    let apple = try decodeChunks("wide-gamut/brightroom/screenshot-8bit-p3-alpha.png")
    return [photoshop, apple]
  }

  static func decodeChunks(_ path: String) throws -> ColorChunks {
    try PNGRowReader(contentsOf: TestData.shared(path).path).colorChunks
  }

  @Test func cachedDecisionIsTheDecision() throws {
    var all = try Self.exported()
    all += [
      ColorChunks(), ColorChunks(sRGBIntent: 0), ColorChunks(gamma: 0.45455, chromaticities: .sRGB),
      ColorChunks(
        codingPoints: ColorChunks.CodingPoints(
          colorPrimaries: 12, transferFunction: 13, matrixCoefficients: 0, fullRange: true)),
      try Self.embedded("icc/compact/profiles/AdobeCompat-v4.icc"),
      try Self.embedded("icc/malformed/lcms2-testbed/bad.icc"),
      try Self.embedded("icc/icc-org/sRGB_v4_ICC_preference.icc"),
    ]
    for chunks in all {
      #expect(ColorSpaceDecision.of(chunks) == ColorSpaceDecision(chunks: chunks))
      #expect(ColorSpaceDecision.of(chunks) == ColorSpaceDecision(chunks: chunks))
    }
    let names = try Self.exported().map { ColorSpaceDecision.of($0).name }
    #expect(names == ["sRGB", "Display P3"])
  }

  @Test func routesAreBuiltOncePerProfileAndKeptBounded() throws {
    let routes = ColorConverter.RouteCache(capacity: 2)
    let converter = ColorConverter(routes: routes)
    let sources = try Self.exported() + [try Self.embedded("icc/compact/profiles/AdobeCompat-v4.icc")]
    for _ in 0..<3 {
      _ = try converter.route(for: sources[0], layout: .rgba, to: .sRGB)
    }
    #expect(converter.transformsBuilt == 1)
    for chunks in sources { _ = try converter.route(for: chunks, layout: .rgba, to: .sRGB) }
    #expect(converter.transformsBuilt == 3)
    #expect(routes.count == 2)
    // The first profile was dropped (least recently used) and is built again.
    _ = try converter.route(for: sources[0], layout: .rgba, to: .sRGB)
    #expect(converter.transformsBuilt == 4)
  }

  @Test func aRefusedProfileIsDecidedOnceAndItsFallbackRouteBuiltOnce() throws {
    let converter = ColorConverter(routes: ColorConverter.RouteCache(capacity: 4))
    // Colorants scaled by 0.8: lcms2 opens the profile, but it maps white to a light gray, which gamut refuses.
    var bytes = try TestData.sharedBytes("icc/compact/profiles/sRGB-v4.icc")
    let tagCount = bytes[128..<132].reduce(0) { $0 << 8 | Int($1) }
    for entry in stride(from: 132, to: 132 + tagCount * 12, by: 12)
    where ["rXYZ", "gXYZ", "bXYZ"].contains(String(decoding: bytes[entry..<entry + 4], as: UTF8.self)) {
      let offset = bytes[entry + 4..<entry + 8].reduce(0) { $0 << 8 | Int($1) }
      for at in stride(from: offset + 8, to: offset + 20, by: 4) {
        let raw = Int32(bitPattern: bytes[at..<at + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        let scaled = UInt32(bitPattern: Int32(Double(raw) * 0.8))
        for byte in 0..<4 { bytes[at + byte] = UInt8(truncatingIfNeeded: scaled >> (24 - 8 * UInt32(byte))) }
      }
    }
    let chunks = ColorChunks(iccProfile: ColorChunks.EmbeddedProfile(name: "dim", bytes: bytes))
    // The refused profile is passed over (the next chunk decides) the same way every time.
    #expect(ColorSpaceDecision.of(chunks).source != .iCCP)
    #expect(ColorSpaceDecision.of(chunks) == ColorSpaceDecision(chunks: chunks))
    for _ in 0..<2 { _ = try? converter.route(for: chunks, layout: .rgb, to: .sRGB) }
    #expect(converter.transformsBuilt <= 1)
  }

  @Test func sharedEncodingTableIsTheTable() {
    for bitDepth in [8, 16] {
      let fresh = EncodingTable(curves: [.sRGB, .sRGB, .sRGB], bitDepth: bitDepth)
      let shared = EncodingTable.shared(curves: [.sRGB, .sRGB, .sRGB], bitDepth: bitDepth)
      #expect(shared.thresholds == fresh.thresholds)
      #expect(shared.cellCodes == fresh.cellCodes)
    }
  }
}
