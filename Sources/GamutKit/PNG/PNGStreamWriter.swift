import Foundation
internal import GamutPNGC

/// Writes a PNG whose rows arrive a few at a time, and puts the file's bytes into a ``PNGByteSink`` as they are made,
/// so that memory is bounded by a few bands of rows, not by the image.
///
/// The bytes are those ``PNGEncoder`` describes, identical however the rows are split among ``append(_:)`` calls
/// and on any number of cores. The signature, header and color chunk are written when the writer is created. Rows
/// are copied into the band being filled (about 1 MiB of rows, `gamut_idat.h`); a complete band goes to Dispatch
/// workers that filter and deflate it while the caller prepares the next rows (the only band of a one-band image is
/// encoded by the caller's thread in ``finish()``). Each encoded band becomes one IDAT chunk, written to the sink in
/// band order by the caller's thread during ``append(_:)`` and ``finish()``. When more than twice as many bands as
/// active cores (at most 16) are submitted and not yet written, ``append(_:)`` encodes waiting bands itself, or
/// waits, before it returns. So the writer holds the band being filled, the rows the next band reads
/// before its first row (the previous row and 32 KiB of filtered rows) and at most that many bands in flight, raw
/// or deflated.
///
/// An image of one band (icons) is filtered whole and deflated by libdeflate when its last row arrives.
///
/// A writer is used from one thread at a time, which is also the thread that calls the sink. After an error from the
/// sink or the encoder, every later call throws that error again; a call refused for a wrong argument (rows of
/// another width, layout or depth, rows past the height, finishing early) throws a ``PNGError`` of kind
/// ``PNGError/Kind/unsupported`` and changes nothing.
final class PNGStreamWriter {
  /// The image's width in pixels.
  let width: Int
  /// The image's height in pixels: the rows to append.
  let height: Int
  /// The channels of every row.
  let layout: PixelBuffer.Layout
  /// Bits per sample: 8 or 16.
  let bitDepth: Int
  /// Rows appended so far.
  private(set) var rowsAppended = 0
  /// Bytes given to the sink so far; after ``finish()``, the size of the file.
  private(set) var bytesWritten = 0

  private let sink: any PNGByteSink
  private let png: OpaquePointer
  private let queue: BandQueue
  private let rowBytes: Int
  private let bandRows: Int
  private let contextRows: Int
  private let bandCount: Int
  /// The most bands submitted and not yet written that ``append(_:)`` leaves behind when it returns.
  let bandsInFlightLimit = min(2 * ProcessInfo.processInfo.activeProcessorCount, 16)
  /// The rows of the band being filled, from image row `windowStart`: the rows it reads before its first row,
  /// then its own rows so far. Nil once the last band is submitted.
  private var window: UnsafeMutableRawBufferPointer?
  private var windowStart = 0
  private var bandsSubmitted = 0
  private var bandsWritten = 0
  /// The Adler-32 of the filtered rows of the bands written.
  private var adler: UInt32 = 0
  private var failure: (any Error)?
  private var finished = false

  /// Starts a PNG of `width` x `height` pixels of `layout` at `bitDepth` (8 or 16) and writes its signature, header
  /// and color chunk to `sink`.
  ///
  /// - Parameter compressionLevel: The deflate level, 0 to 9 (see ``PNGEncoder/compressionLevel``).
  /// - Throws: A ``PNGError`` for an invalid size, bit depth, level or color tag; the sink's error.
  init(
    width: Int, height: Int, layout: PixelBuffer.Layout, bitDepth: Int, colorTag: PNGEncoder.ColorTag,
    compressionLevel: Int = CompressionLevel.default, sink: any PNGByteSink
  ) throws {
    guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height), bitDepth == 8 || bitDepth == 16
    else {
      throw PNGError(kind: .unsupported, message: "invalid image size \(width)x\(height) or bit depth \(bitDepth)")
    }
    guard let png = gamut_png_writer_create() else {
      throw PNGError(kind: .limitExceeded, message: "cannot create the libpng writer")
    }
    self.width = width
    self.height = height
    self.layout = layout
    self.bitDepth = bitDepth
    self.sink = sink
    self.png = png
    queue = BandQueue(
      width: width, height: height, channels: layout.channels, bitDepth: bitDepth, level: compressionLevel)
    rowBytes = width * layout.channels * bitDepth / 8
    bandRows = Int(gamut_idat_band_rows(UInt32(width), Int32(layout.channels), Int32(bitDepth)))
    contextRows = Int(gamut_idat_context_rows(UInt32(width), Int32(layout.channels), Int32(bitDepth)))
    bandCount = (height + bandRows - 1) / bandRows
    window = .allocate(byteCount: min(bandRows, height) * rowBytes, alignment: 16)

