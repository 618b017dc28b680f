import Foundation
import Testing

@testable import GamutKit

/// App icon `Contents.json` against the files Xcode wrote (`Tests/Fixtures/testdata/xcode/appiconset`), byte for byte.
@Suite struct AppIconContentsTests {
  /// The Xcode-written file and the file names its entries list, in order.
  private func xcode(_ folder: String) throws -> (text: String, fileNames: [String]) {
    let bytes = try TestData.sharedBytes("xcode/appiconset/\(folder)/Contents.json")
    let document = try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    let images = document?["images"] as? [[String: Any]] ?? []
    return (String(decoding: bytes, as: UTF8.self), images.compactMap { $0["filename"] as? String })
  }

  @Test(arguments: [
    ("OneBusAway--onebusaway-ios--AppIcon", [AppIconSlot.Appearance.any, .dark, .tinted]),
    ("Ranchero-Software--NetNewsWire--AppIcon-iOS", [.any, .dark, .tinted]),
    ("duckduckgo--iOS--DDG-AppIcon-Alpha", [.any]),
  ])
  func iOSSingleSizeMatchesXcode(folder: String, appearances: [AppIconSlot.Appearance]) throws {
    let expected = try xcode(folder)
    let slots = AppIconSlot.slots(platforms: [.ios], iOSAppearances: Set(appearances))
    // Listed in reverse: the writer puts them in Xcode's order.
    let images = Array(zip(slots, expected.fileNames).reversed())
    #expect(ContentsFile.appIconSet(images: images.map { ($0.0, $0.1) }) == expected.text)
  }

  @Test func macOSSizesMatchXcode() throws {
    let expected = try xcode("Ranchero-Software--NetNewsWire--AppIcon-Mac")
    let slots = AppIconSlot.slots(platforms: [.macos], iOSAppearances: [])
    #expect(slots.count == 10)
    #expect(ContentsFile.appIconSet(images: Array(zip(slots, expected.fileNames))) == expected.text)
  }

  @Test func watchOSSingleSizeMatchesXcode() throws {
    let expected = try xcode("apple--sample-backyard-birds--AppIcon-Watch")
    let slots = AppIconSlot.slots(platforms: [.watchos], iOSAppearances: [.any])
    #expect(ContentsFile.appIconSet(images: Array(zip(slots, expected.fileNames))) == expected.text)
  }

  @Test func iOSThenMacOSMatchesXcode() throws {
    let expected = try xcode("apple--sample-food-truck--AppIcon")
    let slots = AppIconSlot.slots(platforms: [.ios, .macos], iOSAppearances: [.any])
    #expect(ContentsFile.appIconSet(images: Array(zip(slots, expected.fileNames))) == expected.text)
  }

  @Test func fileNamesFollowTheSlots() {
    #expect(AppIconSlot(platform: .ios).fileName(iconName: "AppIcon") == "AppIcon.png")
    #expect(AppIconSlot(platform: .ios, appearance: .tinted).fileName(iconName: "AppIcon") == "AppIcon~tinted.png")
    #expect(AppIconSlot(platform: .macos, points: 16, scale: 2).fileName(iconName: "Beta") == "Beta~16@2x.png")
    #expect(AppIconSlot(platform: .watchos).fileName(iconName: "AppIcon") == "AppIcon~watchos.png")
  }
}

@Suite struct AppIconSourceNameTests {
  private let names: Set<String> = ["AppIcon", "Beta"]

  @Test(arguments: [
    ("AppIcon.png", AppIconSourceName.Role.artwork(.any)),
    ("AppIcon~dark.png", .artwork(.dark)),
    ("AppIcon~tinted.png", .artwork(.tinted)),
    ("Beta~tinted.PNG", .artwork(.tinted)),
    ("AppIcon~16.png", .macSize(points: 16, scale: 1)),
    ("AppIcon~16@1x.png", .macSize(points: 16, scale: 1)),
    ("AppIcon~512@2x.png", .macSize(points: 512, scale: 2)),
  ])
  func parsesIconSources(fileName: String, role: AppIconSourceName.Role) throws {
    let parsed = try AppIconSourceName(parsing: fileName, iconNames: names)
    #expect(parsed?.role == role)
  }

  @Test(arguments: ["Logo.png", "AppIconLarge.png", "AppIcons~dark.png", "Logo~tinted.png", "AppIcon.jpg"])
  func otherFilesAreNotIcons(fileName: String) throws {
    #expect(try AppIconSourceName(parsing: fileName, iconNames: names) == nil)
  }

  @Test(arguments: [
    "AppIcon@2x.png", "AppIcon~dark@2x.png", "AppIcon~light.png", "AppIcon~dark~dark.png", "AppIcon~20.png",
    "AppIcon~16@3x.png", "AppIcon~dark~16.png", "AppIcon~16~32.png", "AppIcon@2x~16.png", "AppIcon~.png",
  ])
  func rejectsNamesThatFillNoSlot(fileName: String) {
    #expect(throws: SourceNameError.self) { try AppIconSourceName(parsing: fileName, iconNames: names) }
  }
}

@Suite struct AppIconConfigurationTests {
  @Test func readsTheAppIconOptions() throws {
    let yaml = """
      appIcons: [AppIconBeta]
      appIcon: { platforms: [watchos, macos], background: "#1c1C1E", tinted: grayscale }
      generateScales: true
      """
    let options = try BuildConfiguration(yaml: yaml, path: "gamut.yml").options
    #expect(options.appIcons.names == ["AppIcon", "AppIconBeta"])
    #expect(options.appIcons.platforms == [.watchos, .macos])
    #expect(options.appIcons.background == [0x1C, 0x1C, 0x1E])
    #expect(options.appIcons.tintedToGrayscale && options.generateScales)
  }

  @Test(arguments: [
    ("appIcon: { platforms: [tvos] }", "'appIcon.platforms' must be a list of: ios, macos, watchos"),
    ("appIcon: { background: red }", "'appIcon.background' must be an sRGB color written \"#RRGGBB\""),
    ("appIcon: { background: \"#12345\" }", "'appIcon.background' must be an sRGB color written \"#RRGGBB\""),
    ("appIcon: { tinted: sepia }", "'appIcon.tinted' must be grayscale or keep"),
    ("appIcon: { size: 1024 }", "unknown option 'appIcon.size'"),
    ("appIcon: ios", "'appIcon' must be a map with platforms, background, tinted"),
    (
      "appIcons: [\"Bad/Name\"]",
      "'appIcons' must be a list of asset names (invalid asset name: the asset name contains '/')"
    ),
    ("generateScales: yes please", "'generateScales' must be true or false"),
  ])
  func rejectsWrongValuesNamingTheKey(yaml: String, message: String) {
    #expect(throws: BuildConfiguration.Error.self) { try BuildConfiguration(yaml: yaml, path: "gamut.yml") }
    do {
      _ = try BuildConfiguration(yaml: yaml, path: "gamut.yml")
    } catch {
      #expect(error.message == message)
    }
  }
}
