import Foundation

/// The card of an image set: its renditions side by side by slot (light on white, dark on the system's dark
/// background, high contrast beside its base), the sRGB and Display P3 renditions of each source with the clipping
/// check's figures and verdict and the clipping map on demand, template images tinted, and the findings inline.
enum ImageAssetCard {
  static func make(_ asset: ReportImageSet, anchor: String, files: ReportFiles) -> ReportCard {
    let title = ReportCard.title(group: asset.group, name: asset.name)
    var (level, reason) = ReportCard.worst(asset.diagnostics)
    if asset.failed {
      level = .error
      if reason.isEmpty { reason = "failed" }
    }
    let worstVerdict = asset.clipping.map(\.verdict).max() ?? .ok
    var badges: [(text: String, level: ReportCard.Level?)] = []
    if asset.failed { badges.append(("failed", .error)) }
    if worstVerdict != .ok { badges.append(("clipping \(worstVerdict.rawValue)", Self.level(worstVerdict))) }
    if asset.renditions.contains(where: { $0.gamut == "display-P3" }) { badges.append(("P3 pair", nil)) }
    if asset.template { badges.append(("template", nil)) }
    let extra =
      asset.diagnostics.map(\.code.rawValue)
      + (worstVerdict == .ok ? [] : ["clipping", "clipping-\(worstVerdict.rawValue)"])
      + (asset.template ? ["template"] : []) + [asset.failed ? "failed" : "built"]
    var html = ReportCard.open(anchor: anchor, kind: "image", level: level, title: title, extra: extra)
    html += ReportCard.heading(anchor: anchor, group: asset.group, name: asset.name, badges: badges)
    html += ReportCard.diagnostics(asset.diagnostics)
    html += slots(asset, files: files)
    html += clipping(asset, anchor: anchor, files: files)
    html += "</article>\n"
    return ReportCard(anchor: anchor, title: title, kind: "image", level: level, reason: reason, html: html)
  }

  static func level(_ verdict: ClippingReport.Verdict) -> ReportCard.Level {
    switch verdict {
    case .ok: .ok
    case .warning: .warning
    case .error: .error
    }
  }

  /// Rows of one idiom and scale; in each, light (or any), light high contrast, dark, dark high contrast. A gamut
  /// pair shows its sRGB renditions here and its Display P3 ones under clipping.
  private static func slots(_ asset: ReportImageSet, files: ReportFiles) -> String {
    let shown = asset.renditions.filter { $0.gamut != "display-P3" }
    guard !shown.isEmpty else {
      return asset.failed ? "<p class=\"muted\">No rendition in the catalog.</p>\n" : ""
    }
    var rows: [(key: String, renditions: [ReportImageSet.Rendition])] = []
    for rendition in shown {
      let key = rendition.idiom + " · " + rendition.scale
      if let index = rows.firstIndex(where: { $0.key == key }) {
        rows[index].renditions.append(rendition)
      } else {
        rows.append((key, [rendition]))
      }
    }
    var html = "<div class=\"slots\">\n"
    for row in rows {
      html += "<div class=\"slot\"><p class=\"slot-label\">\(HTML.escape(row.key))</p><div class=\"tiles\">"
      for rendition in row.renditions.sorted(by: { order($0) < order($1) }) {
        html += tile(rendition, asset: asset, files: files)
      }
      html += "</div></div>\n"
    }
    return html + "</div>\n"
  }

  /// Light before dark, each base before its high-contrast variant.
  private static func order(_ rendition: ReportImageSet.Rendition) -> Int {
    (rendition.appearance == "dark" ? 2 : 0) + (rendition.contrast == "high" ? 1 : 0)
  }

  private static func caption(_ rendition: ReportImageSet.Rendition) -> String {
    var parts = [rendition.appearance == "any" ? "any" : rendition.appearance]
    if rendition.contrast == "high" { parts.append("high contrast") }
    if rendition.gamut != "any" { parts.append(rendition.gamut == "display-P3" ? "Display P3" : "sRGB") }
    return parts.joined(separator: " · ")
  }

  private static func tile(
    _ rendition: ReportImageSet.Rendition, asset: ReportImageSet, files: ReportFiles, overlay: ReportImage? = nil
  ) -> String {
    let scale = Int(rendition.scale.dropLast()) ?? 1
    let alt = "\(asset.name), \(caption(rendition)), \(rendition.scale)"
    let background: ReportTile.Background = rendition.appearance == "dark" ? .dark : .light
    // A template image's own color is not what shows (the system tints it), and it is often white: its file is
    // shown on the neutral gray, where any color is visible.
    let plain = ReportTile.html(
      files.images[rendition.file], file: rendition.file, caption: caption(rendition),
      background: asset.template && overlay == nil ? .layer : background, scale: scale, alt: alt, overlay: overlay)
    guard asset.template, overlay == nil else { return plain }
    // A template image is drawn by the system in a tint color: show it as the system would, beside the file.
    return plain
      + ReportTile.html(
        files.images[rendition.file], file: rendition.file, caption: caption(rendition) + " · tinted",
        background: rendition.appearance == "dark" ? .dark : .light, scale: scale, alt: alt + ", tinted",
        tint: "tint-template")
  }

