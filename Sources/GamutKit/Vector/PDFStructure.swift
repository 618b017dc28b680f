#if canImport(Glibc)
  internal import Glibc
#elseif canImport(Darwin)
  internal import Darwin
#endif

/// What gamut checks of a PDF before copying it, and the color spaces it names.
///
/// A PDF must start with a version header (`%PDF-1.7`, `%PDF-2.0`) and end the way every PDF writer ends one: in
/// its last KiB a `startxref` with the byte offset of the cross-reference section, and `%%EOF` after it; that
/// offset must lie inside the file, and the file must hold a cross-reference section: the offset leads to a table
/// (`xref`) or a cross-reference stream's object (`12 0 obj`), or, for a file whose offsets a tool left a little
/// off (readers repair those), it holds an `xref` table with a `trailer`, or a `/XRef` stream. A truncated file, a
/// header followed by other bytes, or a bare `%PDF-` fails.
enum PDFStructure {
  /// How far from the end `startxref` and `%%EOF` are looked for.
  static let tailLength = 1024

  /// The longest pattern looked for across the whole file (`/Separation` and the byte after it), with room.
  private static let overlap = 16

  /// Why the file is not a complete PDF, or nil. It reads the first bytes, the last KiB, a few bytes at the offset
  /// `startxref` gives and, only when that offset leads nowhere, the whole file a chunk at a time.
  static func problem(_ file: ByteWindows) -> String? {
    let header = Array("%PDF-".utf8)
    guard let head = file.bytes(0..<8), head.count == 8, head.starts(with: header), isDigit(head[5]),
      head[6] == UInt8(ascii: "."), isDigit(head[7])
    else { return "has no version after %PDF- (such as %PDF-1.7), so it is not a complete PDF" }
    let tailStart = max(0, file.count - tailLength)
    guard let tail = file.bytes(tailStart..<file.count) else { return "cannot be read to its end" }
    guard let end = lastRange(of: "%%EOF", in: tail[...]) else {
      return "does not end with %%EOF: it is truncated or not a PDF"
    }
    guard let startxref = lastRange(of: "startxref", in: tail[..<end.lowerBound]) else {
      return "has no startxref before its %%EOF: it is truncated or not a PDF"
    }
    var index = startxref.upperBound
    while index < end.lowerBound, isSpace(tail[index]) { index += 1 }
    let digitsStart = index
    while index < end.lowerBound, isDigit(tail[index]) { index += 1 }
    guard index > digitsStart, index - digitsStart <= 15,
      let offset = Int(String(decoding: tail[digitsStart..<index], as: UTF8.self)),
      offset < tailStart + startxref.lowerBound
    else { return "its startxref gives no offset inside the file: it is damaged or not a PDF" }
    let window = file.bytes(offset..<offset + crossReferenceWindow) ?? []
    guard opensCrossReference(window) || holdsCrossReference(file) else {
      return "has no cross-reference section (xref and trailer, or an /XRef stream): it is damaged or not a PDF"
    }
    return nil
  }

  /// Why `bytes` are not a complete PDF, or nil.
  static func problem(_ bytes: [UInt8]) -> String? {
    problem(ByteWindows(bytes))
  }

  /// How many bytes at the `startxref` offset are read to find `xref` or an object header.
  private static let crossReferenceWindow = 256

  /// Whether the file holds `xref` and `trailer`, or `/XRef`, anywhere (read a chunk at a time).
  private static func holdsCrossReference(_ file: ByteWindows) -> Bool {
    var (xref, trailer, stream) = (false, false, false)
    _ = file.forEachChunk(overlap: overlap) { chunk, _ in
      xref = xref || contains("xref", in: chunk)
      trailer = trailer || contains("trailer", in: chunk)
      stream = stream || contains("/XRef", in: chunk)
      return !((xref && trailer) || stream)
    }
    return (xref && trailer) || stream
  }

