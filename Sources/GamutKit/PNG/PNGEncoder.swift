import Dispatch
internal import GamutPNGC

/// Encodes a ``PixelBuffer`` as a PNG, deterministically: the same pixels and settings give the same bytes on
/// every run and with any number of cores (fixed zlib settings, each row's filter chosen by libpng's heuristic,
/// no tIME or text).
///
/// libpng writes the signature, the header and the color chunk. The image data is filtered and deflated in bands
/// of about 1 MiB of rows on all cores (`gamut_idat.h`): each band is deflated on its own with the previous 32 KiB
/// as its dictionary and ends on a byte boundary, so the bands make one zlib stream (a band's flush and fresh
/// Huffman tables cost some hundred bytes). Band boundaries depend only on the image's size and layout. An image
/// of one band is deflated whole by libdeflate at `compressionLevel` (about half zlib's time); a larger one by
/// zlib with its run-length strategy at levels 1 to 6, which is several times faster on large artwork, and with
/// the filtered strategy at 7 to 9. The bytes can still differ between zlib or libdeflate versions, which choose
/// matches differently.
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

  /// The deflate level, 0 (stored) to 9 (smallest; see above for the compressor each level uses).
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

    let failure: PNGError? =
      switch pixels.samples {
      case .eight(let values): values.withUnsafeBytes { writeImageData($0, of: pixels, to: writer) }
      case .sixteen(let values): values.withUnsafeBytes { writeImageData($0, of: pixels, to: writer) }
      }
    if let failure { throw failure }
    try Self.check(gamut_png_writer_finish(writer), writer)

    var length = 0
    let output = gamut_png_writer_output(writer, &length)
    return Array(UnsafeBufferPointer(start: output, count: length))
  }

  /// Filters and deflates the rows in bands, in parallel, and writes them as one zlib stream; returns the failure.
  private func writeImageData(_ samples: UnsafeRawBufferPointer, of pixels: PixelBuffer, to writer: OpaquePointer)
    -> PNGError?
  {
    var image = gamut_idat_image(
      rows: samples.baseAddress, width: UInt32(pixels.width), height: UInt32(pixels.height),
      channels: Int32(pixels.layout.channels), bit_depth: Int32(pixels.bitDepth),
      level: Int32(clamping: compressionLevel))
    let bandRows = Int(gamut_idat_band_rows(image.width, image.channels, image.bit_depth))
    let bandCount = (pixels.height + bandRows - 1) / bandRows
    nonisolated(unsafe) let bands = UnsafeMutableBufferPointer<gamut_idat_band>.allocate(capacity: bandCount)
    bands.initialize(repeating: gamut_idat_band())
    defer {
      for index in bands.indices { gamut_idat_band_free(&bands[index]) }
      bands.deallocate()
    }
    withUnsafePointer(to: &image) { image in
      nonisolated(unsafe) let image = image
      DispatchQueue.concurrentPerform(iterations: bandCount) { index in
        let first = index * bandRows
        let count = min(bandRows, pixels.height - first)
        _ = gamut_idat_encode_band(image, UInt32(first), UInt32(count), &bands[index])
      }
    }
    guard bands.allSatisfy({ $0.data != nil }) else {
      return PNGError(kind: .limitExceeded, message: "cannot deflate the image data (out of memory)")
    }
    var adler = bands[0].adler
    for band in bands.dropFirst() {
      adler = gamut_idat_adler_combine(adler, band.adler, band.filtered_length)
    }
    let last = bandCount - 1
    for shift in 0..<4 {  // the zlib trailer, big-endian, in the 4 bytes the last band keeps free
      bands[last].data[bands[last].length + shift] = UInt8(truncatingIfNeeded: adler >> (24 - 8 * shift))
    }
    bands[last].length += 4
    for index in bands.indices {
      do {
        try Self.check(gamut_png_writer_write_image_data(writer, bands[index].data, bands[index].length), writer)
      } catch {
        return error
      }
      gamut_idat_band_free(&bands[index])
    }
    return nil
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