  /// The clipping check of every source: a compact line when every source is inside sRGB, else per source its
  /// verdict and figures, and its sRGB and Display P3 renditions side by side with the map on demand.
  private static func clipping(_ asset: ReportImageSet, anchor: String, files: ReportFiles) -> String {
    guard !asset.clipping.isEmpty else { return "" }
    let detailed = asset.clipping.filter { check in
      check.verdict != .ok
        || asset.renditions.contains { $0.source == check.source && $0.gamut == "display-P3" }
    }
    var html = "<div class=\"clipping\">\n"
    let plain = asset.clipping.filter { check in !detailed.contains { $0.source == check.source } }
    if !plain.isEmpty {
      let spaces = Set(plain.map(\.colorSpace)).sorted().joined(separator: ", ")
      let count = plain.count == 1 ? "its source" : "all \(plain.count) sources"
      let qualifier = detailed.isEmpty ? count : "\(plain.count) other source" + (plain.count == 1 ? "" : "s")
      html += "<p class=\"verdict l-ok\">Clipping: ok for \(qualifier) (\(HTML.escape(spaces)))</p>\n"
    }
    for (index, check) in detailed.enumerated() {
      html += source(check, asset: asset, id: "\(anchor)-map\(index)", files: files)
    }
    return html + "</div>\n"
  }

  private static func source(
    _ check: AssetRecord.Clipping, asset: ReportImageSet, id: String, files: ReportFiles
  ) -> String {
    let verdictLevel = level(check.verdict).name
    var html = "<div class=\"source\">\n<p class=\"verdict l-\(verdictLevel)\">Clipping: \(check.verdict.rawValue)"
    html += " <span class=\"muted\">· \(HTML.escape(check.colorSpace)) source "
    html += "<code>\(HTML.escape(check.source))</code></span></p>\n"
    html += figures(check)
    let renditions = asset.renditions.filter { $0.source == check.source }
    let srgb = renditions.first { $0.gamut != "display-P3" }
    let p3 = renditions.first { $0.gamut == "display-P3" }
    let map = files.maps[check.source]
    if check.verdict != .ok {
      if map != nil {
        html += "<input type=\"checkbox\" class=\"map-toggle\" id=\"\(id)\">"
        html += "<label for=\"\(id)\">Show the clipping map over the sRGB rendition</label>\n"
      } else if let problem = files.mapProblems[check.source] {
        html += "<p class=\"muted\">No clipping map: \(HTML.escape(problem))</p>\n"
      }
    }
    html += "<div class=\"tiles compare\">"
    if let srgb { html += tile(srgb, asset: asset, files: files, overlay: map) }
    if let p3 { html += tile(p3, asset: asset, files: files) }
    html += "</div>\n"
    if map != nil {
      html += "<p class=\"legend\">Map: <span class=\"key k-plateau\"></span> plateau (flat in sRGB, changing in the "
      html += "source) <span class=\"key k-lost\"></span> lost distinction <span class=\"key k-out\"></span> "
      html += "outside sRGB; the rest dimmed gray.</p>\n"
    }
    return html + "</div>\n"
  }

  private static func figures(_ check: AssetRecord.Clipping) -> String {
    func percent(_ share: Double) -> String { String(format: "%.1f %%", share * 100) }
    var html = "<dl class=\"figures\">"
    html += "<div><dt>outside sRGB</dt><dd>\(percent(check.outOfGamutFraction)) of pixels</dd></div>"
    html += "<div><dt>ΔE2000</dt><dd>max \(String(format: "%.1f", check.deltaE2000Max)), "
    html += "p99 \(String(format: "%.1f", check.deltaE2000P99))</dd></div>"
    html += "<div><dt>plateaus</dt><dd>\(check.plateauCount)"
    if check.plateauCount > 0 { html += ", longest \(check.plateauLongest) px" }
    html += "</dd></div>"
    html += "<div><dt>lost distinctions</dt><dd>\(percent(check.lostDistinctionFraction)) of pairs</dd></div>"
    html += "</dl>\n"
    if !check.reasons.isEmpty {
      html += "<ul class=\"reasons\">" + check.reasons.map { "<li>\(HTML.escape($0))</li>" }.joined() + "</ul>\n"
    }
    return html
  }
}
