/// A file-system operation that failed: the path, what was being done, and the system's reason.
public struct FileError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var operation: String
  public var reason: String

  public init(path: String, operation: String, reason: String) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  /// `path: error: cannot operation: reason` (the form Xcode shows as an error), with control characters escaped
  /// (see `Diagnostic/printable(_:)`) and an impossibly long path shortened (`QuotedValue`).
  public var description: String {
    "\(Diagnostic.printable(QuotedValue.path(path))): error: cannot \(operation): \(Diagnostic.printable(reason))"
  }
}
