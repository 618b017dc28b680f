import Foundation

/// JSON for machines: pretty-printed, keys sorted, slashes unescaped.
enum JSONOutput {
  static func string<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try encoder.encode(value), as: UTF8.self)
  }
}
