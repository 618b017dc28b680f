internal import GamutPNGC

/// Reads a PNG's rows a strip at a time with libpng, so that a large image never has to be in memory whole.
///
/// Opening reads everything before the image data (the header and the color chunks) under ``PNGLimits``.
/// ``readRows(_:)`` then returns the next rows, expanded as ``PNGDecoder`` describes, and ``finish()`` reads the
/// chunks after the image data and checks that the file is complete. An interlaced image spreads each row over seven
/// passes, so it is decoded whole by the first ``readRows(_:)`` and handed out from memory.
package final class PNGRowReader {
  /// What the file's IHDR says.
  package let header: PNGHeader
  /// The color chunks, as stored.
  package let colorChunks: ColorChunks
  /// The layout of the rows returned (palettes become RGB or RGBA, tRNS an alpha channel).
  package let layout: PixelBuffer.Layout
  /// Bits per returned sample: 8, or 16 for 16-bit images.
  package let bitDepth: Int
  /// Rows returned so far.
  package private(set) var rowsRead = 0

  private let reader: OpaquePointer
  /// A copy of the bytes a reader over memory reads; nil for a file.
  private let memory: UnsafeMutableBufferPointer<UInt8>?
  /// An interlaced image, decoded whole by the first read.
  private var interlacedRows: PixelBuffer?
  /// The file, for errors.
  private let path: String?

  /// Opens a reader over a PNG held in memory.
  package convenience init(bytes: [UInt8], limits: PNGLimits = .default) throws(PNGError) {
    let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    _ = memory.initialize(from: bytes)
    var cLimits = Self.cLimits(limits)
    guard let reader = gamut_png_reader_open_memory(memory.baseAddress, bytes.count, &cLimits) else {
      memory.deallocate()
      throw PNGError(kind: .limitExceeded, message: "out of memory")
    }
    try self.init(reader: reader, memory: memory, path: nil)
  }

  /// Opens a reader over the PNG file at `path`; errors carry the path.
  package convenience init(contentsOf path: String, limits: PNGLimits = .default) throws(PNGError) {
    var cLimits = Self.cLimits(limits)
    guard let reader = gamut_png_reader_open_file(path, &cLimits) else {
      throw PNGError(path: path, kind: .limitExceeded, message: "out of memory")
    }
    try self.init(reader: reader, memory: nil, path: path)
  }

  /// Opens a reader over the open file `descriptor`, read from its first byte whatever the descriptor's offset;
  /// the caller keeps the descriptor open while the reader lives. Errors carry `path`.
  convenience init(fileDescriptor descriptor: Int32, path: String, limits: PNGLimits) throws(PNGError) {
    var cLimits = Self.cLimits(limits)
    guard let reader = gamut_png_reader_open_descriptor(descriptor, &cLimits) else {
      throw PNGError(path: path, kind: .limitExceeded, message: "out of memory")
    }
    try self.init(reader: reader, memory: nil, path: path)
  }

  private init(reader: OpaquePointer, memory: UnsafeMutableBufferPointer<UInt8>?, path: String?) throws(PNGError) {
    self.reader = reader
    self.memory = memory
    self.path = path
    var info = gamut_png_info()
    let status = gamut_png_reader_read_info(reader, &info)
    guard status == GAMUT_PNG_OK,
      let colorType = PNGHeader.ColorType(rawValue: Int(info.color_type)),
      let layout = PixelBuffer.Layout(rawValue: Int(info.channels))
    else {
      let error =
        status == GAMUT_PNG_OK
        ? PNGError(path: path, kind: .unsupported, message: "color type \(info.color_type), \(info.channels) channels")
        : PNGError(path: path, kind: PNGError.Kind(status), message: String(cString: gamut_png_reader_message(reader)))
      gamut_png_reader_close(reader)
      memory?.deallocate()
      throw error
    }
    header = PNGHeader(
      width: Int(info.width), height: Int(info.height), bitDepth: Int(info.bit_depth), colorType: colorType,
      interlaced: info.interlaced != 0, hasTransparencyChunk: info.has_trns != 0)
    colorChunks = Self.colorChunks(info)
    self.layout = layout
    bitDepth = Int(info.sample_bits)
  }

  deinit {
    gamut_png_reader_close(reader)
    memory?.deallocate()
  }

  /// The source's compressed image data, read from the source (file or memory) independently of the decoding, for
  /// a rendition of the same pixels to carry (``PNGImageData``); nil when its chunks cannot be walked to it. The
  /// value keeps the reader, and so its file, open.
  var sourceImageData: PNGImageData? {
    let size = gamut_png_reader_source_size(reader)
    guard size >= 0 else { return nil }
    return PNGImageData(fileSize: Int(size)) { [self] buffer, offset in
      let count = gamut_png_reader_source_read(reader, buffer.baseAddress, buffer.count, UInt64(offset))
      return count < 0 ? nil : count
    }
  }

  /// libpng's warnings and the decoder's notes so far (for example `cICP: invalid length 3, chunk ignored`).
  package var warnings: [String] {
    String(cString: gamut_png_reader_warnings(reader)).split(separator: "\n").map(String.init)
  }

  /// Reads the next `count` rows (1 or more, within the image's height).
  package func readRows(_ count: Int) throws(PNGError) -> PixelBuffer {
    precondition(count > 0 && count <= header.height - rowsRead, "rows past the end of the image")
    if header.interlaced {
      if interlacedRows == nil { interlacedRows = try readInterlaced() }
      let rows = interlacedRows!.rows(rowsRead..<rowsRead + count)
      rowsRead += count
      if rowsRead == header.height { interlacedRows = nil }
      return rows
    }
    let sampleCount = count * header.width * layout.channels
    let samples: PixelBuffer.Samples =
      bitDepth == 16
      ? .sixteen(try read(count: sampleCount) { gamut_png_reader_read_rows(reader, $0, UInt32(count)) })
      : .eight(try read(count: sampleCount) { gamut_png_reader_read_rows(reader, $0, UInt32(count)) })
    rowsRead += count
    return PixelBuffer(width: header.width, height: count, layout: layout, samples: samples)
  }

  /// Reads the chunks after the image data up to IEND, once every row has been read.
  package func finish() throws(PNGError) {
    try check(gamut_png_reader_finish(reader))
  }

  /// About this many pixels make a strip in ``forEachStrip(pixels:_:)``: a few MiB of samples at most.
  package static let stripPixels = 1 << 18

  /// Reads the remaining rows in strips of about `pixels` pixels (whole rows, at least one) and hands each to
  /// `body` with the index of its first row; then reads the chunks after the image data (``finish()``).
  package func forEachStrip(pixels: Int = stripPixels, _ body: (PixelBuffer, Int) throws -> Void) throws {
    while rowsRead < header.height {
      let firstRow = rowsRead
      try body(readRows(stripHeight(pixels: pixels)), firstRow)
    }
    try finish()
  }

  /// Reads every remaining row in strips, keeping none, and the chunks after them: whether the whole file decodes.
  package func readToEnd() throws(PNGError) {
    while rowsRead < header.height { _ = try readRows(stripHeight(pixels: Self.stripPixels)) }
    try finish()
  }

  /// The rows of the next strip of about `pixels` pixels: whole rows, at least one, none past the end.
  private func stripHeight(pixels: Int) -> Int {
    min(max(1, pixels / header.width), header.height - rowsRead)
  }

  private func readInterlaced() throws(PNGError) -> PixelBuffer {
    let sampleCount = header.width * header.height * layout.channels
    let samples: PixelBuffer.Samples =
      bitDepth == 16
      ? .sixteen(try read(count: sampleCount) { gamut_png_reader_read_image(reader, $0) })
      : .eight(try read(count: sampleCount) { gamut_png_reader_read_image(reader, $0) })
    return PixelBuffer(width: header.width, height: header.height, layout: layout, samples: samples)
  }

  /// A new array of `count` samples filled by `fill`, which returns libpng's status.
  private func read<Sample: FixedWidthInteger>(
    count: Int, _ fill: (UnsafeMutableRawPointer?) -> gamut_png_status
  ) throws(PNGError) -> [Sample] {
    var status = GAMUT_PNG_OK
    let samples = [Sample](unsafeUninitializedCapacity: count) { buffer, initialized in
      status = fill(buffer.baseAddress)
      // On failure the rows not read are left as they were; zero them so the array is fully initialized.
      if status != GAMUT_PNG_OK { buffer.initialize(repeating: 0) }
      initialized = count
    }
    try check(status)
    return samples
  }

  private func check(_ status: gamut_png_status) throws(PNGError) {
    guard status != GAMUT_PNG_OK else { return }
    throw PNGError(path: path, kind: PNGError.Kind(status), message: String(cString: gamut_png_reader_message(reader)))
  }

  private static func cLimits(_ limits: PNGLimits) -> gamut_png_limits {
    func clamped(_ value: Int) -> UInt64 { UInt64(max(0, value)) }
    return gamut_png_limits(
      max_width: UInt32(clamping: limits.maxWidth), max_height: UInt32(clamping: limits.maxHeight),
      max_pixels: clamped(limits.maxPixels), max_chunk_bytes: clamped(limits.maxChunkBytes),
      max_profile_bytes: clamped(limits.maxProfileBytes), max_memory_bytes: clamped(limits.maxMemoryBytes))
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
    if info.has_unreadable_icc != 0 {
      chunks.unreadableProfile = withUnsafeBytes(of: info.icc_problem) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
    }
    chunks.pixelsAreGray = info.color_type == 0 || info.color_type == 4
    let ignored = withUnsafeBytes(of: info.ignored_color_chunks) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    // Each line ends with a newline: the last piece is empty, or a line cut by the C buffer's size.
    chunks.ignoredChunks = ignored.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { line in
      // "<4-letter name>: <why>"
      ColorChunks.IgnoredChunk(name: String(line.prefix(4)), reason: String(line.dropFirst(6)))
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