  /// Whether `text` occurs in `bytes`: each candidate's first byte is found with `memchr`, then compared.
  static func contains(_ text: String, in bytes: [UInt8]) -> Bool {
    let pattern = Array(text.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress, !pattern.isEmpty else { return false }
      var index = 0
      while index + pattern.count <= buffer.count {
        guard let hit = memchr(base + index, Int32(pattern[0]), buffer.count - index - pattern.count + 1) else {
          return false
        }
        let start = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        if memcmp(base + start, pattern, pattern.count) == 0 { return true }
        index = start + 1
      }
      return false
    }
  }

  /// Whether `window` (the bytes at the `startxref` offset) starts, after white space, `xref` or an object header
  /// `N G obj`.
  private static func opensCrossReference(_ window: [UInt8]) -> Bool {
    var index = 0
    while index < window.count, isSpace(window[index]) { index += 1 }
    if window[index...].starts(with: Array("xref".utf8)) { return true }
    for _ in 0..<2 {
      let start = index
      while index < window.count, isDigit(window[index]) { index += 1 }
      guard index > start else { return false }
      let spaceStart = index
      while index < window.count, isSpace(window[index]) { index += 1 }
      guard index > spaceStart else { return false }
    }
    return window[index...].starts(with: Array("obj".utf8))
  }

  /// The range of the last `text` in `bytes`.
  private static func lastRange(of text: String, in bytes: ArraySlice<UInt8>) -> Range<Int>? {
    let pattern = Array(text.utf8)
    var start = bytes.endIndex - pattern.count
    while start >= bytes.startIndex {
      if bytes[start..<start + pattern.count].elementsEqual(pattern) { return start..<start + pattern.count }
      start -= 1
    }
    return nil
  }

  private static func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }

  private static func isSpace(_ byte: UInt8) -> Bool { [0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20].contains(byte) }

  /// The color space families the file names in its uncompressed bytes (`/DeviceRGB`, `/ICCBased`...), read a
  /// chunk at a time: every `/` is found with `memchr`, and only the few bytes after it are compared, so a 250 MB
  /// file takes a fraction of a second and a megabyte of memory. Nil when the file cannot be read.
  static func colorSpaces(_ file: ByteWindows) -> [String]? {
    var found: Set<String> = []
    let read = file.forEachChunk(overlap: overlap) { chunk, isLast in
      // Each chunk takes the slashes before the part the next chunk repeats, so every name is read whole once.
      names(in: chunk, before: isLast ? chunk.count : chunk.count - overlap, into: &found)
      return found.count < colorSpaceNames.count
    }
    return read ? found.sorted() : nil
  }

  /// The color space families of bytes in memory.
  static func colorSpaces(_ bytes: [UInt8]) -> [String] {
    colorSpaces(ByteWindows(bytes)) ?? []
  }

  private static let colorSpaceNames = [
    "DeviceRGB", "DeviceCMYK", "DeviceGray", "CalRGB", "CalGray", "Lab", "ICCBased", "Separation", "DeviceN",
  ].map { ($0, Array($0.utf8)) }

  /// Adds to `found` the color space names after the slashes of `chunk` that lie before `limit`.
  private static func names(in chunk: [UInt8], before limit: Int, into found: inout Set<String>) {
    chunk.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      var index = 0
      while index < limit, found.count < colorSpaceNames.count {
        guard let hit = memchr(base + index, 0x2F, limit - index) else { break }  // '/'
        let slash = UnsafePointer<UInt8>(hit.assumingMemoryBound(to: UInt8.self)) - base
        index = slash + 1
        for (name, pattern) in colorSpaceNames where !found.contains(name) {
          let end = index + pattern.count
          guard end <= buffer.count, memcmp(base + index, pattern, pattern.count) == 0 else { continue }
          // The name must end there: the next byte is white space or a delimiter, not more of a longer name.
          if end == buffer.count || !isRegularNameByte(buffer[end]) { found.insert(name) }
        }
      }
    }
  }

  private static func isRegularNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case 0x00, 0x09, 0x0A, 0x0C, 0x0D, 0x20, 0x28, 0x29, 0x3C, 0x3E, 0x5B, 0x5D, 0x7B, 0x7D, 0x2F, 0x25: false
    default: true
    }
  }
}
