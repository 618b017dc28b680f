import Foundation
import Testing

@testable import GamutKit

/// `gamut build` with Icon Composer bundles beside the catalog: their checks are reported, an app icon set of the
/// same name is refused, and the report shows them.
@Suite struct IconBundleBuildTests {
  private typealias Fixture = BuildFixture

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
    let report = try fixture.build(
      try BuildConfiguration(yaml: "iconBundles: [../Design]\n", path: fixture.source + "/gamut.yml").options)
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
    var options = BuildOptions()
    options.reportPath = reportPath
    _ = try fixture.build(options)
    let html = String(decoding: try Data(contentsOf: URL(fileURLWithPath: reportPath)), as: UTF8.self)
    #expect(html.contains("id=\"icon-bundles\""))
    #expect(html.contains("Refraction.icon"))
    #expect(html.contains("The device renders the Liquid Glass"))
    #expect(html.contains("src=\"Refraction.icon/Assets/drop.svg\""))
    #expect(html.contains("What each appearance shows"))
    #expect(html.contains("icon-crashes-actool"))
  }
}

/// `Art/` (sources, with an opaque `AppIcon.png`) and `Out/Icons.xcassets` (the catalog).
extension BuildFixture {
  fileprivate init() throws {
    try self.init(source: "Art", catalog: "Out/Icons.xcassets")
    try FileManager.default.createDirectory(atPath: folder.path + "/Out", withIntermediateDirectories: true)
    try write(try TestPNG.solid(width: 1024, height: 1024, value: 90), to: "AppIcon.png")
  }

  /// Copies the hand-written Icon Composer 2 fixture to `relativePath` (a `.icon` path in the folder).
  fileprivate func placeBundle(at relativePath: String) throws {
    try folder.copy(TestData.fixture("icon-composer/Refraction.icon"), as: relativePath)
  }

  fileprivate var iconSetExists: Bool {
    FileManager.default.fileExists(atPath: catalog + "/AppIcon.appiconset/Contents.json")
  }
}
