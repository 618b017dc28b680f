/// The kinds of source file `gamut build` takes, told by the file name's ending.
package enum SourceFormat: String, Sendable, Codable, CaseIterable {
  /// A PNG: decoded, converted to sRGB (and Display P3 where needed) and checked.
  case png
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
    } else {
      return nil
    }
  }

  /// The ending the name carries: `.png`, `.pdf`, `.svg`, `.symbols.svg`.
  package var nameSuffix: String {
    self == .symbol ? ".symbols.svg" : "." + rawValue
  }

  /// The extension of the file written into the catalog.
  package var fileExtension: String {
    self == .symbol ? "svg" : rawValue
  }

  /// Whether the file is copied as it is (PDF, SVG, symbol) rather than converted.
  package var isVector: Bool { self != .png }
}
