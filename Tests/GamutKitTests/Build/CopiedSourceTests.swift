import Foundation
import Testing

@testable import GamutKit

/// Issue 36: JPEG sources, copied byte for byte with their size and color space in the manifest, and app icons that
/// `unchanged:` copies from a source per slot.
@Suite struct CopiedSourceTests {
  /// A build of `sources` (path to bytes) with `yaml`, kept until the value goes.
  final class Built {
    let folder: TemporaryFolder
    let report: BuildReport
    var catalog: String { folder.path + "/Out/A.xcassets" }

    init(_ sources: [String: Data], yaml: String = "") throws {
      folder = try TemporaryFolder()
      let source = folder.path + "/Art"
      for (name, bytes) in sources {
        let path = source + "/" + name
        try FileManager.default.createDirectory(
          atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try bytes.write(to: URL(fileURLWithPath: path))
      }
      let options = try BuildConfiguration(yaml: yaml, path: "gamut.yml").options
      report = try CatalogBuilder(sourceRoot: source, catalogPath: folder.path + "/Out/A.xcassets", options: options)
        .build()
    }

    deinit {
      folder.remove()
    }

    func file(_ relative: String) -> Data? { FileManager.default.contents(atPath: catalog + "/" + relative) }

    /// `code: message` of every finding that is not a note.
    var findings: [String] {
      report.manifest.allDiagnostics.filter { $0.severity != .note }.map { "\($0.code.rawValue): \($0.message)" }
    }
  }

  @Test func aJPEGIsCopiedByteForByteWithItsSizeAndColorSpaceInTheManifest() throws {
    let profile = try Data(contentsOf: TestData.projectRoot.appendingPathComponent("scripts/data/DisplayP3-v4.icc"))
    let tagged = JPEGBuilder.jpeg(width: 20, height: 10, extra: JPEGBuilder.profileChunks(Array(profile)))
    let plain = JPEGBuilder.jpeg(width: 40, height: 20, seed: 3)
    let built = try Built(["Photo@1x.jpg": Data(tagged), "Photo@2x.jpeg": Data(plain)])
    #expect(built.findings.isEmpty, "\(built.findings)")
    #expect(built.file("Photo.imageset/Photo@1x.jpg") == Data(tagged))
    #expect(built.file("Photo.imageset/Photo@2x.jpg") == Data(plain))
    let renditions = try #require(built.report.manifest.assets.first?.renditions)
    #expect(renditions.map(\.width) == [20, 40] && renditions.map(\.height) == [10, 20])
    #expect(renditions.map(\.colorSpace) == ["Display P3", "untagged (sRGB)"])
    #expect(renditions.map(\.bitDepth) == [8, 8])
    let contents = String(decoding: try #require(built.file("Photo.imageset/Contents.json")), as: UTF8.self)
    #expect(contents.contains("\"filename\" : \"Photo@2x.jpg\""))
  }

  @Test func aJPEGThatIsNotOneOrTooLargeFailsItsAssetAndOddOnesWarn() throws {
    var broken = JPEGBuilder.jpeg()
    broken[broken.count - 2] = 0
    let built = try Built([
      "Png.jpg": Data(PNGBuilder.tinyGray()), "Huge.jpg": Data(JPEGBuilder.jpeg(width: 65_535, height: 65_535)),
      "Cut.jpg": Data(JPEGBuilder.jpeg(ended: false)),
      "Profile.jpg": Data(
        JPEGBuilder.jpeg(
          extra: JPEGBuilder.segment(0xE2, Array("ICC_PROFILE\0".utf8) + [1, 2] + Array(repeating: 7, count: 100)))),
      "Size@1x.jpg": Data(JPEGBuilder.jpeg(width: 10, height: 10)),
      "Size@2x.jpg": Data(JPEGBuilder.jpeg(width: 30, height: 30)),
    ])
    let findings = built.findings
    #expect(findings.contains("unreadable-jpeg: is a PNG image, not JPEG"), "\(findings)")
    #expect(findings.contains { $0.hasPrefix("unreadable-jpeg: is 65535x65535 pixels, more than the limit") })
    #expect(findings.contains { $0.hasPrefix("jpeg-incomplete: its image data does not end") })
    #expect(findings.contains { $0.hasPrefix("jpeg-profile-unreadable: its ICC profile has 1 of 2 chunks") })
    #expect(findings.contains { $0.hasPrefix("scale-size-mismatch:") })
    #expect(built.file("Png.imageset/Png@1x.jpg") == nil && built.file("Huge.imageset/Huge@1x.jpg") == nil)
    #expect(built.file("Cut.imageset/Cut@1x.jpg") != nil && built.file("Profile.imageset/Profile@1x.jpg") != nil)
  }

  @Test func aJPEGBesideConvertedPNGsIsSkippedUnlessThePNGsAreCopiedToo() throws {
    let sources = [
      "Mixed@1x.png": Data(PNGBuilder.tinyGray()), "Mixed@2x.jpg": Data(JPEGBuilder.jpeg(width: 2, height: 2)),
    ]
    let converted = try Built(sources)
    #expect(
      converted.findings.contains {
        $0.hasPrefix("mixed-renditions: 'Mixed' has PNG sources, which are converted, and this JPEG")
      })
    #expect(converted.file("Mixed.imageset/Mixed@2x.jpg") == nil)
    let copied = try Built(sources, yaml: "unchanged: [\"**\"]\n")
    #expect(copied.findings.filter { !$0.hasPrefix("scale-size-mismatch") }.isEmpty, "\(copied.findings)")
    #expect(copied.file("Mixed.imageset/Mixed@2x.jpg") == sources["Mixed@2x.jpg"])
    #expect(copied.file("Mixed.imageset/Mixed@1x.png") == sources["Mixed@1x.png"])
  }

