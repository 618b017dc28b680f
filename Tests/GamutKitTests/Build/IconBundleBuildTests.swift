import Foundation
import Testing

@testable import GamutKit

/// `gamut build` with Icon Composer bundles beside the catalog: their checks are reported, an app icon set of the
/// same name is refused, and the report shows them.
@Suite struct IconBundleBuildTests {
  /// `Art/` (sources) and `Out/Icons.xcassets` (the catalog) in a temporary folder.
  private struct Fixture {
    let folder: TemporaryFolder
    var source: String { folder.path + "/Art" }
    var catalog: String { folder.path + "/Out/Icons.xcassets" }

    init() throws {
      folder = try TemporaryFolder()
      try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(atPath: folder.path + "/Out", withIntermediateDirectories: true)
      let opaque = PixelBuffer(
        width: 1024, height: 1024, layout: .rgb, samples: .eight([UInt8](repeating: 90, count: 1024 * 1024 * 3)))
      let icon = try PNGEncoder(compressionLevel: 1).encode(opaque, colorTag: .sRGB(intent: 0))
      FileManager.default.createFile(atPath: source + "/AppIcon.png", contents: Data(icon))
    }

    /// Copies the hand-written Icon Composer 2 fixture to `relativePath` (a `.icon` path in the folder).
    func placeBundle(at relativePath: String) throws {
      let fixture = TestData.projectRoot.appendingPathComponent("Tests/Fixtures/icon-composer/Refraction.icon").path
      try folder.copy(fixture, as: relativePath)
    }

    func build(_ configuration: String? = nil, report: String? = nil) throws -> BuildReport {
      var options = BuildOptions()
      if let configuration {
        options = try BuildConfiguration(yaml: configuration, path: source + "/gamut.yml").options
      }
      options.reportPath = report
      return try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options).build()
    }

    var iconSetExists: Bool { FileManager.default.fileExists(atPath: catalog + "/AppIcon.appiconset/Contents.json") }
  }

  @Test("without a bundle of its name, the app icon set is written")
  func noCollision() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.placeBundle(at: "Out/Other.icon")
    let report = try fixture.build()
    #expect(fixture.iconSetExists)
    #expect(!report.diagnostics.contains { $0.code == .iconAppIconCollision })
    // The bundle beside the catalog is checked: the fixture uses Icon Composer 2.
    #expect(report.diagnostics.contains { $0.code == .iconCrashesActool && $0.path.contains("Other.icon/icon.json") })
  }

  @Test("AppIcon.icon beside the catalog: AppIcon.appiconset is refused with an error naming both")
  func collisionBeside() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.placeBundle(at: "Out/AppIcon.icon")
    let report = try fixture.build()
    let collision = try #require(report.diagnostics.first { $0.code == .iconAppIconCollision })
    #expect(collision.severity == .error)
    #expect(collision.message.contains("AppIcon.icon") && collision.message.contains("AppIcon.appiconset"))
    #expect(collision.message.contains("Rename"))
    #expect(!fixture.iconSetExists)
    #expect(report.exitStatus(strict: false) == ExitStatus.failure.rawValue)
  }

  @Test("a bundle where iconBundles: says collides too; a set built before is removed")
  func collisionConfigured() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    _ = try fixture.build()
    #expect(fixture.iconSetExists)
    try fixture.placeBundle(at: "Design/appicon.icon")
    let report = try fixture.build("iconBundles: [../Design]\n")
    #expect(report.diagnostics.contains { $0.code == .iconAppIconCollision && $0.path.hasSuffix("appicon.icon") })
    #expect(!fixture.iconSetExists)
  }

  @Test("iconBundles: must be a list of paths")
  func configuration() {
    #expect(throws: BuildConfiguration.Error.self) { try BuildConfiguration(yaml: "iconBundles: 3\n", path: "g.yml") }
    let options = try? BuildConfiguration(yaml: "iconBundles: [Icons, /abs/X.icon]\n", path: "/p/gamut.yml").options
    #expect(options?.iconBundles == ["/p/Icons", "/abs/X.icon"])
  }

  @Test("the report has a card per bundle with its layers, the appearance table and its findings")
  func reportCard() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.placeBundle(at: "Out/Refraction.icon")
    let reportPath = fixture.folder.path + "/Out/report.html"
    _ = try fixture.build(report: reportPath)
    let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: reportPath)), as: UTF8.self)
    #expect(html.contains("id=\"icon-bundles\""))
    #expect(html.contains("Refraction.icon"))
    #expect(html.contains("The device renders the Liquid Glass"))
    #expect(html.contains("src=\"Refraction.icon/Assets/drop.svg\""))
    #expect(html.contains("What each appearance shows"))
    #expect(html.contains("icon-crashes-actool"))
  }
}
