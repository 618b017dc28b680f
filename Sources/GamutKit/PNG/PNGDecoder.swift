internal import GamutPNGC

/// Decodes PNG files with libpng: every color type, bit depth and interlacing, under ``PNGLimits``.
///
/// Pixels are expanded to ``PixelBuffer`` layouts without changing their values' meaning: palettes become RGB,
/// a tRNS chunk becomes an alpha channel, 1/2/4-bit gray is scaled to 8 bits (a 1-bit 1 becomes 255), 16-bit
/// samples stay 16-bit. No gamma correction is applied. The color chunks (cICP, iCCP, sRGB, gAMA, cHRM) are read
/// as stored, without libpng's consistency checks; all other ancillary chunks are skipped unread.
///
/// An iCCP chunk that cannot be read (bad CRC, bad compressed data, larger than ``PNGLimits/maxProfileBytes``)
/// fails the decode, since ignoring it would silently change the image's colors. A malformed cICP, sRGB, gAMA or
/// cHRM chunk is ignored, as the PNG specification asks, and noted in ``PNGImage/warnings``.
public struct PNGDecoder: Sendable {
  public var limits: PNGLimits

  public init(limits: PNGLimits = .default) {
    self.limits = limits
  }

  /// Decodes a PNG held in memory.
  public func decode(_ bytes: [UInt8]) throws(PNGError) -> PNGImage {
    var cLimits = cLimits
    let result: Result<PNGImage, PNGError> = bytes.withUnsafeBufferPointer { buffer in
      guard let reader = gamut_png_reader_open_memory(buffer.baseAddress, buffer.count, &cLimits) else {
        return .failure(PNGError(kind: .limitExceeded, message: "out of memory"))
      }
      defer { gamut_png_reader_close(reader) }
      return Result { () throws(PNGError) in try Self.decode(reader) }
    }
    return try result.get()
  }

  /// Decodes the PNG file at `path`, streaming it from disk; errors carry the path.
  public func decode(contentsOf path: String) throws(PNGError) -> PNGImage {
    var cLimits = cLimits
    guard let reader = gamut_png_reader_open_file(path, &cLimits) else {
      throw PNGError(path: path, kind: .limitExceeded, message: "out of memory")
    }
    defer { gamut_png_reader_close(reader) }
    do {
      return try Self.decode(reader)
    } catch {
      var located = error
      located.path = path
      throw located
    }
  }

  private var cLimits: gamut_png_limits {
    func clamped(_ value: Int) -> UInt64 { UInt64(max(0, value)) }
    return gamut_png_limits(
      max_width: UInt32(clamping: limits.maxWidth), max_height: UInt32(clamping: limits.maxHeight),
      max_pixels: clamped(limits.maxPixels), max_chunk_bytes: clamped(limits.maxChunkBytes),
      max_profile_bytes: clamped(limits.maxProfileBytes), max_memory_bytes: clamped(limits.maxMemoryBytes))
  }

  private static func decode(_ reader: OpaquePointer) throws(PNGError) -> PNGImage {
    var info = gamut_png_info()
    try check(gamut_png_reader_read_info(reader, &info), reader)
    guard let colorType = PNGHeader.ColorType(rawValue: Int(info.color_type)),
      let layout = PixelBuffer.Layout(rawValue: Int(info.channels))
    else {
      throw PNGError(kind: .unsupported, message: "color type \(info.color_type), \(info.channels) channels")
    }
    let header = PNGHeader(
      width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth), colorType: colorType,
      interlaced: info.interlaced != 0, hasTransparencyChunk: info.has_trns != 0)
    let sampleCount = Int(info.width) * Int(info.height) * Int(info.channels)
    let samples: PixelBuffer.Samples
    if info.sample_bits == 16 {
      samples = .sixteen(try readImage(reader, count: sampleCount))
    } else {
      samples = .eight(try readImage(reader, count: sampleCount))
    }
    try check(gamut_png_reader_finish(reader), reader)
    let warnings = String(cString: gamut_png_reader_warnings(reader)).split(separator: "\n").map(String.init)
    return PNGImage(
      header: header, colorChunks: colorChunks(info),
      pixels: PixelBuffer(width: header.width, height: header.height, layout: layout, samples: samples),
      warnings: warnings)
  }

  /// Reads every row into a new array of `count` samples of 8 or 16 bits.
  private static func readImage<Sample: FixedWidthInteger>(
    _ reader: OpaquePointer, count: Int
  ) throws(PNGError) -> [Sample] {
    var status = GAMUT_PNG_OK
    let samples = [Sample](unsafeUninitializedCapacity: count) { buffer, initialized in
      status = gamut_png_reader_read_image(reader, buffer.baseAddress)
      // On failure the rows not read are left as they were; zero them so the array is fully initialized.
      if status != GAMUT_PNG_OK { buffer.initialize(repeating: 0) }
      initialized = count
    }
    try check(status, reader)
    return samples
  }

  private static func colorChunks(_ info: gamut_png_info) -> ColorChunks {
    var chunks = ColorChunks()
    if info.has_cicp != 0 {
      let (primaries, transfer, matrix, range) = info.cicp
      chunks.codingPoints = ColorChunks.CodingPoints(
        colorPrimaries: primaries, transferFunction: transfer, matrixCoefficients: matrix, fullRange: range == 1)
    }
    if info.has_icc_profile != 0, let profile = info.icc_profile {
      // The name is Latin-1, whose bytes are the first 256 Unicode scalars.
      let name = withUnsafeBytes(of: info.icc_name) { raw in
        String(String.UnicodeScalarView(raw.prefix { $0 != 0 }.map { Unicode.Scalar($0) }))
      }
      chunks.iccProfile = ColorChunks.EmbeddedProfile(
        name: name, bytes: Array(UnsafeBufferPointer(start: profile, count: info.icc_profile_length)))
    }
    if info.has_srgb != 0 { chunks.sRGBIntent = Int(info.srgb_intent) }
    if info.has_gamma != 0 { chunks.gamma = Double(info.gamma_times_100000) / 100_000 }
    if info.has_chromaticities != 0 {
      let v = withUnsafeBytes(of: info.chromaticities_times_100000) { raw in
        raw.bindMemory(to: UInt32.self).map { Double($0) / 100_000 }
      }
      chunks.chromaticities = ColorChunks.Chromaticities(
        whiteX: v[0], whiteY: v[1], redX: v[2], redY: v[3], greenX: v[4], greenY: v[5], blueX: v[6], blueY: v[7])
    }
    return chunks
  }

  private static func check(_ status: gamut_png_status, _ reader: OpaquePointer) throws(PNGError) {
    guard status != GAMUT_PNG_OK else { return }
    throw PNGError(kind: PNGError.Kind(status), message: String(cString: gamut_png_reader_message(reader)))
  }
}

extension PNGError.Kind {
  /// The kind for a failure status of the C layer.
  init(_ status: gamut_png_status) {
    switch status {
    case GAMUT_PNG_NOT_PNG: self = .notPNG
    case GAMUT_PNG_TRUNCATED: self = .truncated
    case GAMUT_PNG_LIMIT: self = .limitExceeded
    case GAMUT_PNG_IO: self = .io
    case GAMUT_PNG_UNSUPPORTED: self = .unsupported
    default: self = .corrupt
    }
  }
}
