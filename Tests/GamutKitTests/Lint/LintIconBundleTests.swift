import Foundation
import Testing

@testable import GamutKit

/// `gamut lint` runs the Icon Composer checks on the `.icon` bundles beside a catalog and reports an app icon set
/// that has a bundle's name.
@Suite struct LintIconBundleTests {
  /// A catalog holding `AppIcon.appiconset`, with `AppIcon.icon` beside it whose one layer file is missing.
  private func fixture() throws -> LintFixture {
    let fixture = try LintFixture()
    try fixture.write(
      #"{"images":[],"info":{"author":"xcode","version":1}}"#, at: "AppIcon.appiconset/Contents.json")
    let bundle = fixture.folder.path + "/AppIcon.icon"
    try FileManager.default.createDirectory(atPath: bundle + "/Assets", withIntermediateDirectories: true)
    let json = IconTestBundle.document().replacingOccurrences(of: "shape.svg", with: "gone.svg")
    try Data(json.utf8).write(to: URL(fileURLWithPath: bundle + "/icon.json"))
    return fixture
  }

  @Test(arguments: [false, true])
  func bundlesBesideACatalogAreChecked(namingTheCatalog: Bool) throws {
    let fixture = try fixture()
    defer { fixture.remove() }
    let result = Linter().lint([namingTheCatalog ? fixture.catalog : fixture.folder.path])
    let codes = result.findings.map(\.diagnostic.code)
    #expect(codes.contains(.iconLayerMissing))
    let collision = try #require(result.findings.first { $0.diagnostic.code == .iconAppIconCollision })
    #expect(collision.diagnostic.severity == .error)
    #expect(collision.assetPath == "App.xcassets/AppIcon.appiconset")
  }

  @Test func aCleanBundleWithAnotherNameGivesNoIconFinding() throws {
    let fixture = try LintFixture()
    defer { fixture.remove() }
    try fixture.write(
      #"{"images":[],"info":{"author":"xcode","version":1}}"#, at: "AppIcon.appiconset/Contents.json")
    let bundle = fixture.folder.path + "/Beta.icon"
    try FileManager.default.createDirectory(atPath: bundle + "/Assets", withIntermediateDirectories: true)
    try Data(IconTestBundle.document().utf8).write(to: URL(fileURLWithPath: bundle + "/icon.json"))
    try Data(IconTestBundle.shape).write(to: URL(fileURLWithPath: bundle + "/Assets/shape.svg"))
    let result = Linter().lint([fixture.catalog])
    #expect(!result.findings.contains { $0.diagnostic.code.rawValue.hasPrefix("icon-") })
  }
}
