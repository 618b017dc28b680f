// MARK: - Vectors, symbols and what real catalogs taught (issue 17; docs/image-sets.md)

extension DiagnosticCode {
  /// Error: a `.pdf` without the `%PDF-` header, a `.svg` that is not well-formed XML with an `svg` root, a vector
  /// file that is another kind of file, or one larger than the copy limit.
  public static let unreadableVector: DiagnosticCode = "unreadable-vector"
  /// Error: a `.symbols.svg` that is an SVG but not an SF Symbols template.
  public static let invalidSymbol: DiagnosticCode = "invalid-symbol"
  /// Error: a vector (PDF, SVG) in an asset that has raster sources, or a JPEG in an asset whose PNGs are converted;
  /// the vector or JPEG is skipped.
  public static let mixedRenditions: DiagnosticCode = "mixed-renditions"
  /// Warning: a gAMA chunk that decides the color space and says more than 1, which looks inverted.
  public static let invertedGamma: DiagnosticCode = "inverted-gamma"
}
