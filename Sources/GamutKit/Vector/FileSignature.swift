/// Tells what a file holds from its first bytes, so that a file whose name says one thing and whose bytes say
/// another gets a message such as `is a WebP image, not PNG`.
enum FileSignature {
  /// How many leading bytes ``describe(_:)`` looks at.
  static let headLength = 512

  /// What the bytes are, as a phrase (`a WebP image`), or nil when no known signature matches.
  static func describe(_ head: [UInt8]) -> String? {
    func at(_ offset: Int, _ text: String) -> Bool {
      let pattern = Array(text.utf8)
      return head.count >= offset + pattern.count && head[offset..<offset + pattern.count].elementsEqual(pattern)
    }
    func bytes(_ pattern: [UInt8]) -> Bool { head.starts(with: pattern) }
    if bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "a PNG image" }
    if bytes([0xFF, 0xD8, 0xFF]) { return "a JPEG image" }
    if at(0, "GIF87a") || at(0, "GIF89a") { return "a GIF image" }
    if at(0, "RIFF") && at(8, "WEBP") { return "a WebP image" }
    if at(0, "8BPS") { return "a Photoshop document (PSD)" }
    if bytes([0x49, 0x49, 0x2A, 0x00]) || bytes([0x4D, 0x4D, 0x00, 0x2A]) { return "a TIFF image" }
    if at(4, "ftyp") {
      if at(8, "avif") || at(8, "avis") { return "an AVIF image" }
      if ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(where: { at(8, $0) }) {
        return "a HEIF image"
      }
    }
    if bytes([0xFF, 0x0A]) || bytes([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) { return "a JPEG XL image" }
    if at(0, "qoif") { return "a QOI image" }
    if at(0, "icns") { return "an Apple icon file (ICNS)" }
    if bytes([0, 0, 1, 0]) { return "a Windows icon (ICO)" }
    if at(0, "BM") && head.count >= 26 { return "a BMP image" }
    if at(0, "%PDF-") { return "a PDF document" }
    if at(0, "version https://git-lfs") { return "a Git LFS pointer (the file itself was not fetched)" }
    let text = String(decoding: head, as: UTF8.self).lowercased()
    let trimmed = text.drop { $0 == "\u{FEFF}" || $0.isWhitespace }
    if trimmed.hasPrefix("<") {
      if text.contains("<svg") { return "an SVG image" }
      if text.contains("<html") || text.contains("<!doctype html") { return "an HTML page" }
      return "an XML document"
    }
    return nil
  }
}
