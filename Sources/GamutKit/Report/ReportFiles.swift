/// A picture the report shows: its URL relative to the report and its size in pixels (for a vector image, the
/// size it is shown at).
struct ReportImage: Sendable, Equatable {
  var url: String
  var width: Int
  var height: Int
  /// An SVG: it has no pixel size, so the page announces none (`data-w`, `data-h`) and shows no pixel count.
  var isVector = false
}

/// What the card renderers know about files: the renditions they can link, and the clipping maps made for the
/// report. Filled by ``ReportWriter``, which reads each rendition's PNG header.
struct ReportFiles: Sendable {
  /// Renditions by their path relative to the catalog folder; a missing or unreadable file has no entry.
  var images: [String: ReportImage] = [:]
  /// Clipping maps by the source path they were made for.
  var maps: [String: ReportImage] = [:]
  /// Why a source whose verdict is not ok has no map.
  var mapProblems: [String: String] = [:]
  /// The layer files of Icon Composer bundles by their path (`Name.icon/Assets/file`, the bundle as inspected);
  /// an SVG is given the size it is shown at.
  var iconAssets: [String: ReportImage] = [:]
}

/// One picture tile: the image on the background its appearance needs, with a caption.
enum ReportTile {
  /// Which background a tile gets: white for light and any appearance, the system's dark background for dark (the
  /// image area of both a checkerboard of that color and a gray, so that white or black art and transparency show).
  enum Background: String {
    case light = "on-light"
    case dark = "on-dark"
    /// A neutral gray, for Icon Composer layers and the files of template images, which are often white shapes
    /// meant to be filled or tinted.
    case layer = "on-layer"
  }

  /// A `<figure>`; `scale` gives the size in points (pixels / scale) the image is shown at, at most 160 points by
  /// CSS. `overlay` is a clipping map laid over the image on demand; `filter` a CSS class that tints it.
  static func html(
    _ image: ReportImage?, file: String, caption: String, background: Background, scale: Int = 1,
    alt: String, overlay: ReportImage? = nil, tint: String? = nil
  ) -> String {
    var html = "<figure class=\"tile \(background.rawValue)\">"
    if let image {
      let width = max(1, (image.width + scale - 1) / scale)
      let height = max(1, (image.height + scale - 1) / scale)
      let tintClass = tint.map { " class=\"\($0)\"" } ?? ""
      html += "<div class=\"frame\"><img src=\"\(HTML.escape(image.url))\" width=\"\(width)\" height=\"\(height)\" "
      html += "alt=\"\(HTML.escape(alt))\" loading=\"lazy\" decoding=\"async\"\(tintClass)"
      html += image.isVector ? ">" : " data-w=\"\(image.width)\" data-h=\"\(image.height)\">"
      if let overlay {
        html += "<img class=\"map\" src=\"\(HTML.escape(overlay.url))\" width=\"\(width)\" height=\"\(height)\" "
        html += "alt=\"clipping map of \(HTML.escape(alt))\" loading=\"lazy\" decoding=\"async\" "
        html += "data-w=\"\(overlay.width)\" data-h=\"\(overlay.height)\">"
      }
      html += "</div><figcaption>\(HTML.escape(caption)) <span class=\"px\">"
      html += (image.isVector ? "SVG" : "\(image.width)×\(image.height)") + "</span>"
    } else {
      html += "<div class=\"frame missing\">missing</div><figcaption>\(HTML.escape(caption)) "
      html += "<span class=\"px\">\(HTML.escape(file)) is missing or unreadable</span>"
    }
    return html + "</figcaption></figure>"
  }
}
