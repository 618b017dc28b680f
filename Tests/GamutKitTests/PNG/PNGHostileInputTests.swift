import Testing

@testable import GamutKit

/// Corrupt and hostile files fail with a PNGError of the right kind, quickly and with bounded memory.
@Suite struct PNGHostileInputTests {
  static func decode(_ relativePath: String, limits: PNGLimits = .default) throws -> PNGImage {
    try PNGDecoder(limits: limits).decode(contentsOf: TestData.shared(relativePath).path)
  }

  /// PngSuite's corrupt files: bad signatures (`xs*`, `xcr`, `xlf`: line-ending damage), bad IHDR values
  /// (`xc*`, `xd*`), CRC errors (`xcs`, `xhd`), no IDAT before IEND (`xdt`).
  static let pngSuiteCorrupt: [(String, PNGError.Kind)] = [
    ("xc1n0g08.png", .corrupt), ("xc9n2c08.png", .corrupt), ("xcrn0g04.png", .notPNG), ("xcsn0g01.png", .corrupt),
    ("xd0n2c08.png", .corrupt), ("xd3n2c08.png", .corrupt), ("xd9n2c08.png", .corrupt), ("xdtn0g01.png", .corrupt),
    ("xhdn0g08.png", .corrupt), ("xlfn0g04.png", .notPNG), ("xs1n0g01.png", .notPNG), ("xs2n0g01.png", .notPNG),
    ("xs4n0g01.png", .notPNG), ("xs7n0g01.png", .notPNG),
  ]

  @Test func everyCorruptPngSuiteFileIsListed() {
    let listed = Set(Self.pngSuiteCorrupt.map(\.0))
    #expect(listed == Set(TestData.sharedFiles(in: "pngsuite").filter { $0.hasPrefix("x") }))
  }

