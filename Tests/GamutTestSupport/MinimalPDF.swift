/// The smallest PDF text gamut's check accepts around a body: a version header, the body, a one-entry
/// cross-reference table, a trailer, and `startxref` with the table's real offset before `%%EOF`.
public enum MinimalPDF {
  public static func text(_ body: String = "1 0 obj << /Type /Catalog >> endobj\n") -> String {
    let head = "%PDF-1.7\n" + body
    return head + "xref\n0 1\n0000000000 65535 f \ntrailer << /Size 1 >>\nstartxref\n\(head.utf8.count)\n%%EOF\n"
  }
}