    var options = gamut_png_write_options(
      width: UInt32(width), height: UInt32(height), channels: Int32(layout.channels), bit_depth: Int32(bitDepth),
      srgb_intent: -1, iccp_data: nil, iccp_data_length: 0)
    let status: gamut_png_status
    switch colorTag {
    case .none:
      status = gamut_png_writer_begin(png, &options)
    case .sRGB(let intent):
      options.srgb_intent = Int32(clamping: intent)
      status = gamut_png_writer_begin(png, &options)
    case .iccProfile(let name, let bytes):
      let data = try ICCPChunkData.of(name: name, profile: bytes, level: compressionLevel)
      status = data.withUnsafeBufferPointer { data in
        options.iccp_data = data.baseAddress
        options.iccp_data_length = data.count
        return gamut_png_writer_begin(png, &options)
      }
    }
    try check(status)
    try drain()
  }

  deinit {
    queue.close()
    window?.deallocate()
    gamut_png_writer_destroy(png)
  }

  /// Takes the next rows of the image, in order: any number, with the writer's width, layout and bit depth, up to
  /// the height. Returns once the rows are copied, bands they complete are submitted, and encoded bands are written
  /// (see the type's description for when it waits).
  ///
  /// - Throws: A ``PNGError``; the sink's error.
  func append(_ rows: PixelBuffer) throws {
    try checkOpen()
    guard rows.width == width, rows.layout == layout, rows.bitDepth == bitDepth else {
      throw PNGError(
        kind: .unsupported,
        message: "rows of \(rows.width) pixels, \(rows.layout), \(rows.bitDepth)-bit appended to an image of "
          + "\(width) pixels, \(layout), \(bitDepth)-bit")
    }
    guard rows.height <= height - rowsAppended else {
      throw PNGError(
        kind: .unsupported, message: "\(rows.height) rows appended after \(rowsAppended) of \(height) rows")
    }
    do {
      switch rows.samples {
      case .eight(let samples): try samples.withUnsafeBytes { try take($0) }
      case .sixteen(let samples): try samples.withUnsafeBytes { try take($0) }
      }
    } catch {
      fail(error)
      throw error
    }
  }

  /// Writes the rest after the last row: the bands still in flight, the zlib trailer and IEND. Waits for every
  /// band.
  ///
  /// - Throws: A ``PNGError`` (also when rows are missing); the sink's error.
  func finish() throws {
    try checkOpen()
    guard rowsAppended == height else {
      throw PNGError(kind: .unsupported, message: "finish after \(rowsAppended) of \(height) rows")
    }
    try finishing { try writeBands(leavingAtMost: 0) }
  }

  /// Writes `imageData`, another PNG's compressed rows of the same width, layout, bit depth and pixels, as this
  /// image's IDAT chunks, and IEND, instead of rows: nothing is filtered or deflated. The caller vouches that the
  /// stream holds this image's rows (``PNGImageData``); no row may have been appended.
  ///
  /// - Throws: A ``PNGError`` (also when rows were appended); the reading's or the sink's error.
  func finish(copying imageData: PNGImageData) throws {
    try checkOpen()
    guard rowsAppended == 0 else {
      throw PNGError(kind: .unsupported, message: "image data copied after \(rowsAppended) rows")
    }
    try finishing {
      try imageData.copy { piece in
        try check(
          gamut_png_writer_write_image_data(png, piece.baseAddress?.assumingMemoryBound(to: UInt8.self), piece.count))
        try drain()
      }
    }
  }

  /// Writes the rest of the image data with `writeImageData`, then IEND; after an error, fails the writer.
  private func finishing(_ writeImageData: () throws -> Void) throws {
    do {
      try writeImageData()
      try check(gamut_png_writer_finish(png))
      try drain()
      finished = true
    } catch {
      fail(error)
      throw error
    }
  }

  /// Bands submitted and not yet written to the sink.
  var bandsInFlight: Int { bandsSubmitted - bandsWritten }

  /// Copies packed rows into the window, submitting each band they complete.
  private func take(_ bytes: UnsafeRawBufferPointer) throws {
    var offset = 0
    while offset < bytes.count, let window {
      let bandEnd = min((bandsSubmitted + 1) * bandRows, height)
      let count = min(bandEnd - rowsAppended, (bytes.count - offset) / rowBytes)
      let start = (rowsAppended - windowStart) * rowBytes
      UnsafeMutableRawBufferPointer(rebasing: window[start..<start + count * rowBytes]).copyMemory(
        from: UnsafeRawBufferPointer(rebasing: bytes[offset..<offset + count * rowBytes]))
      rowsAppended += count
      offset += count * rowBytes
      if rowsAppended == bandEnd { try submitBand() }
    }
  }

  /// Hands the complete band in the window to the queue, starts the next band's window with the rows it reads
  /// before its first row, and writes what is encoded.
  private func submitBand() throws {
    guard let full = window else { return }
    let firstRow = bandsSubmitted * bandRows
    let job = BandQueue.Job(
      index: bandsSubmitted, firstRow: firstRow, rowCount: rowsAppended - firstRow, rows: full,
      rowsStart: windowStart)
    window = nil
    if rowsAppended < height {
      let kept = min(contextRows, rowsAppended)
      let next = UnsafeMutableRawBufferPointer.allocate(
        byteCount: (kept + min(bandRows, height - rowsAppended)) * rowBytes, alignment: 16)
      next.copyMemory(
        from: UnsafeRawBufferPointer(
          rebasing: full[(rowsAppended - kept - windowStart) * rowBytes..<(rowsAppended - windowStart) * rowBytes]))
      window = next
      windowStart = rowsAppended - kept
    }
    bandsSubmitted += 1
    // The only band of an image (an icon) is encoded by this thread when the PNG is finished: nothing would overlap
    // with it, and handing it to another thread only to wait for it costs a thread switch per file.
    queue.submit(job, inBackground: bandCount > 1)
    try writeBands(leavingAtMost: bandsInFlightLimit)
  }

  /// Writes the encoded bands that are next in order until at most `limit` bands are in flight, encoding waiting
  /// bands on this thread, or waiting, while the next one is not ready.
  private func writeBands(leavingAtMost limit: Int) throws {
    while true {
      while bandsWritten < bandsSubmitted, let encoded = queue.take(bandsWritten) {
        try write(encoded)
      }
      if bandsInFlight <= limit { return }
      if !queue.encodeOldest() { queue.waitForBand() }
    }
  }

  /// Writes band `bandsWritten` as an IDAT chunk (the last one with the zlib trailer) and frees it.
  private func write(_ encoded: BandQueue.Encoded) throws {
    var band = encoded.band
    defer { gamut_idat_band_free(&band) }
    guard let data = band.data else {
      throw PNGError(kind: .limitExceeded, message: "cannot deflate the image data (out of memory)")
    }
    adler = bandsWritten == 0 ? band.adler : gamut_idat_adler_combine(adler, band.adler, band.filtered_length)
    bandsWritten += 1
    if bandsWritten == bandCount {
      for shift in 0..<4 {  // the zlib trailer, big-endian, in the 4 bytes the last band keeps free
        data[band.length + shift] = UInt8(truncatingIfNeeded: adler >> (24 - 8 * shift))
      }
      band.length += 4
    }
    try check(gamut_png_writer_write_image_data(png, data, band.length))
    try drain()
  }

  /// Hands what libpng has written since the last drain to the sink.
  private func drain() throws {
    var length = 0
    let bytes = gamut_png_writer_drain(png, &length)
    guard length > 0 else { return }
    try sink.write(UnsafeRawBufferPointer(start: bytes, count: length))
    bytesWritten += length
  }

  /// Throws the earlier failure, or a ``PNGError`` once the PNG is finished.
  private func checkOpen() throws {
    if let failure { throw failure }
    if finished { throw PNGError(kind: .unsupported, message: "rows or finish after the PNG was finished") }
  }

  /// Keeps `error` for every later call and frees the bands.
  private func fail(_ error: any Error) {
    failure = error
    queue.close()
    window?.deallocate()
    window = nil
  }

  private func check(_ status: gamut_png_status) throws(PNGError) {
    guard status != GAMUT_PNG_OK else { return }
    throw PNGError(kind: PNGError.Kind(status), message: String(cString: gamut_png_writer_message(png)))
  }
}
