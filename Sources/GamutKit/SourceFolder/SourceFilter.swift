/// Which names in a source folder are never sources: hidden files, the temporary names that copies, downloads
/// and editors use while writing, and this tool's own temporary files.
enum SourceFilter {
  /// Suffixes of names that are still being written by some tool.
  static let temporarySuffixes = [".tmp", ".part", ".crdownload", ".download", ".partial", "~", ".swp"]

  /// Whether a file or folder name is to be ignored entirely.
  static func isIgnored(_ name: String) -> Bool {
    if name.hasPrefix(".") { return true }
    let lower = name.lowercased()
    return temporarySuffixes.contains { lower.hasSuffix($0) }
  }

  /// Extensions of images that are not PNGs: reported, since an artist may expect them to be taken.
  static let otherImageExtensions: Set<String> = [
    "gif", "tif", "tiff", "heic", "heif", "webp", "bmp", "avif", "psd",
  ]
}
