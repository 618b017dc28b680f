// MARK: - Reading a catalog others wrote (the catalog reader; docs/lint.md)

extension DiagnosticCode {
  /// Error: a set's `Contents.json` that is missing or cannot be read (too large, not a regular file).
  public static let contentsUnreadable: DiagnosticCode = "contents-unreadable"
  /// Error: a `Contents.json` that is not JSON, or whose known keys hold the wrong type (the line says where).
  public static let contentsInvalid: DiagnosticCode = "contents-invalid"
  /// Note: a key gamut does not know in a `Contents.json` (kept, not checked).
  public static let unknownKey: DiagnosticCode = "unknown-key"
  /// Error: a catalog nested deeper than the reader goes, or a set with more entries than it takes.
  public static let catalogLimit: DiagnosticCode = "catalog-limit"
}
