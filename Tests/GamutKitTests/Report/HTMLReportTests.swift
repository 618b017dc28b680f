import Foundation
import Testing

@testable import GamutKit

@Suite struct HTMLReportTests {
  /// A manifest with one image asset, one color set and one app icon, in the shape docs/report.md gives.
  static let manifest = """
    {
      "schemaVersion": 1, "generator": "gamut 0.2.0", "catalog": "T.xcassets",
      "options": { "gamut": "auto", "intent": "relative", "blackPointCompensation": false,
                   "gamutMapping": "clip", "dither": false, "compression": 6 },
      "summary": { "assets": 1, "failedAssets": 0, "renditions": 1, "pairs": 0, "warnings": 1, "errors": 0 },
      "diagnostics": [ { "path": "x.jpg", "severity": "warning", "code": "not-png", "message": "skipped <x>" } ],
      "assets": [ { "name": "Star<Template>", "group": "A & B", "imageSet": "A & B/Star.imageset", "template": true,
        "status": "built", "fingerprint": "f", "pairs": [], "clipping": [], "diagnostics": [],
        "renditions": [ { "idiom": "universal", "scale": "2x", "appearance": "any", "contrast": "normal",
          "gamut": "any", "file": "A & B/Star.imageset/Star #1@2x.png", "bitDepth": 8, "bytes": 10,
          "source": "Star.png", "sourceHash": "h" } ] } ],
      "colors": [ { "name": "Label", "group": "Colors", "diagnostics": [],
        "variants": [ { "appearance": "any", "contrast": "normal", "srgb": "#111111" },
                      { "appearance": "dark", "contrast": "normal", "srgb": "#FF2000",
                        "displayP3": [1, 0.2, 0.1, 1], "deltaE2000": 3.2 } ],
        "contrast": [ { "foreground": "Label", "background": "Background", "appearance": "dark", "ratio": 3.1,
                        "minimum": 4.5, "target": 7, "foregroundColor": "#FF2000",
                        "backgroundColor": "#1C1C1E" } ] } ],
      "appIcons": [ { "name": "AppIcon", "group": "", "diagnostics": [],
        "images": [ { "appearance": "tinted", "file": "AppIcon.appiconset/AppIcon~tinted.png",
                      "platform": "ios", "size": "1024x1024" },
                    { "appearance": "any", "file": "AppIcon.appiconset/AppIcon.png" } ] } ]
    }
    """

  static func render() throws -> String {
    let content = try ReportContent(manifestBytes: Array(manifest.utf8), path: "m.json")
    var files = ReportFiles()
    files.images["A & B/Star.imageset/Star #1@2x.png"] = ReportImage(
      url: "../C/" + HTML.url(forRelativePath: "A & B/Star.imageset/Star #1@2x.png"), width: 48, height: 40)
    files.images["AppIcon.appiconset/AppIcon~tinted.png"] = ReportImage(
      url: "AppIcon~tinted.png", width: 1024, height: 1024)
    return HTMLReport(content: content, files: files).render()
  }

  @Test func escapesNamesAndEncodesFileURLs() throws {
    let html = try Self.render()
    #expect(html.contains("<span class=\"group\">A &amp; B/</span>Star&lt;Template&gt;"))
    #expect(html.contains("src=\"../C/A%20%26%20B/Star.imageset/Star%20%231@2x.png\""))
    #expect(!html.contains("<x>"))
    #expect(html.contains("skipped &lt;x&gt;"))
    // Shown at its point size (pixels / scale), with the pixel size for the browser test.
    #expect(html.contains("width=\"24\" height=\"20\""))
    #expect(html.contains("data-w=\"48\" data-h=\"40\""))
  }

  @Test func templateImagesAreShownTinted() throws {
    let html = try Self.render()
    #expect(html.contains("class=\"tint-template\""))
    #expect(html.contains("<filter id=\"tint-light\""))
  }

  @Test func colorSetsShowSwatchesPerAppearanceAndContrast() throws {
    let html = try Self.render()
    #expect(html.contains("style=\"background:#111111\""))
    #expect(html.contains("style=\"background:#FF2000;background:color(display-p3 1.000 0.200 0.100 / 1.000)\""))
    #expect(html.contains("sRGB moved ΔE 3.2"))
    #expect(html.contains("<td>3.10:1</td><td>4.50 / 7.00</td><td>below the minimum</td>"))
    // Below the minimum is a warning, listed under "needs attention" and linked.
    #expect(html.contains("<a href=\"#asset-Colors_Label\">Colors/Label</a>"))
  }

  @Test func appIconsShowEveryAppearanceAndTintedAsTheSystemDoes() throws {
    let html = try Self.render()
    let any = try #require(html.range(of: "AppIcon.appiconset/AppIcon.png is missing or unreadable"))
    let tinted = try #require(html.range(of: "AppIcon, tinted\""))
    #expect(any.lowerBound < tinted.lowerBound, "any before tinted")
    #expect(html.contains("class=\"tint-icon\""))
    // The tint matrix: luminance weights times the tint (orange 1, 0.624, 0.039).
    #expect(
      html.contains("values=\"0.2126 0.7152 0.0722 0 0 0.1327 0.4463 0.0451 0 0 0.0083 0.0279 0.0028 0 0 0 0 0 1 0\""))
  }

  @Test func unknownShapesAreSkippedAndSaidSo() throws {
    let text = Self.manifest.replacingOccurrences(of: "\"variants\"", with: "\"variantsRenamed\"")
    let content = try ReportContent(manifestBytes: Array(text.utf8), path: "m.json")
    #expect(content.colors.isEmpty)
    #expect(content.skipped == ["colors"])
    #expect(content.appIcons.count == 1)
    #expect(HTMLReport(content: content, files: ReportFiles()).render().contains("<code>colors</code> entries"))
  }

  @Test func renderingIsDeterministic() throws {
    #expect(try Self.render() == Self.render())
  }

  @Test func relativePaths() {
    #expect(ReportWriter.relativePath(from: "/a/b", to: "/a/b/C.xcassets") == "C.xcassets/")
    #expect(ReportWriter.relativePath(from: "/a/r", to: "/a/b/C.xcassets") == "../b/C.xcassets/")
    #expect(ReportWriter.relativePath(from: "/a/b", to: "/a/b/x y") == "x%20y/")
    #expect(ReportWriter.isInside(folder: "/s/in", root: "/s"))
    #expect(!ReportWriter.isInside(folder: "/sx", root: "/s"))
  }
}
