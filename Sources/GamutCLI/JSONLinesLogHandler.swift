import Foundation
import GamutKit
import Logging

/// A swift-log handler that writes one JSON object per line to standard error: `time` (ISO 8601, UTC), `level`,
/// `message`, and the metadata as string fields. For daemons whose logs are collected by machines.
struct JSONLinesLogHandler: LogHandler {
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info
  let label: String

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var fields: [String: String] = [
      "time": Date().formatted(.iso8601), "level": event.level.rawValue, "message": "\(event.message)",
      "label": label,
    ]
    for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
      fields[key] = "\(value)"
    }
    let line = XcodeJSON.object(fields.mapValues { .string($0) }).renderedCompact()
    FileHandle.standardError.write(Data((line + "\n").utf8))
  }
}
