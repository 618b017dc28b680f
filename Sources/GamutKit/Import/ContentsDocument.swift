import Foundation

/// A `Contents.json` read for import: its bytes (compared byte for byte after the rebuild) and its JSON object.
struct ContentsDocument {
  /// The largest `Contents.json` read; Xcode's are a few KiB.
  static let maxBytes = 4 << 20

  var bytes: [UInt8]
  /// The top-level object, or nil when the file is not a JSON object.
  var object: [String: Any]?

  /// Reads `path`; nil when it is missing, not a regular file or larger than ``maxBytes``.
  init?(path: String) {
    guard let status = try? FileStatus(path: path), status.kind == .regular, status.size <= Self.maxBytes,
      let bytes = CatalogFiles.read(path)
    else { return nil }
    self.bytes = bytes
    object = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any]
  }

  /// The `properties` member, or an empty object.
  var properties: [String: Any] { object?["properties"] as? [String: Any] ?? [:] }

  /// Whether `info` is the one Xcode writes, `{ "author" : "xcode", "version" : 1 }`.
  var hasXcodeInfo: Bool {
    guard let info = object?["info"] as? [String: Any], info.count == 2 else { return false }
    return info["author"] as? String == "xcode" && (info["version"] as? NSNumber)?.intValue == 1
  }
}