  @Test func anUnchangedIconIsCopiedFromASourcePerSlotUnderItsOwnNames() throws {
    var sources: [String: Data] = [
      "AppIcon.png": ImportFixture.iconPNG(size: 1024, seed: 1),
      "AppIcon~dark.png": ImportFixture.iconPNG(size: 1024, seed: 2),
      "AppIcon~watchos.png": ImportFixture.iconPNG(size: 1024, seed: 3),
    ]
    var names = ""
    for points in AppIconSlot.macPoints {
      for scale in [1, 2] {
        sources["AppIcon~\(points)@\(scale)x.png"] = ImportFixture.iconPNG(size: points * scale)
        names += "  \"AppIcon~\(points)@\(scale)x.png\": \"mac-\(points * scale).png\"\n"
      }
    }
    // 16@2x and 32@1x are the same image, as Xcode lets two slots share a file.
    sources["AppIcon~32@1x.png"] = sources["AppIcon~16@2x.png"]
    let built = try Built(sources, yaml: "unchanged: [\"**\"]\nfileNames:\n" + names)
    #expect(built.findings.isEmpty, "\(built.findings)")
    #expect(built.file("AppIcon.appiconset/AppIcon.png") == sources["AppIcon.png"])
    #expect(built.file("AppIcon.appiconset/AppIcon~watchos.png") == sources["AppIcon~watchos.png"])
    #expect(built.file("AppIcon.appiconset/mac-1024.png") == sources["AppIcon~512@2x.png"])
    let contents = String(decoding: try #require(built.file("AppIcon.appiconset/Contents.json")), as: UTF8.self)
    #expect(contents.components(separatedBy: "\"filename\" : \"mac-32.png\"").count == 3)
    #expect(contents.contains("\"platform\" : \"watchos\""))
  }

  @Test func theFileListsPredictTheNamesOfCopiedFiles() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    try Data(JPEGBuilder.jpeg()).write(to: URL(fileURLWithPath: source + "/Photo.jpeg"))
    try ImportFixture.iconPNG(size: 1024).write(to: URL(fileURLWithPath: source + "/AppIcon.png"))
    let yaml = "unchanged: [\"**\"]\nfileNames:\n  \"AppIcon.png\": \"icon.png\"\n"
    let options = try BuildConfiguration(yaml: yaml, path: "gamut.yml").options
    let builder = CatalogBuilder(sourceRoot: source, catalogPath: folder.path + "/A.xcassets", options: options)
    let outputs = try BuildFileLists.predict(for: builder, configFile: nil).outputs
    #expect(outputs.contains(folder.path + "/A.xcassets/Photo.imageset/Photo@1x.jpg"), "\(outputs)")
    #expect(outputs.contains(folder.path + "/A.xcassets/AppIcon.appiconset/icon.png"))
    #expect(!outputs.contains { $0.hasSuffix("Photo@1x.png") || $0.hasSuffix("AppIcon.appiconset/AppIcon.png") })
  }

  @Test func anUnchangedIconWithAMissingOrWrongSizeFails() throws {
    let sources: [String: Data] = [
      "AppIcon.png": ImportFixture.iconPNG(size: 1024), "AppIcon~16@1x.png": ImportFixture.iconPNG(size: 17),
    ]
    let built = try Built(sources, yaml: "unchanged: [\"**\"]\n")
    #expect(built.findings.contains("app-icon-size: is 17x17 pixels; this image must be 16x16"), "\(built.findings)")
    #expect(
      built.findings.contains {
        $0.hasPrefix(
          "app-icon-missing-artwork: an unchanged app icon is copied, not resampled: add 'AppIcon~16@2x.png'")
      })
    #expect(built.file("AppIcon.appiconset/Contents.json") == nil)
  }

  @Test func aHandTunedWatchImageReplacesTheOneMadeFromTheArtwork() throws {
    let built = try Built(
      ["AppIcon~watchos.png": Data(PNGBuilder.tinyGray())], yaml: "appIcon: { platforms: [watchos] }\n")
    // The tuned image is taken for the watchOS slot, so no artwork is needed; a 1x1 image is the wrong size.
    #expect(
      built.findings == ["app-icon-size: is 1x1 pixels; the watchOS image must be 1024x1024"], "\(built.findings)")
  }
}
