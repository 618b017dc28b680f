import Dispatch
internal import GamutPNGC
import Synchronization

/// The bands of one image's data between the ``PNGStreamWriter`` that cuts them and the threads that filter and
/// deflate them (`gamut_idat_encode_band`).
///
/// Bands wait in the order they were submitted. Each submission asks a Dispatch worker to encode the oldest waiting
/// band; the writer's own thread takes the oldest one too while it waits for a result, so a band never waits for a
/// free worker while the writer waits for it. Results are kept by band index until the writer takes them in order.
final class BandQueue: Sendable {
  /// A band's rows, ready to encode. The buffer has one owner at a time: the writer, then the queue, then the
  /// thread that encodes the band and frees it.
  struct Job: @unchecked Sendable {
    /// The band's position in the image's data.
    var index: Int
    /// The image row of the band's first row, and its row count.
    var firstRow: Int
    var rowCount: Int
    /// Packed rows from image row `rowsStart` (the context rows the band reads, then its own) to the band's end.
    var rows: UnsafeMutableRawBufferPointer
    var rowsStart: Int
  }

  /// A band's deflated bytes (`data` is nil when zlib or memory failed). Owned by the queue until the writer takes
  /// it, then by the writer, which frees it with `gamut_idat_band_free`.
  struct Encoded: @unchecked Sendable {
    var band: gamut_idat_band
  }

  private struct State {
    var waiting: [Job] = []
    var encoded: [Int: Encoded] = [:]
    /// Set by ``close()``: nothing more is encoded or kept.
    var closed = false
  }

  private let width: UInt32
  private let height: UInt32
  private let channels: Int32
  private let bitDepth: Int32
  private let level: Int32
  private let state = Mutex(State())
  /// Signalled once per encoded band.
  private let bandEncoded = DispatchSemaphore(value: 0)

  init(width: Int, height: Int, channels: Int, bitDepth: Int, level: Int) {
    self.width = UInt32(width)
    self.height = UInt32(height)
    self.channels = Int32(channels)
    self.bitDepth = Int32(bitDepth)
    self.level = Int32(clamping: level)
  }

  deinit { close() }

  /// Queues `job` behind the bands already waiting and, `inBackground`, asks a Dispatch worker to encode the
  /// oldest one; otherwise the band waits for the writer's own thread.
  func submit(_ job: Job, inBackground: Bool) {
    state.withLock { $0.waiting.append(job) }
    if inBackground { DispatchQueue.global().async { [self] in _ = encodeOldest() } }
  }

  /// Encodes the oldest waiting band on the calling thread; returns false if no band was waiting.
  func encodeOldest() -> Bool {
    guard let job = state.withLock({ $0.waiting.isEmpty ? nil : $0.waiting.removeFirst() }) else { return false }
    var image = gamut_idat_image(
      rows: UnsafeRawPointer(job.rows.baseAddress), rows_start: UInt32(job.rowsStart), width: width, height: height,
      channels: channels, bit_depth: bitDepth, level: level)
    var result = Encoded(band: gamut_idat_band())
    // On failure the band holds no data, which the writer reports when the band's turn comes.
    _ = gamut_idat_encode_band(&image, UInt32(job.firstRow), UInt32(job.rowCount), &result.band)
    job.rows.deallocate()
    let unwanted: Encoded? = state.withLock { state in
      if state.closed { return result }
      state.encoded[job.index] = result
      return nil
    }
    if var unwanted { gamut_idat_band_free(&unwanted.band) }
    bandEncoded.signal()
    return true
  }

  /// Removes and returns band `index` if it has been encoded.
  func take(_ index: Int) -> Encoded? {
    state.withLock { $0.encoded.removeValue(forKey: index) }
  }

  /// Blocks until another band has been encoded (or returns at once for one encoded since the last wait).
  func waitForBand() {
    bandEncoded.wait()
  }

  /// Frees every waiting band and every result not taken; bands being encoded are freed when they are done.
  func close() {
    let (waiting, encoded) = state.withLock { state in
      state.closed = true
      defer {
        state.waiting = []
        state.encoded = [:]
      }
      return (state.waiting, state.encoded)
    }
    for job in waiting { job.rows.deallocate() }
    for var result in encoded.values { gamut_idat_band_free(&result.band) }
  }
}
