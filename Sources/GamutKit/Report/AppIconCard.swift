/// The card of an app icon: its any, dark and tinted appearances side by side, any on white and the others on the
/// system's dark background, the tinted one as the system shows it (its luminance in the tint color).
enum AppIconCard {
  static func make(_ icon: AppIconEntry, anchor: String, files: ReportFiles) -> ReportCard {
    let title = ReportCard.title(group: icon.group, name: icon.name)
    let (level, reason) = ReportCard.worst(icon.diagnostics)
    var html = ReportCard.open(
      anchor: anchor, kind: "app icon", level: level, title: title, extra: icon.diagnostics.map(\.code.rawValue))
    html += ReportCard.heading(anchor: anchor, group: icon.group, name: icon.name, badges: [("app icon", nil)])
    html += ReportCard.diagnostics(icon.diagnostics)
    html += "<div class=\"tiles icons\">"
    let order = ["any", "dark", "tinted"]
    for image in icon.images.sorted(by: { rank(order, $0.appearance) < rank(order, $1.appearance) }) {
      let caption = [image.appearance, image.platform, image.size].compactMap { $0 }.joined(separator: " · ")
      let background: ReportTile.Background = image.appearance == "any" ? .light : .dark
      html += ReportTile.html(
        files.images[image.file], file: image.file, caption: caption, background: background,
        scale: iconScale(files.images[image.file]), alt: "\(icon.name), \(image.appearance)")
      if image.appearance == "tinted" {
        html += ReportTile.html(
          files.images[image.file], file: image.file, caption: "tinted, as shown by the system",
          background: .dark, scale: iconScale(files.images[image.file]),
          alt: "\(icon.name), tinted as the system shows it", tint: "tint-icon")
      }
    }
    html += "</div>\n</article>\n"
    return ReportCard(anchor: anchor, title: title, kind: "app icon", level: level, reason: reason, html: html)
  }

  private static func rank(_ order: [String], _ appearance: String) -> Int {
    order.firstIndex(of: appearance) ?? order.count
  }

  /// Icons are shown 128 points wide whatever their pixel size.
  private static func iconScale(_ image: ReportImage?) -> Int {
    guard let image else { return 1 }
    return max(1, image.width / 128)
  }
}
