/// A ``PNGByteSink`` that collects the bytes in memory.
final class PNGMemorySink: PNGByteSink {
  /// Every byte written so far, in order.
  private(set) var bytes: [UInt8] = []

  /// Creates an empty sink.
  init() {}

  /// Appends `bytes` to ``bytes``.
  func write(_ bytes: UnsafeRawBufferPointer) {
    self.bytes.append(contentsOf: bytes)
  }
}
