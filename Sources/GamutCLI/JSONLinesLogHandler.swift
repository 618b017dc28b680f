import Foundation
import GamutKit
import Logging

/// A swift-log handler that writes one JSON object per line to standard error, through the ``Printer``: `time`
/// (ISO 8601, UTC), `level`, `message`, and the metadata as fields (a whole number as a number, anything else as
/// its text). For daemons whose logs are collected by machines.
struct JSONLinesLogHandler: LogHandler {
  var metadata: Logger.Metadata = [:]
  var logLevel: Logger.Level = .info
  let label: String

  subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  func log(event: LogEvent) {
    var fields: [String: XcodeJSON] = [
      "time": .string(Date().formatted(.iso8601)), "level": .string(event.level.rawValue),
      "message": .string("\(event.message)"), "label": .string(label),
    ]
    for (key, value) in metadata.merging(event.metadata ?? [:], uniquingKeysWith: { $1 }) {
      // A whole number given as a number (a finding's `line`) stays one; every other value is its text.
      if case .stringConvertible(let number as Int) = value {
        fields[key] = .integer(number)
      } else {
        fields[key] = .string("\(value)")
      }
    }
    Printer().document(XcodeJSON.object(fields).renderedCompact(), to: .error)
  }
}

/// Standard error as a text stream, through the ``Printer``: where swift-log's `StreamLogHandler` writes watch's
/// text log.
struct PrinterStream: TextOutputStream, Sendable {
  private let printer = Printer()

  mutating func write(_ string: String) {
    printer.text(string, to: .error)
  }
}
