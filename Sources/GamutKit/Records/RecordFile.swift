/// A file that a build reads stored records back from (``StoredRecord``): the previous build's state, or this
/// build's journal. It stays open for as long as a record needs it, so it can be read after the build replaces
/// the state or removes the journal.
final class RecordFile: Sendable {
  private let descriptor: FileDescriptor

  /// Takes over `descriptor`, which is closed when the last record reading from it is gone.
  init(_ descriptor: FileDescriptor) {
    self.descriptor = descriptor
  }

  deinit {
    try? descriptor.close()
  }

  /// The `count` bytes at `offset`.
  /// - Throws: `Errno` when reading fails, or ``Errno/io`` when the file ends first.
  func read(offset: Int, count: Int) throws(Errno) -> [UInt8] {
    let bytes = try read(upTo: count, offset: offset)
    guard bytes.count == count else { throw Errno.io }
    return bytes
  }

  /// Up to `count` bytes at `offset`: fewer at the end of the file, none past it.
  func read(upTo count: Int, offset: Int) throws(Errno) -> [UInt8] {
    var bytes = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let read = bytes.withUnsafeMutableBytes { raw in
        Result { () throws(Errno) in
          try descriptor.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[done...]), atOffset: offset + done)
        }
      }
      if try read.get() == 0 { break }
      done += try read.get()
    }
    bytes.removeLast(count - done)
    return bytes
  }
}
