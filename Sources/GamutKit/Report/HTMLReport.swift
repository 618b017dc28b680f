import Foundation

/// Renders a report as one HTML page: a summary (counts, then what needs attention, worst first, linked to the
/// cards), a filter, and a card per asset, kind by kind.
///
/// Deterministic: the same content and files give the same bytes (no time, no absolute path).
struct HTMLReport {
  /// The most findings listed in the summary; the level filter shows the rest.
  static let attentionLimit = 200

  var content: ReportContent
  var files: ReportFiles

  func render() -> String {
    var anchors = Set<String>()
    func anchor(_ title: String) -> String {
      let base = "asset-" + HTML.identifier(title)
      var candidate = base
      var number = 2
      while !anchors.insert(candidate).inserted {
        candidate = base + "-\(number)"
        number += 1
      }
      return candidate
    }
    // Each kind of entry has its own renderer; the page only places their cards.
    let kinds: [(title: String, id: String, cards: [ReportCard])] = [
      (
        "Images", "images",
        content.images.map {
          ImageAssetCard.make($0, anchor: anchor(ReportCard.title(group: $0.group, name: $0.name)), files: files)
        }
      ),
      (
        "Colors", "colors",
        content.colors.map { ColorSetCard.make($0, anchor: anchor(ReportCard.title(group: $0.group, name: $0.name))) }
      ),
      (
        "App icons", "app-icons",
        content.appIcons.map {
          AppIconCard.make($0, anchor: anchor(ReportCard.title(group: $0.group, name: $0.name)), files: files)
        }
      ),
      (
        "Icon Composer icons", "icon-bundles",
        content.iconBundles.map { IconBundleCard.make($0, anchor: anchor($0.name + ".icon"), files: files) }
      ),
    ]
    let cards = kinds.flatMap(\.cards)
    var html = head()
    html += "<body>\n<a class=\"skip\" href=\"#assets\">Skip to the assets</a>\n" + ReportPage.filters
    let line = content.heading?.line ?? optionsLine
    html += "<header><h1>\(HTML.escape(content.catalog))</h1><p class=\"muted\">\(HTML.escape(line))</p>"
    html += "</header>\n<main>\n"
    html += summary(cards)
    html += controls(total: cards.count)
    html += "<div id=\"assets\" tabindex=\"-1\">\n"
    for kind in kinds where !kind.cards.isEmpty {
      html += "<section class=\"kind\" id=\"\(kind.id)\" aria-labelledby=\"\(kind.id)-title\">\n"
      html += "<h2 id=\"\(kind.id)-title\">\(kind.title) (\(kind.cards.count))</h2>\n"
      for card in kind.cards { html += card.html }
      html += "</section>\n"
    }
    if cards.isEmpty { html += "<p>The catalog has no assets.</p>\n" }
    html += "</div>\n</main>\n<script>\n\(ReportPage.script)\n</script>\n</body>\n</html>\n"
    return html
  }

  private var optionsLine: String {
    let options = content.options
    return "Made by \(content.generator) · gamut policy \(options.gamut) · intent \(options.intent) · "
      + "gamut mapping \(options.gamutMapping)" + (options.dither ? " · dither" : "")
  }

  /// The first lines of every report, the same whatever it shows: how the output-path guard recognises one.
  static let opening = """
    <!DOCTYPE html>
    <html lang="en">
    <head>
    <meta charset="utf-8">
    <meta http-equiv="Content-Security-Policy" content="\(ReportPage.contentSecurityPolicy)">

    """

  private func head() -> String {
    Self.opening + """
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <meta name="color-scheme" content="light dark">
      <title>\(HTML.escape(content.catalog)): gamut \(content.heading == nil ? "report" : "lint report")</title>
      <style>
      \(ReportPage.style)
      </style>
      </head>

      """
  }

  /// A build's counts: its assets, failures, findings, renditions and clipping verdicts.
  private func buildCounts(_ cards: [ReportCard]) -> [(String, Int)] {
    let summary = content.summary
    var verdicts: [ClippingReport.Verdict: Int] = [:]
    for asset in content.images { verdicts[asset.clipping.map(\.verdict).max() ?? .ok, default: 0] += 1 }
    var counts: [(String, Int)] = [
      ("assets", cards.count), ("images", content.images.count), ("failed", summary.failedAssets),
      ("errors", summary.errors), ("warnings", summary.warnings), ("renditions", summary.renditions),
      ("light/dark pairs", summary.pairs), ("clipping errors", verdicts[.error] ?? 0),
      ("clipping warnings", verdicts[.warning] ?? 0),
    ]
    if !content.colors.isEmpty { counts.append(("colors", content.colors.count)) }
    if !content.appIcons.isEmpty { counts.append(("app icons", content.appIcons.count)) }
    if !content.iconBundles.isEmpty { counts.append(("Icon Composer icons", content.iconBundles.count)) }
    return counts
  }

  private func summary(_ cards: [ReportCard]) -> String {
    let counts = content.heading.map { $0.counts.map { ($0.name, $0.value) } } ?? buildCounts(cards)
    var html = "<section id=\"summary\" class=\"box\" aria-labelledby=\"summary-title\">\n"
    html += "<h2 id=\"summary-title\">Summary</h2>\n<dl class=\"counts\">"
    for (name, value) in counts { html += "<div><dt>\(name)</dt><dd>\(value)</dd></div>" }
    html += "</dl>\n"
    let attention = cards.enumerated().filter { $0.element.level > .ok }
      .sorted { ($0.element.level, -$0.offset) > ($1.element.level, -$1.offset) }.map(\.element)
    if attention.isEmpty {
      html += "<p>Nothing needs attention.</p>\n"
    } else {
      html += "<h3>Needs attention (\(attention.count))</h3>\n<ol class=\"attention\">\n"
      for card in attention.prefix(Self.attentionLimit) {
        html += "<li class=\"l-\(card.level.name)\"><span class=\"sev\">\(card.level.name)</span> "
        html += "<a href=\"#\(card.anchor)\">\(HTML.escape(card.title))</a>"
        if !card.reason.isEmpty { html += " <span class=\"muted\">\(HTML.escape(card.reason))</span>" }
        html += "</li>\n"
      }
      html += "</ol>\n"
      if attention.count > Self.attentionLimit {
        html += "<p>\(attention.count - Self.attentionLimit) more: choose “Needs attention” in the filter.</p>\n"
      }
    }
    for key in content.skipped {
      html += "<p>The manifest's <code>\(HTML.escape(key))</code> entries have a shape this version of gamut does "
      html += "not read; they are not shown.</p>\n"
    }
    if !content.diagnostics.isEmpty {
      html += "<details><summary>Findings about no single asset (\(content.diagnostics.count))</summary>\n"
      html += ReportCard.diagnostics(content.diagnostics) + "</details>\n"
    }
    return html + "</section>\n"
  }

  private func controls(total: Int) -> String {
    """
    <div class="controls" role="search">
    <label for="filter">Filter</label><input id="filter" type="search" placeholder="name, group or code (/)" \
    autocomplete="off">
    <label for="level">Show</label><select id="level"><option value="all">all assets</option>\
    <option value="attention">needs attention</option><option value="error">errors</option>\
    <option value="warning">warnings</option><option value="note">notes</option>\
    <option value="clipping">clipping</option></select>
    <label for="darkbg">Dark background</label><select id="darkbg"><option value="base">#000000 base</option>\
    <option value="elevated">#1C1C1E elevated</option></select>
    <output id="shown" aria-live="polite">Showing all \(total)</output>
    </div>

    """
  }
}
