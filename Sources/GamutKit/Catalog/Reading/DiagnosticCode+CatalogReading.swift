// MARK: - Reading a catalog others wrote (the catalog reader; docs/lint.md)

extension DiagnosticCode {
  /// Error: a set's `Contents.json` that is missing or cannot be read (too large, not a regular file).
  public static let contentsUnreadable: DiagnosticCode = "contents-unreadable"
  /// Error: a `Contents.json` that is not JSON, or whose known keys hold the wrong type (the line says where).
  public static let contentsInvalid: DiagnosticCode = "contents-invalid"
  /// Note: a key gamut does not know in a `Contents.json` (kept, not checked).
  public static let unknownKey: DiagnosticCode = "unknown-key"
  /// Warning: a FIFO, socket or device inside a catalog or an Icon Composer bundle; never opened.
  public static let specialFile: DiagnosticCode = "special-file"
  /// Error: a set or another catalog folder inside a set's folder, where Xcode looks for no asset.
  public static let nestedSet: DiagnosticCode = "nested-set"
}
