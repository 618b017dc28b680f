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

  /// `path: cannot operation: reason`, with control characters in the path escaped (see
  /// ``Diagnostic/printable(_:)``).
  public var description: String { "\(Diagnostic.printable(path)): cannot \(operation): \(reason)" }
}
