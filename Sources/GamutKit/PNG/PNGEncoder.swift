internal import GamutPNGC

/// Encodes a ``PixelBuffer`` as a PNG with libpng, deterministically: the same pixels and settings give the
/// same bytes on every run (fixed zlib settings, all filters with libpng's adaptive choice, no tIME or text).
///
/// The bytes can still differ between libpng or zlib versions, which choose filters and matches differently.
public struct PNGEncoder: Sendable {
  /// The color chunk written before the image data.
  public enum ColorTag: Sendable, Equatable {
    /// No color chunk: readers assume sRGB.
    case none
    /// An sRGB chunk with a rendering intent (0 perceptual, 1 relative colorimetric, 2 saturation, 3 absolute).
    case sRGB(intent: Int)
    /// An iCCP chunk: a profile name (1 to 79 Latin-1 characters) and the profile's bytes, embedded as given.
    case iccProfile(name: String, bytes: [UInt8])
  }

  /// The zlib compression level, 0 (none) to 9 (smallest).
  public var compressionLevel: Int

  public init(compressionLevel: Int = 6) {
    self.compressionLevel = compressionLevel
  }

  /// Encodes `pixels` (8 or 16 bits, any layout) without interlacing.
  public func encode(_ pixels: PixelBuffer, colorTag: ColorTag) throws(PNGError) -> [UInt8] {
    guard let writer = gamut_png_writer_create() else {
      throw PNGError(kind: .limitExceeded, message: "cannot create the libpng writer")
    }
    defer { gamut_png_writer_destroy(writer) }

    var options = gamut_png_write_options(
      width: UInt32(pixels.width), height: UInt32(pixels.height), channels: Int32(pixels.layout.channels),
      bit_depth: Int32(pixels.bitDepth), compression_level: Int32(clamping: compressionLevel), srgb_intent: -1,
      icc_name: nil, icc_profile: nil, icc_profile_length: 0)
    let status: gamut_png_status
    switch colorTag {
    case .none:
      status = gamut_png_writer_begin(writer, &options)
    case .sRGB(let intent):
      options.srgb_intent = Int32(clamping: intent)
      status = gamut_png_writer_begin(writer, &options)
    case .iccProfile(let name, let bytes):
      guard let latin1 = Self.latin1(name) else {
        throw PNGError(kind: .unsupported, message: "iCCP: the profile name \"\(name)\" is not Latin-1")
      }
      status = latin1.withUnsafeBufferPointer { namePointer in
        bytes.withUnsafeBufferPointer { profile in
          options.icc_name = namePointer.baseAddress
          options.icc_profile = profile.baseAddress
          options.icc_profile_length = profile.count
          return gamut_png_writer_begin(writer, &options)
        }
      }
    }
    try Self.check(status, writer)

    let rows = UInt32(pixels.height)
    switch pixels.samples {
    case .eight(let values):
      try Self.check(values.withUnsafeBytes { gamut_png_writer_write_rows(writer, $0.baseAddress, rows) }, writer)
    case .sixteen(let values):
      try Self.check(values.withUnsafeBytes { gamut_png_writer_write_rows(writer, $0.baseAddress, rows) }, writer)
    }
    try Self.check(gamut_png_writer_finish(writer), writer)

    var length = 0
    let output = gamut_png_writer_output(writer, &length)
    return Array(UnsafeBufferPointer(start: output, count: length))
  }

  /// The name as NUL-terminated Latin-1 bytes, or nil if it has a character outside Latin-1.
  private static func latin1(_ name: String) -> [CChar]? {
    var bytes: [CChar] = []
    for scalar in name.unicodeScalars {
      guard scalar.value < 256 else { return nil }
      bytes.append(CChar(bitPattern: UInt8(scalar.value)))
    }
    return bytes + [0]
  }

  private static func check(_ status: gamut_png_status, _ writer: OpaquePointer) throws(PNGError) {
    guard status != GAMUT_PNG_OK else { return }
    throw PNGError(kind: PNGError.Kind(status), message: String(cString: gamut_png_writer_message(writer)))
  }
}
