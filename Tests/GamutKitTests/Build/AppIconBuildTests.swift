import Foundation
import Testing

@testable import GamutKit

/// App icons built end to end: sources written here, `gamut build`, the icon set read back.
@Suite struct AppIconBuildTests {
  private typealias Fixture = BuildFixture

  /// The Xcode-written file with its file names replaced by gamut's, in entry order.
  private func xcode(_ folder: String, fileNames: [String]) throws -> String {
    var text = String(decoding: try TestData.sharedBytes("xcode/appiconset/\(folder)/Contents.json"), as: UTF8.self)
    let document = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
    let images = document?["images"] as? [[String: Any]] ?? []
    for (image, name) in zip(images, fileNames) {
      let old = image["filename"] as! String
      text = text.replacingOccurrences(of: "\"filename\" : \"\(old)\"", with: "\"filename\" : \"\(name)\"")
    }
    return text
  }

  private static func blue(_ x: Int, _ y: Int) -> [UInt8] { [20, UInt8(60 + (x + y) % 100), 200] }
  private static let macFiles = [16, 32, 128, 256, 512].flatMap { ["AppIcon~\($0)@1x.png", "AppIcon~\($0)@2x.png"] }

  @Test func threeAppearancesMakeTheIOS18SingleSizeSetAsXcodeWritesIt() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.icon("AppIcon.png", Self.blue)
    // A dark icon on transparency and a gray tinted one: both keep their alpha.
    try fixture.icon("AppIcon~dark.png", layout: .rgba) { x, _ in x < 512 ? [0, 0, 0, 0] : [90, 200, 255, 255] }
    try fixture.icon("AppIcon~tinted.png") { x, _ in Array(repeating: UInt8(x / 4), count: 3) }
    let report = try fixture.build(try fixture.configured())
    #expect(report.manifest.allDiagnostics.isEmpty, "\(report.manifest.allDiagnostics)")
    #expect(
      fixture.contents()
        == (try xcode(
          "OneBusAway--onebusaway-ios--AppIcon", fileNames: ["AppIcon.png", "AppIcon~dark.png", "AppIcon~tinted.png"])))
    let any = try fixture.decode("AppIcon.png")
    #expect(any.pixels.layout == .rgb && any.pixels.width == 1024)
    #expect(try fixture.decode("AppIcon~dark.png").pixels.layout == .rgba)
    #expect(try fixture.decode("AppIcon~tinted.png").pixels.layout == .rgb)
    let record = try #require(report.manifest.assets.first)
    #expect(record.kind == "appiconset" && record.imageSet == "AppIcon.appiconset")
    #expect(record.renditions.map(\.appearance) == ["any", "dark", "tinted"])
    #expect(record.renditions.allSatisfy { $0.platform == "ios" && $0.size == "1024x1024" && $0.generated == false })

    // A second build reuses everything and writes nothing.
    let stamps = TemporaryFolder.stamps(fixture.catalog)
    #expect(try fixture.build(try fixture.configured()).rebuiltAssets == 0)
    #expect(TemporaryFolder.stamps(fixture.catalog) == stamps)
  }

  @Test func macOSAndWatchOSSizesAreMadeFromTheArtworkAndAHandTunedSizeReplacesOne() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    // A white rounded shape on transparency for macOS, which keeps alpha; the iOS icon is flattened onto black.
    try fixture.icon("AppIcon.png", layout: .rgba) { x, y in
      let inside = abs(x - 512) < 400 && abs(y - 512) < 400
      return inside ? [255, 255, 255, 255] : [0, 0, 0, 0]
    }
    try fixture.icon("AppIcon~16@2x.png", size: 32) { _, _ in [255, 0, 0] }
    try fixture.config("appIcon: { platforms: [macos, ios, watchos], background: \"#000000\" }\n")
    let report = try fixture.build(try fixture.configured())
    #expect(report.manifest.allDiagnostics.map(\.code) == ["app-icon-flattened"])
    let text = fixture.contents()
    // iOS, then the macOS block (Xcode's order in food-truck's set), then watchOS.
    let iosAndMac = try xcode("apple--sample-food-truck--AppIcon", fileNames: ["AppIcon.png"] + Self.macFiles)
    let watchEntry = """
          {
            "filename" : "AppIcon~watchos.png",
            "idiom" : "universal",
            "platform" : "watchos",
            "size" : "1024x1024"
          }
      """
    #expect(text == iosAndMac.replacingOccurrences(of: "    }\n  ],", with: "    },\n" + watchEntry + "\n  ],"))
    let record = try #require(report.manifest.assets.first)
    let generated = record.renditions.filter { $0.generated == true }.map { $0.file }
    #expect(generated.count == 9)
    #expect(!generated.contains("AppIcon.appiconset/AppIcon~16@2x.png"))
    let tuned = try fixture.decode("AppIcon~16@2x.png")
    #expect(tuned.pixels.layout == .rgb && tuned.pixels.pixel16(x: 5, y: 5) == [65535, 0, 0])
    // A generated size: white stays white up to the edge of the shape, and keeps its transparency.
    let small = try fixture.decode("AppIcon~16@1x.png")
    #expect(small.pixels.layout == .rgba && small.pixels.width == 16)
    for y in 0..<16 {
      for x in 0..<16 where small.pixels.pixel16(x: x, y: y)[3] > 0 {
        #expect(Array(small.pixels.pixel16(x: x, y: y)[0..<3]) == [65535, 65535, 65535])
      }
    }
    // The iOS and watchOS icons are opaque, their transparent corners black.
    for file in ["AppIcon.png", "AppIcon~watchos.png"] {
      let flat = try fixture.decode(file)
      #expect(flat.pixels.layout == .rgb)
      #expect(
        flat.pixels.pixel16(x: 0, y: 0) == [0, 0, 0] && flat.pixels.pixel16(x: 512, y: 512) == [65535, 65535, 65535])
    }
  }

  @Test func transparentAnyAppearanceIconIsAnError() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.icon("AppIcon.png", layout: .rgba) { x, _ in x == 0 ? [255, 255, 255, 128] : [255, 255, 255, 255] }
    let report = try fixture.build(try fixture.configured())
    let finding = try #require(report.manifest.allDiagnostics.first)
    #expect(finding.code == "app-icon-alpha" && finding.severity == .error && finding.path == "AppIcon.png")
    #expect(finding.message.contains("1024 pixels"))
    #expect(report.exitStatus(strict: false) == 1)
    #expect(!FileManager.default.fileExists(atPath: fixture.iconSet))
  }

  @Test func wrongSizesAreErrorsThatNameTheSizeExpected() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.config("appIcon: { platforms: [ios, macos] }\n")
    try fixture.icon("AppIcon.png", size: 512, Self.blue)
    try fixture.icon("AppIcon~dark.png", size: 1024, height: 1000, Self.blue)
    try fixture.icon("AppIcon~32@2x.png", size: 32, Self.blue)
    let report = try fixture.build(try fixture.configured())
    let findings = report.manifest.allDiagnostics.map { "\($0.path) \($0.code) \($0.message)" }
    #expect(
      findings == [
        "AppIcon.png app-icon-size is 512x512 pixels; the artwork every size is made from must be 1024x1024",
        "AppIcon~dark.png app-icon-not-square is 1024x1000 pixels; an app icon is square, here 1024x1024",
        "AppIcon~32@2x.png app-icon-size is 32x32 pixels; the macOS 32x32 image at 2x must be 64x64",
      ])
    #expect(report.manifest.assets.first?.status == .failed)
  }

  @Test func tintedIconWithColorWarnsWithItsDeltaEOrIsConvertedToGray() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.icon("AppIcon.png", Self.blue)
    try fixture.icon("AppIcon~tinted.png") { x, _ in x < 512 ? [128, 128, 128] : [200, 40, 40] }
    let report = try fixture.build(try fixture.configured())
    let warning = try #require(report.manifest.allDiagnostics.first)
    #expect(warning.code == "app-icon-tinted-color" && warning.severity == .warning)
    // sRGB (200, 40, 40) against the gray of its own L* (D50, Bradford): colour-science gives ΔE2000 27.99.
    #expect(warning.message.contains("ΔE2000 from its own gray 28.0"), "\(warning.message)")

    try fixture.config("appIcon: { tinted: grayscale }\n")
    let converted = try fixture.build(try fixture.configured())
    #expect(converted.manifest.allDiagnostics.isEmpty)
    let gray = try fixture.decode("AppIcon~tinted.png")
    let pixel = gray.pixels.pixel16(x: 1000, y: 3)
    #expect(pixel[0] == pixel[1] && pixel[1] == pixel[2])
    // Relative luminance of sRGB (200, 40, 40): Y = 0.1395 (colour-science), sRGB code 104.38.
    #expect(pixel[0] == 104 * 257)
    let mid: UInt16 = 128 * 257
    #expect(gray.pixels.pixel16(x: 0, y: 0) == [mid, mid, mid])
  }

  @Test func darkIconWithAnOpaqueLightBackgroundGetsANote() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.icon("AppIcon.png", Self.blue)
    try fixture.icon("AppIcon~dark.png") { x, y in
      abs(x - 512) < 200 && abs(y - 512) < 200 ? [0, 0, 0] : [240, 240, 240]
    }
    let report = try fixture.build(try fixture.configured())
    #expect(report.manifest.allDiagnostics.map(\.code) == ["app-icon-dark-light-background"])
    #expect(report.manifest.allDiagnostics.first?.severity == .note)
  }

  @Test func displayP3IconKeepsItsProfile() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let profile = BuiltInProfiles.displayP3.bytes
    try fixture.icon("AppIcon.png", colorTag: .iccProfile(name: "Display P3", bytes: profile)) { x, _ in
      [255, UInt8(x / 8), 0]
    }
    let report = try fixture.build(try fixture.configured())
    #expect(report.manifest.allDiagnostics.allSatisfy { $0.severity == .note }, "\(report.manifest.allDiagnostics)")
    let icon = try fixture.decode("AppIcon.png")
    #expect(icon.pixels.bitDepth == 16 && icon.pixels.layout == .rgb)
    #expect(ColorSpaceDecision(chunks: icon.colorChunks).name == "Display P3")
    #expect(icon.colorChunks.iccProfile?.bytes == profile)
    #expect(report.manifest.assets.first?.clipping.first?.colorSpace == "Display P3")
  }

  /// An app icon and an image set are looked up apart (AssetNameRule): one name serves both, as lint accepts it.
  @Test func anImageAndAnIconMayShareAName() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.icon("AppIcon.png", Self.blue)
    try fixture.icon("appicon@2x.png", size: 8, Self.blue)
    let report = try fixture.build(try fixture.configured())
    #expect(!report.manifest.allDiagnostics.contains { $0.code == "name-collision" })
    #expect(Set(report.manifest.assets.map(\.imageSet)) == ["AppIcon.appiconset", "appicon.imageset"])
  }
}

/// `Art/` and `Out/Icons.xcassets`, and helpers to write icons and read results.
extension BuildFixture {
  fileprivate init() throws {
    try self.init(source: "Art", catalog: "Out/Icons.xcassets")
  }

  fileprivate var iconSet: String { catalog + "/AppIcon.appiconset" }

  /// Writes a square 8-bit icon whose pixel (x, y) is `pixel(x, y)` (RGB or RGBA), tagged sRGB.
  fileprivate func icon(
    _ name: String, size: Int = 1024, height: Int? = nil, layout: PixelBuffer.Layout = .rgb,
    colorTag: PNGEncoder.ColorTag = .sRGB(intent: 0), _ pixel: (Int, Int) -> [UInt8]
  ) throws {
    try write(try TestPNG.make(width: size, height: height ?? size, layout: layout, tag: colorTag, pixel), to: name)
  }

  fileprivate func config(_ text: String) throws {
    try write(text, to: "gamut.yml")
  }

  fileprivate func contents() -> String {
    text("AppIcon.appiconset/Contents.json") ?? ""
  }

  fileprivate func decode(_ file: String) throws -> PNGImage {
    try PNGDecoder().decode(contentsOf: iconSet + "/" + file)
  }
}
