/// Renditions of one slot that are copies of each other although their appearances differ: a dark rendition that
/// is its light one (the same file named twice, the same bytes, or, for PNGs, the same pixels), vectors too.
enum AppearanceCopies {
  /// How one file copies another.
  enum Copy: Equatable {
    /// One file named by both entries.
    case sameFile
    /// Two files with the same bytes.
    case sameBytes
    /// Two PNGs with the same pixels (size, layout, color space and every sample).
    case samePixels

    /// `is the light rendition's own file`, `has the same bytes as the light rendition 'x.png'`...
    func phrase(_ role: String, _ other: String) -> String {
      switch self {
      case .sameFile: "is the \(role)'s own file"
      case .sameBytes: "has the same bytes as the \(role) '\(other)'"
      case .samePixels: "has the same pixels as the \(role) '\(other)'"
      }
    }
  }

  /// How the file of `entry` copies the file of `other` in `set`, or nil when it does not. PNGs are compared by
  /// bytes, then by pixels a strip at a time until the first difference; other files by bytes.
  static func copy(
    _ entry: CatalogEntry, of other: CatalogEntry, in set: CatalogSet, images: [String: LintImage],
    context: LintContext, samePixels: (LintImage, LintImage) -> Bool = AppearanceCopies.samePixels
  ) -> Copy? {
    guard let file = entry.filename, let otherFile = other.filename else { return nil }
    if file == otherFile { return .sameFile }
    if let image = images[file], let otherImage = images[otherFile] {
      if image.bytes == otherImage.bytes { return .sameBytes }
      return samePixels(image, otherImage) ? .samePixels : nil
    }
    let paths = [context.path(of: set, file: file), context.path(of: set, file: otherFile)]
    let sizes = paths.map { (try? FileStatus(path: $0, followingLinks: true))?.size }
    guard let size = sizes[0], size == sizes[1], size <= LintImage.maximumBytes,
      let bytes = CatalogFiles.read(paths[0]), let otherBytes = CatalogFiles.read(paths[1]), bytes == otherBytes
    else { return nil }
    return .sameBytes
  }

  /// Whether two PNGs could have the same pixels: the same size and color space, and other bytes.
  static func mayHaveSamePixels(_ a: LintImage, _ b: LintImage) -> Bool {
    a.header.width == b.header.width && a.header.height == b.header.height && a.decision.name == b.decision.name
      && a.bytes != b.bytes
  }

  /// Whether two PNGs decode to the same pixels, read in step until they differ: one row first, then more at a time
  /// up to a strip, so that two images that differ early (nearly all) cost a few rows each.
  static func samePixels(_ a: LintImage, _ b: LintImage) -> Bool {
    guard mayHaveSamePixels(a, b), let first = try? a.rows(), let second = try? b.rows(),
      first.layout == second.layout, first.bitDepth == second.bitDepth
    else { return false }
    let (width, height) = (a.header.width, a.header.height)
    let stripRows = max(1, PNGRowReader.stripPixels / max(width, 1))
    var rows = 1
    while first.rowsRead < height {
      let count = min(rows, height - first.rowsRead)
      guard let mine = try? first.readRows(count), let others = try? second.readRows(count),
        mine.samples == others.samples
      else { return false }
      rows = min(rows * 8, stripRows)
    }
    return true
  }

  /// The slot of an image set's entry, for pairing a dark rendition with its light one.
  private static func slot(_ entry: CatalogEntry) -> [String?] {
    [entry.idiom, entry.scale, entry.displayGamut, entry.highContrast ? "high" : nil] + ImageSetLint.otherTraits(entry)
  }

  /// For each dark PNG of `set` that could have the pixels of its slot's light or any-appearance PNG, that image,
  /// by the dark file's name: the pixel pass of the dark one reads it in step.
  static func twins(_ set: CatalogSet, images: [LintImage]) -> [String: LintImage] {
    var twins: [String: LintImage] = [:]
    for dark in images where dark.entry.luminosity == "dark" {
      guard
        let light = images.first(where: {
          $0.entry.luminosity != "dark" && slot($0.entry) == slot(dark.entry) && mayHaveSamePixels($0, dark)
        })
      else { continue }
      twins[dark.entry.filename ?? ""] = light
    }
    return twins
  }

  /// `dark-rendition-copy` (note): each filled dark entry of an image set whose file is a copy of the light or
  /// any-appearance rendition of its slot (another file with the same bytes, or the same pixels as the pixel pass
  /// found: `pixelCopies`). The dark appearance then shows what the light one does. One file named by both entries
  /// is left alone: that is a choice made in Xcode.
  static func darkCopies(
    _ set: CatalogSet, images: [LintImage], pixelCopies: Set<String>, context: LintContext
  ) -> [Diagnostic] {
    let byFile = Dictionary(images.map { ($0.entry.filename ?? "", $0) }, uniquingKeysWith: { a, _ in a })
    let filled = set.entries.filter { $0.filename != nil }
    var findings: [Diagnostic] = []
    for dark in filled where dark.luminosity == "dark" {
      guard let light = filled.first(where: { $0.luminosity != "dark" && slot($0) == slot(dark) }),
        let copy = copy(
          dark, of: light, in: set, images: byFile, context: context,
          samePixels: { image, _ in pixelCopies.contains(image.entry.filename ?? "") }),
        copy != .sameFile
      else { continue }
      let role = "\(light.luminosity ?? "any")-appearance rendition"
      findings.append(
        context.atEntry(
          set, line: dark.line, .note, .darkRenditionCopy,
          "the dark rendition '\(dark.filename ?? "")' \(copy.phrase(role, light.filename ?? "")) of its slot: Dark "
            + "Mode shows the same image, so the dark entry adds only size (drop it, or give it its own artwork)"))
    }
    return findings
  }
}
