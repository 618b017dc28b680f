/// Builds small JPEG files in tests: the marker segments gamut reads (start of image, APP segments, a frame header,
/// a scan header) around a few bytes of made-up scan data. Nothing decodes them: gamut copies JPEGs as they are and
/// reads only their headers, so hostile headers can be made on the spot.
public enum JPEGBuilder {
  /// One marker segment: FF, the marker, the length (payload + 2), the payload.
  public static func segment(_ marker: UInt8, _ payload: [UInt8]) -> [UInt8] {
    let length = payload.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }

  /// A frame header (SOF0 by default) for a `width` x `height` image of `components` components.
  public static func frame(width: Int, height: Int, components: Int = 3, precision: UInt8 = 8, marker: UInt8 = 0xC0)
    -> [UInt8]
  {
    var payload: [UInt8] = [
      precision, UInt8(height >> 8), UInt8(height & 0xFF), UInt8(width >> 8), UInt8(width & 0xFF),
    ]
    payload.append(UInt8(components))
    for index in 0..<components { payload += [UInt8(index + 1), 0x11, 0] }
    return segment(marker, payload)
  }

  /// APP2 segments carrying `profile` as ICC chunks of at most `chunkSize` bytes each.
  public static func profileChunks(_ profile: [UInt8], chunkSize: Int = 65_519) -> [UInt8] {
    let pieces = stride(from: 0, to: profile.count, by: chunkSize).map {
      Array(profile[$0..<min($0 + chunkSize, profile.count)])
    }
    var bytes: [UInt8] = []
    for (index, piece) in pieces.enumerated() {
      bytes += segment(0xE2, Array("ICC_PROFILE\0".utf8) + [UInt8(index + 1), UInt8(pieces.count)] + piece)
    }
    return bytes
  }

  /// A JPEG of `width` x `height`: SOI, a JFIF APP0, `extra` segments, the frame header, a scan header, `scan` bytes
  /// of made-up data (different for different `seed`s), and EOI unless `ended` is false.
  public static func jpeg(
    width: Int = 8, height: Int = 8, extra: [UInt8] = [], seed: UInt8 = 0, ended: Bool = true,
    frame: [UInt8]? = nil
  ) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    bytes += segment(0xE0, Array("JFIF\0".utf8) + [1, 1, 0, 0, 1, 0, 1, 0, 0])
    bytes += extra
    bytes += frame ?? self.frame(width: width, height: height)
    bytes += segment(0xDA, [3, 1, 0, 2, 0x11, 3, 0x11, 0, 63, 0])
    bytes += (0..<16).map { UInt8(truncatingIfNeeded: Int($0) &* 37 &+ Int(seed)) & 0x7F }
    if ended { bytes += [0xFF, 0xD9] }
    return bytes
  }
}
