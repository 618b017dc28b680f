import Foundation

/// The card of a color set: a swatch per variant on the background of its appearance (sRGB and, for a wide
/// color, Display P3), and the contrast of each pair it is the foreground of, with a sample.
enum ColorSetCard {
  static func make(_ color: ColorSetEntry, anchor: String) -> ReportCard {
    let title = ReportCard.title(group: color.group, name: color.name)
    var (level, reason) = ReportCard.worst(color.diagnostics)
    for result in color.contrast {
      let resultLevel = Self.level(result)
      if resultLevel > level {
        level = resultLevel
        reason =
          "contrast \(ratio(result.ratio)):1 of \(result.foreground) on \(result.background) (\(result.appearance))"
      }
    }
    let extra = color.diagnostics.map(\.code.rawValue) + color.contrast.map { "contrast-\(Self.level($0).name)" }
    var html = ReportCard.open(anchor: anchor, kind: "color", level: level, title: title, extra: extra)
    var badges: [(text: String, level: ReportCard.Level?)] = [("color", nil)]
    if color.variants.contains(where: { $0.displayP3 != nil }) { badges.append(("Display P3", nil)) }
    html += ReportCard.heading(anchor: anchor, group: color.group, name: color.name, badges: badges)
    html += ReportCard.diagnostics(color.diagnostics)
    html += "<div class=\"tiles\">"
    for variant in color.variants.sorted(by: { order($0) < order($1) }) {
      html += swatch(variant, name: color.name)
    }
    html += "</div>\n"
    if !color.contrast.isEmpty { html += table(color.contrast) }
    html += "</article>\n"
    return ReportCard(anchor: anchor, title: title, kind: "color", level: level, reason: reason, html: html)
  }

  /// Below the minimum: a warning; below the target: a note.
  static func level(_ result: ColorSetEntry.ContrastResult) -> ReportCard.Level {
    result.ratio < result.minimum ? .warning : result.ratio < result.target ? .note : .ok
  }

  private static func ratio(_ value: Double) -> String { String(format: "%.2f", value) }

  private static func order(_ variant: ColorSetEntry.Variant) -> Int {
    (variant.appearance == "dark" ? 2 : 0) + (variant.contrast == "high" ? 1 : 0)
  }

  /// A CSS color from `#RRGGBB[AA]`, or nil when the text is not one (it goes into a style attribute).
  static func cssHex(_ text: String?) -> String? {
    guard let text, text.hasPrefix("#"), [7, 9].contains(text.count),
      text.dropFirst().allSatisfy({ $0.isHexDigit })
    else { return nil }
    return text
  }

  private static func swatch(_ variant: ColorSetEntry.Variant, name: String) -> String {
    let dark = variant.appearance == "dark"
    var parts = [variant.appearance]
    if variant.contrast == "high" { parts.append("high contrast") }
    if let idiom = variant.idiom { parts.append(idiom) }
    var style = ""
    if let hex = cssHex(variant.srgb) { style = "background:\(hex)" }
    var values = HTML.escape(variant.srgb)
    if let p3 = variant.displayP3, p3.count >= 3, p3.allSatisfy({ $0.isFinite }) {
      let numbers = p3.prefix(3).map { String(format: "%.3f", $0) }.joined(separator: " ")
      let alpha = p3.count > 3 ? String(format: "%.3f", p3[3]) : "1"
      style += ";background:color(display-p3 \(numbers) / \(alpha))"
      values += " · P3 \(numbers)"
      if let moved = variant.deltaE2000 { values += String(format: " · sRGB moved ΔE %.1f", moved) }
    }
    var html = "<figure class=\"tile \(dark ? "on-dark" : "on-light")\">"
    html += "<div class=\"frame\"><div class=\"swatch\" role=\"img\" aria-label=\"\(HTML.escape(name)), "
    html += "\(HTML.escape(parts.joined(separator: ", "))): \(values)\" style=\"\(style)\"></div></div>"
    html += "<figcaption>\(HTML.escape(parts.joined(separator: " · "))) <span class=\"px\">\(values)</span>"
    return html + "</figcaption></figure>"
  }

  private static func table(_ results: [ColorSetEntry.ContrastResult]) -> String {
    var html = "<table class=\"contrast\"><caption>Contrast</caption><thead><tr><th scope=\"col\">pair</th>"
    html += "<th scope=\"col\">appearance</th><th scope=\"col\">sample</th><th scope=\"col\">ratio</th>"
    html += "<th scope=\"col\">minimum / target</th><th scope=\"col\">result</th></tr></thead><tbody>\n"
    for result in results {
      let level = Self.level(result)
      let verdict =
        switch level {
        case .warning: "below the minimum"
        case .note: "below the target"
        default: "meets the target"
        }
      var sample = "<td></td>"
      if let foreground = cssHex(result.foregroundColor), let background = cssHex(result.backgroundColor) {
        sample = "<td><span class=\"sample\" aria-hidden=\"true\" style=\"color:\(foreground);"
        sample += "background:\(background)\">Aa</span></td>"
      }
      html += "<tr class=\"l-\(level.name)\"><td>\(HTML.escape(result.foreground)) on "
      html += "\(HTML.escape(result.background))</td><td>\(HTML.escape(result.appearance))</td>\(sample)"
      html += "<td>\(ratio(result.ratio)):1</td><td>\(ratio(result.minimum)) / \(ratio(result.target))</td>"
      html += "<td>\(verdict)</td></tr>\n"
    }
    return html + "</tbody></table>\n"
  }
}
