import Foundation
import Testing

@testable import GamutKit

/// The seven real bundles of `testdata/icon`: each reads, writes back byte for byte, inspects, and checks with
/// the findings docs/icon-composer.md explains.
@Suite(.tags(.realData), .selectedByTags) struct RealIconBundleTests {
  static let folder = "icon"

  /// The real bundles' folder names (a missing-data name when there is none, so the cases fail).
  static var bundles: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestData.shared(folder).path)) ?? []
    return TestData.atLeastOne(
      names.filter { $0.hasSuffix(".icon") }.sorted(), missing: "no .icon bundle in Tests/Fixtures/testdata/icon")
  }

  @Test("the seven real bundles are there")
  func present() {
    #expect(Self.bundles.count == 7)
    #expect(Self.bundles.allSatisfy { Self.expectedCodes[$0] != nil })
  }

  @Test("every real icon.json reads, and its compact text reads back to itself", arguments: bundles)
  func roundTrip(_ name: String) throws {
    let bytes = try TestData.sharedBytes("\(Self.folder)/\(name)/icon.json")
    let json = try JSONNodeReader.read(bytes)
    #expect(try JSONNodeReader.read(Array(json.compactText().utf8)).compactText() == json.compactText())
    let bundle = IconBundle(path: TestData.shared("\(Self.folder)/\(name)").path)
    #expect(bundle.problem == nil)
    #expect(bundle.document?.groups.isEmpty == false)
  }

  /// The codes each bundle's checks give, with how many times (docs/icon-composer.md explains each).
  static let expectedCodes: [String: [String: Int]] = [
    "LeoNatan--LNPopupController--LNPopupController.icon": [
      "icon-layer-size": 5, "icon-dark-unchanged": 2,
    ],
    "LoopKit--Loop--AppIcon.icon": [
      "icon-gradient-mixed-spaces": 1, "icon-fill-outside-srgb": 1,
    ],
    "SAP--macOS-icon-generator--AppIcon-Beta.icon": ["icon-dark-unchanged": 1],
    "criticalmaps--criticalmaps-ios--AppIcon-Sun.icon": [
      "icon-fill-outside-srgb": 2, "icon-dark-unchanged": 4,
    ],
    "insidegui--AssetCatalogTinkerer--AppIconV7.icon": [
      "icon-layer-size": 2, "icon-layer-color-space": 2, "icon-fill-outside-srgb": 2, "icon-dark-unchanged": 6,
    ],
    "mozilla-mobile--firefox-ios--AppIcon_Beta.icon": [:],
    "newmarcel--KeepingYouAwake--AppIcon.icon": ["icon-dark-unchanged": 1],
  ]

  @Test("every real bundle checks with the findings explained in docs/icon-composer.md", arguments: bundles)
  func checks(_ name: String) throws {
    let findings = IconBundleChecks.check(bundlePath: TestData.shared("\(Self.folder)/\(name)").path)
    var counts: [String: Int] = [:]
    for finding in findings { counts[finding.code.rawValue, default: 0] += 1 }
    #expect(counts == Self.expectedCodes[name], "\(findings.map(\.description).joined(separator: "\n"))")
    #expect(!findings.contains { $0.severity == .error })
  }

  @Test("every real bundle inspects: Xcode 26, platforms, groups and colors", arguments: bundles)
  func inspects(_ name: String) throws {
    let inspection = IconInspection(path: TestData.shared("\(Self.folder)/\(name)").path)
    #expect(inspection.error == nil)
    #expect(inspection.compatibility?.level == .xcode26)
    #expect(!inspection.platforms.squares.isEmpty)
    #expect(!inspection.groups.isEmpty)
    #expect(!inspection.colors.isEmpty)
    #expect(inspection.unknownKeys.isEmpty)
    for group in inspection.groups {
      for layer in group.layers { #expect(layer.files.light != nil) }
    }
  }

  @Test("firefox-ios: five groups, four visible in each appearance (tinted does not take dark's values)")
  func firefoxVisibility() throws {
    let inspection = IconInspection(
      path: TestData.shared("\(Self.folder)/mozilla-mobile--firefox-ios--AppIcon_Beta.icon").path)
    #expect(inspection.groups.count == 5)
    for appearance in IconAppearance.allCases {
      #expect(inspection.groups.filter { $0.looks[appearance].visible }.count == 4)
    }
    #expect(inspection.groups[0].looks.tinted.visible && !inspection.groups[0].looks.light.visible)
    #expect(!inspection.groups[1].looks.tinted.visible && inspection.groups[1].looks.dark.visible)
    #expect(inspection.fill.light == "automatic")
    #expect(inspection.fill.dark == "solid srgb:0.12549,0.07059,0.22745,1.00000")
    #expect(inspection.fill.tinted == "automatic")
  }

  @Test("Loop: the P3 green is outside sRGB with its ΔE2000; the gradient keeps its tokens")
  func loopColors() throws {
    let inspection = IconInspection(path: TestData.shared("\(Self.folder)/LoopKit--Loop--AppIcon.icon").path)
    let green = try #require(inspection.colors.first { $0.text == "display-p3:0.30588,0.84314,0.39608,1.00000" })
    #expect(green.outsideSRGB)
    #expect((green.deltaE2000 ?? 0) > 1)
    #expect(inspection.colors.filter { !$0.outsideSRGB }.map(\.space) == ["srgb", "display-p3"])
    #expect(
      inspection.fill.light
        == "linear-gradient srgb:0.55686,0.56078,0.57647,1.00000 → display-p3:0.46667,0.46667,0.47843,1.00000")
  }

  @Test("AssetCatalogTinkerer: the background layer's file per appearance; hidden in tinted")
  func imageNameSpecializations() throws {
    let inspection = IconInspection(
      path: TestData.shared("\(Self.folder)/insidegui--AssetCatalogTinkerer--AppIconV7.icon").path)
    let background = try #require(inspection.groups.last?.layers.first)
    #expect(background.files.light == "background-light.png")
    #expect(background.files.dark == "background-dark.png")
    #expect(background.files.tinted == "background-light.png")
    #expect(!background.looks.tinted.visible)
    #expect(inspection.fill.dark == "system-light")
  }
}
