/// The kinds of source file `gamut build` takes, told by the file name's ending.
package enum SourceFormat: String, Sendable, Codable, CaseIterable {
  /// A PNG: decoded, converted to sRGB (and Display P3 where needed) and checked.
  case png
  /// A JPEG photo (`.jpg`, `.jpeg`): its header checked, copied unchanged into an image set.
  case jpeg
  /// A PDF vector image: copied unchanged into an image set.
  case pdf
  /// An SVG vector image: copied unchanged into an image set.
  case svg
  /// An SF Symbols template, `Name.symbols.svg`: copied unchanged into `Name.symbolset`.
  case symbol

  /// The format of a file name, or nil when gamut does not take it. Case is ignored.
  package init?(fileName: String) {
    let lower = fileName.lowercased()
    if lower.hasSuffix(".symbols.svg") {
      self = .symbol
    } else if lower.hasSuffix(".svg") {
      self = .svg
    } else if lower.hasSuffix(".pdf") {
      self = .pdf
    } else if lower.hasSuffix(".png") {
      self = .png
    } else if lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg") {
      self = .jpeg
    } else {
      return nil
    }
  }

  /// The ending the name carries: `.png`, `.jpg`, `.pdf`, `.svg`, `.symbols.svg` (a JPEG may also end in `.jpeg`:
  /// see ``nameSuffixLength(in:)``).
  package var nameSuffix: String {
    switch self {
    case .symbol: ".symbols.svg"
    case .jpeg: ".jpg"
    default: "." + rawValue
    }
  }

  /// How many characters of `fileName` (a name of this format) its ending takes.
  package func nameSuffixLength(in fileName: String) -> Int {
    self == .jpeg && fileName.lowercased().hasSuffix(".jpeg") ? 5 : nameSuffix.count
  }

  /// The extension of the file written into the catalog.
  package var fileExtension: String {
    switch self {
    case .symbol: "svg"
    case .jpeg: "jpg"
    default: rawValue
    }
  }

  /// Whether the file is a vector (PDF, SVG, symbol): copied as it is, single-scale unless its name has a scale.
  package var isVector: Bool { self == .pdf || self == .svg || self == .symbol }

  /// Whether the file is copied as it is (every format but PNG, which is converted unless `unchanged:`).
  package var isCopied: Bool { self != .png }
}
