/// Builds small PNG files and zlib streams in tests, without libpng or zlib, so that hostile inputs can be made
/// on the spot.
public enum PNGBuilder {
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// One chunk: length, type, data, CRC-32 of type and data.
  public static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typeBytes = Array(type.utf8)
    return bigEndian(UInt32(data.count)) + typeBytes + data + bigEndian(crc32(typeBytes + data))
  }

  public static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8 = 8, colorType: UInt8 = 0) -> [UInt8] {
    chunk("IHDR", bigEndian(width) + bigEndian(height) + [bitDepth, colorType, 0, 0, 0])
  }

  /// A valid 1x1 8-bit gray PNG with the given chunks between IHDR and IDAT.
  public static func tinyGray(value: UInt8 = 0x80, ancillary: [[UInt8]] = []) -> [UInt8] {
    // zlib stream of one stored block holding the filter byte 0 and the sample.
    let raw: [UInt8] = [0, value]
    let idat: [UInt8] = [0x78, 0x01, 0x01, 0x02, 0x00, 0xFD, 0xFF] + raw + bigEndian(adler32(raw))
    var file = signature + ihdr(width: 1, height: 1)
    for bytes in ancillary { file += bytes }
    return file + chunk("IDAT", idat) + chunk("IEND", [])
  }

  /// A zlib stream that inflates to at least `inflatedBytes` zero bytes, about 1/160 of that size.
  ///
  /// One fixed-Huffman block: a literal 0, then matches of length 258 at distance 1, each 13 bits. Eight matches
  /// take 104 bits, 13 bytes, so after the first bytes the stream repeats with a period of 13 bytes. The stream is
  /// left unfinished (no end-of-block code, no Adler-32): a decoder must stop at its limit long before the end.
  public static func zeroBomb(inflatedBytes: Int) -> [UInt8] {
    var writer = BitWriter()
    writer.write(0x78, count: 8)
    writer.write(0x01, count: 8)
    writer.write(1, count: 1)  // BFINAL
    writer.write(1, count: 2)  // BTYPE 01: fixed Huffman codes
    writer.writeCode(0x30, count: 8)  // literal 0
    for _ in 0..<24 {
      writer.writeCode(0xC5, count: 8)  // length code 285: 258 bytes
      writer.writeCode(0, count: 5)  // distance code 0: distance 1
    }
    // Bits 16 + 11 = 27 onwards belong to matches: bytes 4 to 16 are one period.
    let period = writer.bytes[4..<17]
    let periods = inflatedBytes / (8 * 258) + 1
    var stream = Array(writer.bytes[0..<4])
    stream.reserveCapacity(4 + periods * period.count)
    for _ in 0..<periods { stream.append(contentsOf: period) }
    return stream
  }

  public static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  public static func bigEndianValue(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    bytes.reduce(0) { $0 << 8 | UInt32($1) }
  }

  public static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    bytes.withUnsafeBufferPointer { buffer in
      for byte in buffer { crc = crcTable[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8) }
    }
    return ~crc
  }

  private static let crcTable: [UInt32] = (0..<256).map { (index: UInt32) in
    var value = index
    for _ in 0..<8 { value = value & 1 == 1 ? (value >> 1) ^ 0xEDB8_8320 : value >> 1 }
    return value
  }

  public static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  /// Packs bits least significant first, as deflate does.
  struct BitWriter {
    var bytes: [UInt8] = []
    var bitCount = 0

    mutating func write(_ value: UInt32, count: Int) {
      for index in 0..<count {
        if bitCount % 8 == 0 { bytes.append(0) }
        if value >> index & 1 == 1 { bytes[bytes.count - 1] |= 1 << UInt8(bitCount % 8) }
        bitCount += 1
      }
    }

    /// Huffman codes are packed most significant bit first.
    mutating func writeCode(_ code: UInt32, count: Int) {
      for index in (0..<count).reversed() { write(code >> index & 1, count: 1) }
    }
  }
}
