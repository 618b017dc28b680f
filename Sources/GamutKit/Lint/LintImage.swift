/// One image file a set's entry names, read as far as the cheap checks need: its bytes, and for a PNG the header
/// and the color chunks (read up to the image data, not decoded). ``rows()`` opens a reader over its rows for the
/// checks that need pixels, which take them a strip at a time.
struct LintImage {
  /// The largest file read.
  static let maximumBytes = 256 << 20

  /// The file's path as findings name it.
  var path: String
  /// The path its bytes were read from (the link's target when the file is a link inside the catalog).
  var readPath: String
  /// The entry naming the file.
  var entry: CatalogEntry
  /// The file's bytes.
  var bytes: [UInt8]
  var header: PNGHeader
  var chunks: ColorChunks
  var decision: ColorSpaceDecision
  var limits: PNGLimits

  /// The slot as gamut's traits (nil for traits it does not model).
  var traits: RenditionTraits? { entry.traits }

  /// Whether the space is wider than sRGB, so that its pixels can clip on an sRGB display.
  var isWide: Bool {
    decision.source != .untagged && decision.name != "sRGB" && decision.name != "Gray"
      && !decision.name.hasPrefix("sRGB primaries") && decision.name != "Rec. 709"
      && header.colorType != .gray && header.colorType != .grayAlpha
  }

  /// The color space as messages and the mixed-profile check name it (untagged counts as the sRGB it is taken as).
  var spaceName: String { decision.source == .untagged ? "sRGB" : decision.name }

  /// What the colors are read as: `Display P3 (from iCCP)`, `sRGB (no usable color chunk)`.
  var readAs: String {
    decision.source == .untagged
      ? "sRGB (no usable color chunk)" : "\(decision.name) (from \(decision.source.rawValue))"
  }

  /// What reading a file gave.
  enum Loaded {
    case image(LintImage)
    /// Why the file is not a PNG lint can read.
    case finding(Diagnostic)
    /// A file of a kind lint does not read (a PDF, an SVG...) that is what its name says.
    case notChecked
  }

  /// Reads the file at `path` named by `entry`: a PNG image, or the finding that says why it is not one.
  static func load(path: String, entry: CatalogEntry, limits: PNGLimits) -> Loaded {
    func finding(_ code: DiagnosticCode, _ message: String, _ severity: Diagnostic.Severity = .error) -> Loaded {
      .finding(Diagnostic(path: path, severity: severity, code: code, message: message))
    }
    guard let status = try? FileStatus(path: path, followingLinks: true) else {
      return finding(.unreadable, "the file cannot be read")
    }
    guard status.size <= maximumBytes else {
      return finding(.unreadable, "the file is \(status.size) bytes, over the limit of \(maximumBytes)")
    }
    var readPath = path
    var read = CatalogFiles.read(path)
    if read == nil, let target = try? FileSystem.realPath(path) {
      readPath = target
      read = CatalogFiles.read(target)
    }
    guard let bytes = read else { return finding(.unreadable, "the file cannot be read") }
    let named = fileKind(of: path)
    let head = Array(bytes.prefix(FileSignature.headLength))
    let actual = FileSignature.describe(head)
    if let named, actual == nil, named.name == "SVG", isBinary(head) {
      return finding(.wrongFileType, "is binary data, not SVG (XML text) as its name says")
    }
    if let named, let actual, !named.phrases.contains(where: actual.hasPrefix) {
      guard Self.imageIOReads(actual) else {
        return finding(
          .wrongFileType, "is \(actual), not \(named.name) as its name says; Xcode cannot use it as an image")
      }
      return finding(
        .misnamedImage,
        "is \(actual), not \(named.name) as its name says; Xcode reads images by their bytes, so it builds, but tools "
          + "that trust the name (image optimisers, gamut build) do not, and lint does not check its pixels",
        .note)
    }
    guard named?.name == "PNG" else { return .notChecked }
    do {
      let reader = try PNGRowReader(bytes: bytes, limits: limits)
      let chunks = reader.colorChunks
      return .image(
        LintImage(
          path: path, readPath: readPath, entry: entry, bytes: bytes, header: reader.header, chunks: chunks,
          decision: ColorSpaceDecision.of(chunks), limits: limits))
    } catch {
      return finding(.unreadablePNG, error.reason)
    }
  }

  /// The image formats Apple's ImageIO, which Xcode reads images with, decodes whatever the file is named.
  static let imageIOFormats = [
    "a PNG", "a JPEG image", "a GIF", "a WebP", "a Photoshop", "a TIFF", "an AVIF", "a HEIF", "a JPEG XL",
    "an Apple icon", "a Windows icon", "a BMP",
  ]

  /// Whether `description` (a ``FileSignature`` phrase) is a format ImageIO reads.
  static func imageIOReads(_ description: String) -> Bool {
    imageIOFormats.contains { description.hasPrefix($0) }
  }

  /// What the file's extension says it is: the format's name and the starts of ``FileSignature``'s phrases for
  /// it; nil for an extension lint does not check.
  private static func fileKind(of path: String) -> (name: String, phrases: [String])? {
    let lower = path.lowercased()
    if lower.hasSuffix(".png") { return ("PNG", ["a PNG"]) }
    if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") { return ("JPEG", ["a JPEG"]) }
    if lower.hasSuffix(".pdf") { return ("PDF", ["a PDF"]) }
    if lower.hasSuffix(".heic") || lower.hasSuffix(".heif") { return ("HEIF", ["a HEIF"]) }
    // An SVG may open with a long comment before its root: XML whose root is not in the first bytes is taken.
    if lower.hasSuffix(".svg") { return ("SVG", ["an SVG", "an XML"]) }
    return nil
  }

  /// Whether the first bytes of a file are not text: text has no control bytes but white space (binary data has,
  /// and so has UTF-16, which Xcode does not read as SVG).
  private static func isBinary(_ head: [UInt8]) -> Bool {
    head.contains { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) }
  }

  /// A reader over the image's rows, from its first row: over a copy of the bytes for a small file (cheaper than
  /// opening it again), else over the file (in the page cache since it was read for its bytes).
  func rows() throws(PNGError) -> PNGRowReader {
    bytes.count < 1 << 20
      ? try PNGRowReader(bytes: bytes, limits: limits) : try PNGRowReader(contentsOf: readPath, limits: limits)
  }
}
