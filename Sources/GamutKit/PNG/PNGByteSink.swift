/// Where a ``PNGStreamWriter`` puts the PNG's bytes, in file order, as they are made.
///
/// The writer calls ``write(_:)`` from the thread that calls its own methods, never from two threads at once, so a
/// sink needs no locking. An error the sink throws reaches the writer's caller unchanged.
protocol PNGByteSink: AnyObject {
  /// Takes the next bytes of the file; they are valid only during the call.
  func write(_ bytes: UnsafeRawBufferPointer) throws
}

/// An atomic file takes a PNG's bytes as they are made.
extension AtomicFileWriter: PNGByteSink {}
