internal import GamutPNGC

/// The compressed image data of a PNG file: the contents of its IDAT chunks, one zlib stream of the filtered rows.
///
/// A rendition whose pixels, layout and bit depth are the source's, bit for bit, carries this stream as it is
/// instead of inflating and deflating the same rows again (``PNGStreamWriter/finish(copying:)``). It is found by
/// walking the chunks from the signature to the first IDAT; the copy walks on through the IDAT chunks that follow
/// it (the PNG format keeps them together), reading a piece at a time, and checks each chunk's CRC.
struct PNGImageData {
  /// Reads bytes of the file at `offset` into `buffer` and returns how many (0 at the end of the file), or nil when
  /// reading fails.
  typealias Reader = (_ buffer: UnsafeMutableRawBufferPointer, _ offset: Int) -> Int?

  /// The offset of the first IDAT chunk (its length field).
  let firstChunk: Int
  private let fileSize: Int
  private let read: Reader

  /// Finds the image data of the PNG file of `fileSize` bytes that `read` reads, or returns nil when its chunks
  /// cannot be walked to a first IDAT chunk.
  init?(fileSize: Int, read: @escaping Reader) {
    self.fileSize = fileSize
    self.read = read
    var offset = 8  // after the signature
    while true {
      guard let (length, type) = Self.chunkHeader(at: offset, fileSize: fileSize, read: read) else { return nil }
      if type == Self.idat { break }
      offset += 12 + length
    }
    firstChunk = offset
  }

  /// Hands the stream to `body` in pieces of at most `pieceSize` bytes, in order.
  ///
  /// - Throws: A ``PNGError`` of kind ``PNGError/Kind/corrupt`` when a chunk's CRC does not match its bytes or a
  ///   chunk runs past the end of the file (the file changed since it was decoded); `body`'s error.
  func copy(pieceSize: Int = 1 << 20, to body: (UnsafeRawBufferPointer) throws -> Void) throws {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: pieceSize, alignment: 16)
    defer { buffer.deallocate() }
    var filled = 0
    var offset = firstChunk
    while let (length, type) = Self.chunkHeader(at: offset, fileSize: fileSize, read: read), type == Self.idat {
      var crc = withUnsafeBytes(of: type.bigEndian) { gamut_idat_crc32(0, $0.baseAddress, 4) }
      var done = 0
      while done < length {
        let count = min(length - done, pieceSize - filled)
        let target = UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<filled + count])
        guard readFully(target, at: offset + 8 + done) else { throw changed() }
        crc = gamut_idat_crc32(crc, target.baseAddress, count)
        (filled, done) = (filled + count, done + count)
        if filled == pieceSize {
          try body(UnsafeRawBufferPointer(buffer))
          filled = 0
        }
      }
      guard let stored = Self.bigEndianWord(at: offset + 8 + length, read: read), stored == crc else {
        throw changed()
      }
      offset += 12 + length
    }
    if filled > 0 { try body(UnsafeRawBufferPointer(rebasing: buffer[0..<filled])) }
  }

  private static let idat: UInt32 = 0x4944_4154

  /// The length and type of the chunk at `offset`, when its header and the whole chunk lie within the file.
  private static func chunkHeader(at offset: Int, fileSize: Int, read: Reader) -> (Int, UInt32)? {
    guard let length = bigEndianWord(at: offset, read: read), let type = bigEndianWord(at: offset + 4, read: read),
      length <= 0x7FFF_FFFF, offset + 12 + Int(length) <= fileSize
    else { return nil }
    return (Int(length), type)
  }

  private static func bigEndianWord(at offset: Int, read: Reader) -> UInt32? {
    var word: UInt32 = 0
    guard withUnsafeMutableBytes(of: &word, { read($0, offset) }) == 4 else { return nil }
    return UInt32(bigEndian: word)
  }

  /// Reads `buffer.count` bytes at `offset`, in as many reads as it takes.
  private func readFully(_ buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
    var done = 0
    while done < buffer.count {
      guard let count = read(UnsafeMutableRawBufferPointer(rebasing: buffer[done...]), offset + done), count > 0
      else { return false }
      done += count
    }
    return true
  }

  private func changed() -> PNGError {
    PNGError(kind: .corrupt, message: "the image data changed while it was copied")
  }
}
