/// A ``PNGByteSink`` that collects the bytes in memory.
public final class PNGMemorySink: PNGByteSink {
  /// Every byte written so far, in order.
  public private(set) var bytes: [UInt8] = []

  /// Creates an empty sink.
  public init() {}

  /// Appends `bytes` to ``bytes``.
  public func write(_ bytes: UnsafeRawBufferPointer) {
    self.bytes.append(contentsOf: bytes)
  }
}
