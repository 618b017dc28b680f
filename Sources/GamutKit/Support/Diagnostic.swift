/// A finding about one file, printed as `path: warning: message` or `path: error: message`, the form that
/// Xcode's issue navigator picks up from a Run Script phase.
public struct Diagnostic: Sendable, Equatable, Hashable, Codable, CustomStringConvertible {
  public enum Severity: String, Sendable, Codable, Comparable {
    case note, warning, error

    public static func < (lhs: Self, rhs: Self) -> Bool {
      let order: [Severity] = [.note, .warning, .error]
      return order.firstIndex(of: lhs)! < order.firstIndex(of: rhs)!
    }
  }

  /// The file the finding is about, as given on the command line or relative to the source folder's parent.
  public var path: String
  public var severity: Severity
  /// A stable identifier of the kind of finding, for example `unpaired-dark` (for `--json` consumers).
  public var code: String
  public var message: String

  public init(path: String, severity: Severity, code: String, message: String) {
    self.path = path
    self.severity = severity
    self.code = code
    self.message = message
  }

  public var description: String { "\(path): \(severity.rawValue): \(message)" }
}
