/// One asset's card in the report, with what the summary and the filter need to know about it.
struct ReportCard: Sendable {
  /// How much an asset needs a look, worst first in the summary.
  enum Level: Int, Sendable, Comparable {
    case ok, note, warning, error

    var name: String {
      switch self {
      case .ok: "ok"
      case .note: "note"
      case .warning: "warning"
      case .error: "error"
      }
    }

    static func < (lhs: Level, rhs: Level) -> Bool { lhs.rawValue < rhs.rawValue }

    init(_ severity: Diagnostic.Severity) {
      switch severity {
      case .note: self = .note
      case .warning: self = .warning
      case .error: self = .error
      }
    }
  }

  /// The element id, unique in the page.
  var anchor: String
  /// `Group/Name`.
  var title: String
  /// `image`, `color` or `app icon`.
  var kind: String
  var level: Level
  /// Why the level is what it is, one short line for the summary (the first error or warning).
  var reason: String
  /// The card's HTML, an `<article>` element.
  var html: String

  /// `Group/Name`, or `Name` at the catalog root.
  static func title(group: String, name: String) -> String { group.isEmpty ? name : group + "/" + name }

  /// The card's heading: the group in a lighter weight, the name, and badges.
  static func heading(anchor: String, group: String, name: String, badges: [(text: String, level: Level?)]) -> String {
    var html = "<h3><a class=\"self\" href=\"#\(anchor)\">"
    if !group.isEmpty { html += "<span class=\"group\">\(HTML.escape(group))/</span>" }
    html += HTML.escape(name) + "</a>"
    for badge in badges {
      let level = badge.level.map { " l-" + $0.name } ?? ""
      html += " <span class=\"badge\(level)\">\(HTML.escape(badge.text))</span>"
    }
    return html + "</h3>\n"
  }

  /// The opening tag of a card, with the data the filter reads.
  static func open(anchor: String, kind: String, level: Level, title: String, extra: [String]) -> String {
    let search = ([title, kind, level.name] + extra).joined(separator: " ").lowercased()
    return "<article class=\"card l-\(level.name)\" id=\"\(anchor)\" data-level=\"\(level.name)\" "
      + "data-kind=\"\(HTML.escape(kind))\" data-search=\"\(HTML.escape(search))\">\n"
  }

  /// The findings about one asset, inline, errors first.
  static func diagnostics(_ findings: [Diagnostic]) -> String {
    guard !findings.isEmpty else { return "" }
    var html = "<ul class=\"diags\">\n"
    for finding in findings.sorted(by: { $0.severity > $1.severity }) {
      let level = Level(finding.severity).name
      html +=
        "<li class=\"l-\(level)\"><span class=\"sev\">\(level)</span> "
        + "<code>\(HTML.escape(finding.code.rawValue))</code> "
      let location = finding.path + (finding.line.map { ":\($0)" } ?? "")
      html += HTML.escape(finding.message) + " <span class=\"path\">\(HTML.escape(location))</span></li>\n"
    }
    return html + "</ul>\n"
  }

  /// The worst level among findings, and the first finding at that level as the reason.
  static func worst(_ findings: [Diagnostic]) -> (Level, String) {
    guard let first = findings.max(by: { $0.severity < $1.severity }) else { return (.ok, "") }
    return (Level(first.severity), first.code.rawValue + ": " + first.message)
  }
}