  @Test(arguments: pngSuiteCorrupt)
  func pngSuiteCorruptFileFails(name: String, kind: PNGError.Kind) {
    #expect {
      _ = try Self.decode("pngsuite/" + name)
    } throws: { error in
      (error as? PNGError)?.kind == kind
    }
  }

  /// libpng's crashers. All but one are invalid images, so they do not decode:
  /// - `huge_*`: 57- or 79-byte files whose chunk claims 1 GiB. libpng skips the ancillary ones (with a "chunk
  ///   data is too large" warning, since they exceed `maxChunkBytes`) and then runs out of data: truncated.
  /// - `bad_iCCP`: its IHDR CRC is wrong; `badcrc`: IDAT CRC; `badadler`: the zlib checksum of IDAT.
  /// `empty_ancillary_chunks` has a valid image and only ancillary chunks of length 0: the empty cHRM, gAMA, sRGB
  /// and iCCP are ignored with warnings (an unreadable iCCP is ignored as libpng does), and it decodes.
  static let crashers: [(String, PNGError.Kind)] =
    TestData.sharedFiles(in: "libpng/crashers").filter { $0 != "empty_ancillary_chunks.png" }.map { name in
      (name, name.hasPrefix("huge_") ? .truncated : .corrupt)
    }

  @Test func crashersAreThere() {
    #expect(Self.crashers.count == 22)
  }

  @Test func emptyAncillaryChunksAreIgnored() throws {
    let image = try Self.decode("libpng/crashers/empty_ancillary_chunks.png")
    #expect(image.colorChunks.iccProfile == nil && image.colorChunks.unreadableProfile != nil)
    #expect(image.warnings.contains { $0.hasPrefix("iCCP: ") && $0.hasSuffix(", chunk ignored") })
  }

  @Test(arguments: crashers)
  func crasherFails(name: String, kind: PNGError.Kind) {
    #expect {
      _ = try Self.decode("libpng/crashers/" + name)
    } throws: { error in
      (error as? PNGError)?.kind == kind
    }
  }

  /// libpng's bad palettes: each image uses an index one past its palette (PLTE has 1, 3, 15, 254 or 255
  /// entries). libpng would silently paint those pixels black; such a pixel has no color, so the decode fails.
  @Test(arguments: TestData.sharedFiles(in: "libpng/badpal"))
  func paletteIndexPastThePaletteFails(name: String) {
    #expect {
      _ = try Self.decode("libpng/badpal/" + name)
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .corrupt && error?.message.contains("past the") == true
    }
  }

  /// Every strict prefix of a valid file fails: the empty one is not a PNG, the others are truncated.
  @Test(arguments: ["basn2c08.png", "basi3p02.png"])
  func truncatedFilesFail(name: String) throws {
    let bytes = try TestData.sharedBytes("pngsuite/" + name)
    _ = try PNGDecoder().decode(bytes)
    for length in 0..<bytes.count {
      #expect(throws: PNGError.self) { try PNGDecoder().decode(Array(bytes[..<length])) }
      do {
        _ = try PNGDecoder().decode(Array(bytes[..<length]))
      } catch {
        #expect(error.kind == (length == 0 ? .notPNG : .truncated), "cut at \(length): \(error)")
      }
    }
  }

  @Test func headerClaiming100000By100000IsRefused() {
    let header = PNGBuilder.signature + PNGBuilder.ihdr(width: 100_000, height: 100_000)
    // Past the default width limit, refused by libpng while reading IHDR.
    #expect {
      _ = try PNGDecoder().decode(header)
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .limitExceeded && error?.message.contains("exceeds user limit") == true
    }
    // Within raised width and height limits, refused by the pixel budget before any pixel memory is needed.
    let wide = PNGLimits(maxWidth: 1_000_000, maxHeight: 1_000_000)
    #expect {
      _ = try PNGDecoder(limits: wide).decode(header + PNGBuilder.chunk("IDAT", []))
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .limitExceeded && error?.message.contains("10000000000 pixels") == true
    }
  }

  /// 8192 x 8192 is within the default limits: this header-only file fails only because it ends.
  @Test func header8192By8192IsWithinTheDefaultLimits() {
    let header = PNGBuilder.signature + PNGBuilder.ihdr(width: 8192, height: 8192, bitDepth: 16, colorType: 6)
    #expect {
      _ = try PNGDecoder().decode(header)
    } throws: { error in
      (error as? PNGError)?.kind == .truncated
    }
  }

  /// A real 8192 x 8192 image decodes with the default limits.
  @Test func image8192By8192Decodes() throws {
    let side = 8192
    let pixels = PixelBuffer(
      width: side, height: side, layout: .gray, samples: .eight([UInt8](repeating: 0x33, count: side * side)))
    let image = try PNGDecoder().decode(PNGEncoder(compressionLevel: 1).encode(pixels, colorTag: .none))
    #expect(image.pixels == pixels)
  }

  /// An iCCP whose profile inflates to 1 GiB of zeros (about 6.7 MB compressed) stops at `maxProfileBytes`.
  @Test func iccProfileBombIsRefused() {
    let bomb = PNGBuilder.chunk("iCCP", Array("bomb".utf8) + [0, 0] + PNGBuilder.zeroBomb(inflatedBytes: 1 << 30))
    let file = PNGBuilder.tinyGray(ancillary: [bomb])
    #expect {
      _ = try PNGDecoder().decode(file)
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .limitExceeded && error?.message.contains("iCCP: profile inflates") == true
    }
    // With a smaller chunk limit libpng skips the iCCP chunk unread, which also fails the decode.
    #expect {
      _ = try PNGDecoder(limits: PNGLimits(maxChunkBytes: 1 << 20)).decode(file)
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .limitExceeded && error?.message.contains("iCCP: chunk data is too large") == true
    }
  }

  /// A zTXt that would inflate to 1 GiB is skipped unread: the image decodes.
  @Test func zTXtBombIsSkipped() throws {
    let bomb = PNGBuilder.chunk("zTXt", Array("Comment".utf8) + [0, 0] + PNGBuilder.zeroBomb(inflatedBytes: 1 << 30))
    let image = try PNGDecoder().decode(PNGBuilder.tinyGray(value: 0x80, ancillary: [bomb]))
    #expect(image.pixels.samples == .eight([0x80]))
  }

  /// An iTXt whose compressed text would inflate to 1 GiB is skipped unread too.
  @Test func iTXtBombIsSkipped() throws {
    let header = Array("Comment".utf8) + [0, 1, 0, 0, 0]  // keyword, compressed, method 0, no language or keyword
    let bomb = PNGBuilder.chunk("iTXt", header + PNGBuilder.zeroBomb(inflatedBytes: 1 << 30))
    let image = try PNGDecoder().decode(PNGBuilder.tinyGray(value: 0x40, ancillary: [bomb]))
    #expect(image.pixels.samples == .eight([0x40]))
  }

  /// A 64 x 64 image needs 4160 bytes of image data (interlaced, a few more); this IDAT goes on to inflate to
  /// 256 MiB. libpng would inflate all of it while reading the last row, to check it; the reader stops once 64 KiB
  /// of compressed data follow what the last rows can take.
  @Test(arguments: [false, true])
  func imageDataInflatingFarPastTheRowsIsStopped(interlaced: Bool) {
    let bomb = PNGBuilder.zeroBomb(inflatedBytes: 256 << 20)
    let header = PNGBuilder.bigEndian(64) + PNGBuilder.bigEndian(64) + [8, 0, 0, 0, interlaced ? 1 : 0]
    let file =
      PNGBuilder.signature + PNGBuilder.chunk("IHDR", header) + PNGBuilder.chunk("IDAT", bomb)
      + PNGBuilder.chunk("IEND", [])
    #expect {
      _ = try PNGDecoder().decode(file)
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .corrupt && error?.message.contains("after the last row") == true
    }
  }

  /// The bound on data after the last rows leaves room for those rows themselves: an image of noise, stored
  /// without compression in rows of 64 KiB, decodes.
  @Test func incompressibleWideRowsDecode() throws {
    var generator = SystemRandomNumberGenerator()
    let samples = (0..<(16384 * 4 * 3)).map { _ in UInt8.random(in: 0...255, using: &generator) }
    let pixels = PixelBuffer(width: 16384, height: 3, layout: .rgba, samples: .eight(samples))
    let image = try PNGDecoder().decode(PNGEncoder(compressionLevel: 0).encode(pixels, colorTag: .none))
    #expect(image.pixels == pixels)
  }

  /// A header of 60000 x 60000 (within the width and height limits) followed by a 1 GiB IDAT bomb: refused by the
  /// pixel budget before any image data is read.
  @Test func imageDataBombBehindAHugeHeaderIsNeverInflated() {
    let file =
      PNGBuilder.signature + PNGBuilder.ihdr(width: 60_000, height: 60_000)
      + PNGBuilder.chunk("IDAT", PNGBuilder.zeroBomb(inflatedBytes: 1 << 30)) + PNGBuilder.chunk("IEND", [])
    #expect {
      _ = try PNGDecoder().decode(file)
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .limitExceeded && error?.message.contains("3600000000 pixels") == true
    }
  }

  /// A chunk whose length field claims 2^31 - 1 bytes, in a 1x1 file that ends there: whether libpng skips it
  /// (tEXt, larger than `maxChunkBytes`), refuses it (iCCP) or streams it (IDAT), the file ends first.
  @Test(arguments: ["tEXt", "iCCP", "IDAT"])
  func chunkClaimingTwoGigabytesFailsAtTheEndOfTheFile(type: String) {
    var chunk = PNGBuilder.chunk(type, Array("key".utf8) + [0, 0, 0x78, 0x01])
    chunk.replaceSubrange(0..<4, with: PNGBuilder.bigEndian(0x7FFF_FFFF))
    let file = PNGBuilder.signature + PNGBuilder.ihdr(width: 1, height: 1) + chunk
    #expect {
      _ = try PNGDecoder().decode(file)
    } throws: { error in
      (error as? PNGError)?.kind == .truncated
    }
  }

  /// 100 000 tiny chunks: unknown ancillary ones and tEXt are skipped, and of 100 000 gAMA chunks (which the
  /// reader keeps) the first counts; the warnings about the rest are capped.
  @Test(arguments: [
    PNGBuilder.chunk("abCd", []), PNGBuilder.chunk("tEXt", Array("k".utf8) + [0] + Array("v".utf8)),
    PNGBuilder.chunk("gAMA", PNGBuilder.bigEndian(45_455)),
  ])
  func hundredThousandTinyChunksDecode(chunk: [UInt8]) throws {
    var chunks: [UInt8] = []
    chunks.reserveCapacity(chunk.count * 100_000)
    for _ in 0..<100_000 { chunks += chunk }
    let image = try PNGDecoder().decode(PNGBuilder.tinyGray(value: 0x22, ancillary: [chunks]))
    #expect(image.pixels.samples == .eight([0x22]))
    #expect(image.warnings.count < 100)
  }

  /// A chunk larger than `maxChunkBytes` that we do not need is skipped with libpng's warning.
  @Test func oversizedTextChunkIsSkipped() throws {
    let text = PNGBuilder.chunk("tEXt", Array("Comment".utf8) + [0] + [UInt8](repeating: 0x41, count: 4096))
    let image = try PNGDecoder(limits: PNGLimits(maxChunkBytes: 1024)).decode(PNGBuilder.tinyGray(ancillary: [text]))
    #expect(image.warnings == ["tEXt: chunk data is too large"])
  }

  @Test func memoryBudgetIsEnforced() {
    #expect {
      _ = try Self.decode("pngsuite/basn2c08.png", limits: PNGLimits(maxMemoryBytes: 16 << 10))
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .limitExceeded && error?.message.contains("memory budget") == true
    }
  }

  @Test func errorsNameTheFile() {
    let path = TestData.shared("pngsuite/xcsn0g01.png").path
    #expect {
      _ = try PNGDecoder().decode(contentsOf: path)
    } throws: { error in
      (error as? PNGError)?.description == "\(path): corrupt PNG: IDAT: CRC error"
    }
    #expect {
      _ = try PNGDecoder().decode(contentsOf: "/nonexistent/a.png")
    } throws: { error in
      let error = error as? PNGError
      return error?.kind == .io && error?.path == "/nonexistent/a.png"
    }
  }
}
