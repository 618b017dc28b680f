/// The card of an Icon Composer bundle beside the catalog: its layer files (PNG and SVG shown as images), a table
/// of what each appearance shows with its fill, and its findings. The glass is the device's to render: the card
/// says so and draws none.
enum IconBundleCard {
  static func make(_ icon: IconInspection, anchor: String, files: ReportFiles) -> ReportCard {
    let title = icon.name + ".icon"
    let (level, reason) = ReportCard.worst(icon.findings)
    var html = ReportCard.open(
      anchor: anchor, kind: "icon composer", level: level, title: title,
      extra: icon.findings.map(\.code.rawValue) + [icon.compatibility?.level.rawValue ?? ""])
    var badges: [(text: String, level: ReportCard.Level?)] = [("Icon Composer", nil)]
    if let compatibility = icon.compatibility {
      badges.append((compatibility.level.phrase, compatibility.level == .xcode26 ? nil : .warning))
    }
    html += ReportCard.heading(anchor: anchor, group: "", name: title, badges: badges)
    html += "<p class=\"muted\">The device renders the Liquid Glass (specular highlights, blur, translucency, "
    html += "shadows): shown here are the layer files as drawn, and what each appearance shows.</p>\n"
    html += ReportCard.diagnostics(icon.findings)
    if let error = icon.error {
      html += "<p>icon.json cannot be read: \(HTML.escape(error))</p>\n</article>\n"
      return ReportCard(anchor: anchor, title: title, kind: "icon composer", level: level, reason: reason, html: html)
    }
    html += "<div class=\"tiles\">"
    var shown: Set<String> = []
    for group in icon.groups {
      for layer in group.layers {
        for file in [layer.files.light, layer.files.dark, layer.files.tinted].compactMap({ $0 })
        where shown.insert(file).inserted {
          let key = icon.path + "/Assets/" + file
          html += ReportTile.html(
            files.iconAssets[key], file: "Assets/" + file, caption: "\(layer.name ?? "layer") · \(file)",
            background: .layer, scale: scale(files.iconAssets[key]), alt: "layer \(layer.name ?? file)")
        }
      }
    }
    html += "</div>\n" + table(icon)
    html += "</article>\n"
    return ReportCard(anchor: anchor, title: title, kind: "icon composer", level: level, reason: reason, html: html)
  }

  /// The table of what each appearance shows: the background fill, then each group and its layers.
  static func table(_ icon: IconInspection) -> String {
    var html = "<table class=\"contrast icon-looks\"><caption>What each appearance shows</caption>\n"
    html += "<thead><tr><th scope=\"col\">Element</th>"
    for appearance in IconAppearance.allCases { html += "<th scope=\"col\">\(appearance.rawValue)</th>" }
    html += "</tr></thead>\n<tbody>\n<tr><th scope=\"row\">background fill</th>"
    for appearance in IconAppearance.allCases {
      html += "<td>\(HTML.escape(icon.fill[appearance] ?? "unset (automatic)"))</td>"
    }
    html += "</tr>\n"
    for group in icon.groups {
      html += row("group " + (group.name ?? group.keyPath), group.looks, indent: false)
      for layer in group.layers { html += row(layer.name ?? layer.keyPath, layer.looks, indent: true) }
    }
    return html + "</tbody></table>\n"
  }

  private static func row(_ title: String, _ looks: PerAppearance<IconInspection.Look>, indent: Bool) -> String {
    var html = "<tr><th scope=\"row\">" + (indent ? "&#8195;" : "") + HTML.escape(title) + "</th>"
    for appearance in IconAppearance.allCases {
      let look = looks[appearance]
      guard look.visible else {
        html += "<td class=\"muted\">hidden</td>"
        continue
      }
      var parts = ["shown"]
      if look.opacity != 1 { parts.append("opacity \(look.opacity)") }
      if let fill = look.fill { parts.append("fill " + fill) }
      if let mode = look.blendMode, mode != "normal" { parts.append(mode) }
      html += "<td>\(HTML.escape(parts.joined(separator: " · ")))</td>"
    }
    return html + "</tr>\n"
  }

  /// Layers are shown at most 128 points wide.
  private static func scale(_ image: ReportImage?) -> Int {
    guard let image else { return 1 }
    return max(1, image.width / 128)
  }
}
