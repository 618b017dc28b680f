internal import GamutKit

/// Fuzz body for vector sources: ``VectorCheck`` as `gamut build` runs it on a `.pdf`, `.svg` and `.symbols.svg`
/// file (the `%PDF-` sniff and the PDF color-space scan; the XML well-formedness checker, the `svg` root, the SF
/// Symbols template structure and the CSS color-space scan), and the file-signature sniffing behind its messages.
public enum VectorTarget {
  /// Checks `bytes` as each vector format; a refusal must name a known code and say something.
  public static func run(_ bytes: [UInt8]) {
    for format in [SourceFormat.pdf, .svg, .symbol] {
      do {
        let spaces = try VectorCheck.check(bytes, format: format)
        precondition(spaces == spaces.sorted(), "color spaces not sorted")
        precondition(Set(spaces).count == spaces.count, "a color space listed twice")
      } catch {
        precondition([.unreadableVector, .invalidSymbol].contains(error.code), "unknown code \(error.code)")
        precondition(!error.reason.isEmpty, "a refusal without a reason")
        precondition(format == .symbol || error.code == .unreadableVector, "invalid-symbol for a plain vector")
      }
    }
  }
}
