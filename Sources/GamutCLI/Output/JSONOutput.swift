import GamutKit

/// JSON for machines: pretty-printed, keys in byte order on every platform, slashes unescaped.
enum JSONOutput {
  /// The text, without the trailing newline (`print` adds it).
  static func string<T: Encodable>(_ value: T) throws -> String {
    String(try XcodeJSONEncoder().prettyText(of: value).dropLast())
  }
}
