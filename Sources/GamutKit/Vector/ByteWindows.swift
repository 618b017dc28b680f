/// A file read a window at a time: its size and a reader of any range of its bytes, so that a PDF of hundreds of
/// megabytes is checked without being held whole (``PDFStructure``). An array of bytes is one too.
struct ByteWindows {
  /// The file's size in bytes.
  let count: Int
  /// The bytes of a range inside `0..<count`; nil when they cannot be read.
  let read: (Range<Int>) -> [UInt8]?

  init(count: Int, read: @escaping (Range<Int>) -> [UInt8]?) {
    self.count = count
    self.read = read
  }

  /// The windows of bytes already in memory.
  init(_ bytes: [UInt8]) {
    self.init(count: bytes.count) { Array(bytes[$0]) }
  }

  /// The bytes of `range` clamped to the file.
  func bytes(_ range: Range<Int>) -> [UInt8]? {
    let lower = min(max(0, range.lowerBound), count)
    return read(lower..<min(count, max(range.upperBound, lower)))
  }

  /// Calls `body` with the file's chunks of `size` bytes in order, each starting `overlap` bytes before the end of
  /// the one before it (a pattern shorter than `overlap` is then wholly inside some chunk), and whether it is the
  /// last; stops when `body` returns false. False when a read failed.
  func forEachChunk(size: Int = 1 << 20, overlap: Int, _ body: (_ chunk: [UInt8], _ isLast: Bool) -> Bool) -> Bool {
    var start = 0
    repeat {
      let end = min(count, start + size)
      guard let chunk = read(start..<end) else { return false }
      guard body(chunk, end == count) else { return true }
      start = end - overlap
    } while start + overlap < count
    return true
  }
}
