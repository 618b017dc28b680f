/// Which names in a source folder are never sources: hidden files, the temporary names that copies, downloads
/// and editors use while writing, and this tool's own temporary files (``FolderWalker``'s rule for a source folder).
enum SourceFilter {
  /// Whether a file or folder name is to be ignored entirely.
  static func isIgnored(_ name: String) -> Bool {
    FolderWalker.passesOver(name, in: .sourceFolder)
  }

  /// Extensions of images that are not PNGs: reported, since an artist may expect them to be taken.
  static let otherImageExtensions: Set<String> = [
    "gif", "tif", "tiff", "heic", "heif", "webp", "bmp", "avif", "psd",
  ]
}
