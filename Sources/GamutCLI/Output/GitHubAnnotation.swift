import GamutKit

/// A finding as a GitHub Actions workflow command (`::warning file=PATH,title=CODE::message`), which the runner
/// turns into an annotation on the file in the job's summary and the pull request.
///
/// GitHub's escaping: in the message `%`, CR and LF become `%25`, `%0D` and `%0A`; in a property (`file`,
/// `title`) `:` and `,` also become `%3A` and `%2C`. Other control characters are written as escapes
/// (``Diagnostic/printable(_:)``), so a command is always one line.
enum GitHubAnnotation {
  /// The workflow command for `finding`. An absolute path inside `workspace` (the checkout, `GITHUB_WORKSPACE`) is
  /// made relative to it, since GitHub places annotations by the path within the repository.
  static func line(for finding: Diagnostic, workspace: String? = nil) -> String {
    line(
      severity: finding.severity, path: finding.path, line: finding.line, title: finding.code.rawValue,
      message: finding.message, workspace: workspace)
  }

  /// The workflow command for a message about `path`, at `line` when given, with an optional title.
  static func line(
    severity: Diagnostic.Severity, path: String, line: Int? = nil, title: String?, message: String,
    workspace: String? = nil
  ) -> String {
    var file = path
    if let workspace, !workspace.isEmpty {
      let base = workspace.hasSuffix("/") ? workspace : workspace + "/"
      if file.hasPrefix(base) { file = String(file.dropFirst(base.count)) }
    }
    var properties = "file=" + escapeProperty(file)
    if let line { properties += ",line=\(line)" }
    if let title, !title.isEmpty { properties += ",title=" + escapeProperty(title) }
    return "::\(command(severity)) \(properties)::\(escapeData(message))"
  }

  /// `notice`, `warning` or `error`.
  static func command(_ severity: Diagnostic.Severity) -> String {
    switch severity {
    case .note: "notice"
    case .warning: "warning"
    case .error: "error"
    }
  }

  /// A message: `%`, CR and LF escaped.
  static func escapeData(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      case _ where Diagnostic.isControl(scalar):
        result += Diagnostic.printable(String(scalar))  // other control characters stay visible and harmless
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A property value: as a message, and `:` and `,` escaped too.
  static func escapeProperty(_ text: String) -> String {
    var result = ""
    for scalar in escapeData(text).unicodeScalars {
      switch scalar {
      case ":": result += "%3A"
      case ",": result += "%2C"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
