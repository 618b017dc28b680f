/// How messages quote a value taken from a file or the command line: the value itself when it is short, else its
/// first characters and its length, so that a 4 MB value never makes a 4 MB line on standard error or in the
/// manifest. Control characters are escaped by ``Diagnostic/printable(_:)`` when the message is printed.
package enum QuotedValue {
  /// The most characters of a value a message quotes.
  package static let maxCharacters = 64

  /// `'value'`, or `'first characters…' (N bytes)` for a longer value.
  package static func quote(_ value: some StringProtocol) -> String {
    "'" + shortened(value) + "'" + (isShort(value) ? "" : " (\(value.utf8.count) bytes)")
  }

  /// The value without quotes, as ``quote(_:)`` gives it: itself when short, else `first characters… (N bytes)`.
  package static func excerpt(_ value: some StringProtocol) -> String {
    isShort(value) ? String(value) : shortened(value) + " (\(value.utf8.count) bytes)"
  }

  /// The value without quotes: itself when short, else its first characters and `…`.
  package static func shortened(_ value: some StringProtocol) -> String {
    isShort(value) ? String(value) : String(value.prefix(maxCharacters)) + "…"
  }

  /// The longest path printed whole, in bytes (the usual `PATH_MAX`); no real path is longer.
  package static let maxPathBytes = 4096

  /// `path` itself, or for a longer one (which names no file) its first characters and its length.
  package static func path(_ path: String) -> String {
    path.utf8.count <= maxPathBytes ? path : shortened(path) + " (\(path.utf8.count) bytes)"
  }

  private static func isShort(_ value: some StringProtocol) -> Bool {
    value.utf8.count <= maxCharacters * 4 && value.count <= maxCharacters
  }
}
