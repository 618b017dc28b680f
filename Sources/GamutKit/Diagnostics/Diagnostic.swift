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
  /// The stable name of the kind of finding, for example ``DiagnosticCode/unpairedDark`` (`unpaired-dark` in
  /// `--json` output).
  public var code: DiagnosticCode
  public var message: String
  /// The 1-based line in the file the finding points at (an entry of a `Contents.json`), or nil for the whole file.
  public var line: Int?

  public init(path: String, severity: Severity, code: DiagnosticCode, message: String, line: Int? = nil) {
    self.path = path
    self.severity = severity
    self.code = code
    self.message = message
    self.line = line
  }

  /// The `path: severity: message` line, or `path:line: severity: message` when the finding has a line. Control
  /// characters in the path or message (a newline in a file name, say) are escaped, so a finding is always one line
  /// that Xcode can parse.
  public var description: String {
    Self.text(path: path, line: line, severity: severity, message: message)
  }

  /// `path: severity: message`, or `path:line: severity: message`, with control characters escaped: the one text
  /// form of a finding, also for a message about a file that has no code.
  package static func text(path: String, line: Int? = nil, severity: Severity, message: String) -> String {
    printable(path) + (line.map { ":\($0)" } ?? "") + ": \(severity.rawValue): \(printable(message))"
  }

  /// `text` with every control character (C0, DEL, C1, and the Unicode line and paragraph separators) written as an
  /// escape: `\n`, `\r`, `\t`, or `\u{1B}`.
  package static func printable(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isControl) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      case _ where isControl(scalar): result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// Whether `scalar` is a control character: C0, DEL, C1, or the Unicode line or paragraph separator.
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
  }
}
