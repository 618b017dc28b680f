/// One image file a set's entry names, read as far as the cheap checks need: its bytes, and for a PNG the header
/// and the color chunks (read up to the image data, not decoded). ``decoded()`` decodes the pixels for the checks
/// that need them.
struct LintImage {
  /// The largest file read.
  static let maximumBytes = 256 << 20

  /// The file's path as findings name it.
  var path: String
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

  /// Whether the color space is one that needs no note: sRGB, Display P3, gray; or untagged (its own note).
  var isUsualSpace: Bool {
    decision.source == .untagged || ["sRGB", "Display P3", "Gray"].contains(decision.name)
  }

  /// Whether the space is wider than sRGB, so that its pixels can clip on an sRGB display.
  var isWide: Bool {
    decision.source != .untagged && decision.name != "sRGB" && decision.name != "Gray"
      && !decision.name.hasPrefix("sRGB primaries") && decision.name != "Rec. 709"
      && header.colorType != .gray && header.colorType != .grayAlpha
  }

  /// The color space as messages and the mixed-profile check name it (untagged counts as the sRGB it is taken as).
  var spaceName: String { decision.source == .untagged ? "sRGB" : decision.name }

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
    func finding(_ code: DiagnosticCode, _ message: String) -> Loaded {
      .finding(Diagnostic(path: path, severity: .error, code: code, message: message))
    }
    guard let status = try? FileStatus(path: path, followingLinks: true) else {
      return finding(.unreadable, "the file cannot be read")
    }
    guard status.size <= maximumBytes else {
      return finding(.unreadable, "the file is \(status.size) bytes, over the limit of \(maximumBytes)")
    }
    guard let bytes = CatalogFiles.read(path) ?? (try? FileSystem.realPath(path)).flatMap(CatalogFiles.read) else {
      return finding(.unreadable, "the file cannot be read")
    }
    let named = fileKind(of: path)
    let head = Array(bytes.prefix(FileSignature.headLength))
    if let named, let mismatch = mismatch(named, actual: FileSignature.describe(head), head: head) {
      return finding(.wrongFileType, mismatch)
    }
    guard named?.name == "PNG" else { return .notChecked }
    do {
      let reader = try PNGRowReader(bytes: bytes, limits: limits)
      let chunks = reader.colorChunks
      return .image(
        LintImage(
          path: path, entry: entry, bytes: bytes, header: reader.header, chunks: chunks,
          decision: ColorSpaceDecision.of(chunks), limits: limits))
    } catch {
      return finding(.unreadablePNG, error.reason)
    }
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

  /// Why bytes whose first ones are `head` (``FileSignature`` says `actual`) are not what `named` says; nil when
  /// they are, or when their kind is not known (binary data named `.svg` excepted: an SVG is text).
  private static func mismatch(_ named: (name: String, phrases: [String]), actual: String?, head: [UInt8])
    -> String?
  {
    if let actual {
      return named.phrases.contains(where: actual.hasPrefix) ? nil : "is \(actual), not \(named.name) as its name says"
    }
    // Text has no control bytes but white space; binary data (and UTF-16, which Xcode does not read) has.
    guard named.name == "SVG", head.contains(where: { $0 < 0x20 && ![0x09, 0x0A, 0x0C, 0x0D].contains($0) })
    else { return nil }
    return "is binary data, not SVG (XML text) as its name says"
  }

  /// The decoded image.
  func decoded() throws(PNGError) -> PNGImage {
    try PNGDecoder(limits: limits).decode(bytes)
  }
}
