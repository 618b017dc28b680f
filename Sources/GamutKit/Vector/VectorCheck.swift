/// Checks that a vector source is what its name says before it is copied into the catalog, and reports the color
/// spaces it declares (vectors are copied, never converted).
///
/// - PDF: a version header and a complete end (``PDFStructure``: `startxref` leading to a cross-reference section,
///   then `%%EOF`). Color spaces are the names `/DeviceRGB`, `/DeviceCMYK`, `/DeviceGray`,
///   `/CalRGB`, `/CalGray`, `/Lab`, `/ICCBased`, `/Separation` and `/DeviceN` found in the file's bytes, so only
///   those outside compressed object streams.
/// - SVG: well-formed UTF-8 XML (``XMLOutline``) whose root element is `svg`; a gzip-compressed file (`.svgz`) or
///   UTF-16 text is named as such. Color spaces are the CSS `color()` spaces
///   the text names (`display-p3`, `rec2020`...) and `icc-color`.
/// - Symbol (`.symbols.svg`): an SVG laid out as an SF Symbols template: a group `id="Symbols"` holding at least
///   one weight and scale variant (`Regular-M`, `Ultralight-S`...), and a group `id="Guides"` holding a baseline
///   (`Baseline-M`...), which is what Xcode reads a custom symbol by.
package enum VectorCheck {
  /// Why a vector source cannot be used.
  package struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// `unreadable-vector` (not what the name says) or `invalid-symbol` (an SVG but not a symbol template).
    package var code: DiagnosticCode
    package var reason: String
    package var description: String { reason }
  }

  /// The weights and scales of an SF Symbols template's variants.
  static let symbolWeights = [
    "Ultralight", "Thin", "Light", "Regular", "Medium", "Semibold", "Bold", "Heavy", "Black",
  ]
  static let symbolScales = ["S", "M", "L"]

  /// Checks `bytes` as `format` and returns the color spaces the file declares, sorted.
  package static func check(_ bytes: [UInt8], format: SourceFormat) throws(Failure) -> [String] {
    switch format {
    case .png, .jpeg:
      return []
    case .pdf:
      return try checkPDF(ByteWindows(bytes))
    case .svg, .symbol:
      if let encoding = unreadableEncoding(bytes) { throw Failure(code: .unreadableVector, reason: encoding) }
      let outline: XMLOutline
      do throws(XMLOutline.Error) {
        outline = try XMLOutline(bytes)
      } catch {
        if let what = FileSignature.describe(Array(bytes.prefix(FileSignature.headLength))),
          !what.hasPrefix("an SVG"), !what.hasPrefix("an XML"), !what.hasPrefix("an HTML")
        {
          throw Failure(code: .unreadableVector, reason: "is \(what), not SVG")
        }
        throw Failure(code: .unreadableVector, reason: "is not a readable SVG: \(error)")
      }
      guard outline.rootLocalName == "svg" else {
        throw Failure(
          code: .unreadableVector, reason: "is XML whose root element is <\(outline.rootName)>, not an SVG <svg>")
      }
      if format == .symbol { try checkSymbolTemplate(outline) }
      return svgColorSpaces(bytes)
    }
  }

  /// Checks a PDF read a window at a time (a large one is never held whole) and returns its color spaces.
  static func checkPDF(_ file: ByteWindows) throws(Failure) -> [String] {
    let head = file.bytes(0..<FileSignature.headLength) ?? []
    guard head.starts(with: Array("%PDF-".utf8)) else {
      throw notWhatItSays(head, expected: "PDF", otherwise: "has no %PDF- header, so it is not a PDF")
    }
    if let problem = PDFStructure.problem(file) { throw Failure(code: .unreadableVector, reason: problem) }
    guard let spaces = PDFStructure.colorSpaces(file) else {
      throw Failure(code: .unreadableVector, reason: "cannot be read to its end")
    }
    return spaces
  }

  private static func notWhatItSays(_ bytes: [UInt8], expected: String, otherwise: String) -> Failure {
    if let what = FileSignature.describe(Array(bytes.prefix(FileSignature.headLength))) {
      return Failure(code: .unreadableVector, reason: "is \(what), not \(expected)")
    }
    return Failure(code: .unreadableVector, reason: bytes.isEmpty ? "is empty" : otherwise)
  }

  private static func checkSymbolTemplate(_ outline: XMLOutline) throws(Failure) {
    let prefix = "is an SVG but not an SF Symbols template (export one from the SF Symbols app): "
    guard outline.ancestors(of: "Symbols") != nil else {
      throw Failure(code: .invalidSymbol, reason: prefix + "it has no group with id=\"Symbols\"")
    }
    let variants = symbolWeights.flatMap { weight in symbolScales.map { weight + "-" + $0 } }
    guard variants.contains(where: { outline.ancestors(of: $0)?.contains("Symbols") == true }) else {
      throw Failure(
        code: .invalidSymbol,
        reason: prefix + "its \"Symbols\" group holds no weight and scale variant (a group with id=\"Regular-M\", "
          + "\"Ultralight-S\"...)")
    }
    guard symbolScales.contains(where: { outline.ancestors(of: "Baseline-" + $0)?.contains("Guides") == true })
    else {
      throw Failure(
        code: .invalidSymbol,
        reason: prefix + "it has no guides (a group with id=\"Guides\" holding \"Baseline-S\", \"-M\" or \"-L\")")
    }
  }

  /// A message for an SVG in a form gamut does not read: gzip-compressed (an `.svgz` renamed) or UTF-16 text.
  static func unreadableEncoding(_ bytes: [UInt8]) -> String? {
    if bytes.starts(with: [0x1F, 0x8B]) {
      return "is gzip-compressed (an .svgz); Xcode takes plain SVG: decompress it (gunzip) and save it as .svg"
    }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE]) || bytes.starts(with: [0x00, 0x3C])
      || bytes.starts(with: [0x3C, 0x00])
    {
      return "is UTF-16 text; gamut reads SVG as UTF-8: save it as UTF-8"
    }
    return nil
  }

  /// The CSS color spaces an SVG's text names in `color(...)`, and `icc-color` when it uses ICC colors.
  static func svgColorSpaces(_ bytes: [UInt8]) -> [String] {
    let text = String(decoding: bytes, as: UTF8.self).lowercased()
    var found: Set<String> = []
    if text.contains("icc-color(") { found.insert("icc-color") }
    var rest = text[...]
    while let range = rest.range(of: "color(") {
      let before = rest[..<range.lowerBound].last
      rest = rest[range.upperBound...]
      // `icc-color(` and `rgbcolor(`-like names are not CSS color(); a space may follow the parenthesis.
      guard before.map({ !$0.isLetter && $0 != "-" }) ?? true else { continue }
      let space = rest.drop { $0 == " " }.prefix { $0.isLetter || $0.isNumber || $0 == "-" }
      if !space.isEmpty && space.count <= 32 { found.insert(String(space)) }
    }
    return found.sorted()
  }
}
