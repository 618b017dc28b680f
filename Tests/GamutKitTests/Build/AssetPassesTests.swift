import Foundation
import Testing

@testable import GamutKit

/// Sources are read a strip at a time, once to convert and check them, again only for a rendition the first
/// reading could not know it had to write: the renditions are the same as if every image were held whole.
@Suite struct AssetPassesTests {
  /// A 16-bit Display P3 red-to-green ramp over several strips (clips on sRGB), or an sRGB-safe gray ramp.
  private func ramp(clipping: Bool, width: Int = 700, height: Int = 900) throws -> [UInt8] {
    var samples: [UInt16] = []
    for y in 0..<height {
      for x in 0..<width {
        let t = UInt16(x * 65535 / (width - 1))
        samples += clipping ? [65535 - t, t, UInt16(y * 20)] : [t / 2 + 10000, t / 2 + 10000, t / 2 + 10000]
      }
    }
    let pixels = PixelBuffer(width: width, height: height, layout: .rgb, samples: .sixteen(samples))
    return try PNGEncoder().encode(pixels, colorTag: ConversionTarget.displayP3.colorTag)
  }

  private func build(_ folder: TemporaryFolder, _ files: [String: [UInt8]], policy: GamutPolicy = .auto) throws
    -> BuildReport
  {
    for (name, bytes) in files {
      try FileManager.default.createDirectory(atPath: folder.path + "/Art", withIntermediateDirectories: true)
      try AtomicFile.write(bytes, to: folder.path + "/Art/" + name)
    }
    var options = BuildOptions()
    options.gamutPolicy = policy
    return try CatalogBuilder(
      sourceRoot: folder.path + "/Art", catalogPath: folder.path + "/Out.xcassets", options: options
    )
    .build()
  }

  /// Temporary files left anywhere in the catalog.
  private func temporaryFiles(_ folder: TemporaryFolder) -> [String] {
    TemporaryFolder.snapshot(folder.path + "/Out.xcassets").keys.filter {
      AtomicFile.isTemporaryName(String($0.split(separator: "/").last ?? ""))
    }
  }

  private func pixels(_ folder: TemporaryFolder, _ file: String) throws -> PixelBuffer {
    try PNGDecoder().decode(contentsOf: folder.path + "/Out.xcassets/" + file).pixels
  }

  private func converted(_ bytes: [UInt8], to target: ConversionTarget) throws -> PixelBuffer {
    try ColorConverter().convert(try PNGDecoder().decode(bytes), to: target).pixels
  }

  @Test("auto: a clipping source is read again for its Display P3 rendition; both renditions equal whole conversions")
  func clippingSourceGetsAPairFromASecondReading() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = try ramp(clipping: true)
    let report = try build(folder, ["Ramp.png": source, "Flat.png": try ramp(clipping: false)])
    let ramp = try #require(report.manifest.assets.first { $0.name == "Ramp" })
    #expect(ramp.renditions.map(\.gamut) == ["sRGB", "display-P3"])
    #expect(try pixels(folder, "Ramp.imageset/Ramp~srgb@1x.png") == converted(source, to: .sRGB))
    #expect(try pixels(folder, "Ramp.imageset/Ramp~p3@1x.png") == converted(source, to: .displayP3))
    let flat = try #require(report.manifest.assets.first { $0.name == "Flat" })
    #expect(flat.renditions.map(\.gamut) == ["any"])
    #expect(temporaryFiles(folder).isEmpty)
  }

  @Test("A hand-made Display P3 source takes the sRGB rendition over from a main source that cannot be read")
  func handMadeVariantReplacesABrokenMainSource() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let p3 = try ramp(clipping: true, width: 300, height: 1000)
    var broken = try ramp(clipping: false, width: 300, height: 1000)
    broken.removeLast(broken.count / 2)
    let report = try build(folder, ["Hero.png": broken, "Hero~p3.png": p3])
    let hero = try #require(report.manifest.assets.first)
    #expect(hero.status == .built)
    #expect(hero.diagnostics.contains { $0.code == "unreadable-png" && $0.path == "Hero.png" })
    #expect(hero.renditions.map(\.source) == ["Hero~p3.png", "Hero~p3.png"])
    #expect(try pixels(folder, "Hero.imageset/Hero~srgb@1x.png") == converted(p3, to: .sRGB))
    #expect(try pixels(folder, "Hero.imageset/Hero~p3@1x.png") == converted(p3, to: .displayP3))
    #expect(temporaryFiles(folder).isEmpty)
  }

  @Test("An asset whose every source fails leaves neither an imageset folder nor a temporary file")
  func failedAssetLeavesNothing() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var broken = try ramp(clipping: true, width: 300, height: 1000)
    broken.removeLast(broken.count / 3)
    let report = try build(folder, ["Broken.png": broken], policy: .both)
    #expect(report.manifest.assets.first?.status == .failed)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/Out.xcassets/Broken.imageset"))
    #expect(temporaryFiles(folder).isEmpty)
  }

  @Test("An opened source hashes its bytes and notices a change made in place")
  func sourceChangedWhileRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/a.png"
    try AtomicFile.write(try ramp(clipping: false, width: 8, height: 8), to: path)
    let source = try #require(OpenedSource("a.png", root: folder.path, realRoot: SourceScanner.realPath(folder.path)!))
    #expect(source.contentHash() == ContentHash.of([UInt8](FileManager.default.contents(atPath: path)!)))
    #expect(source.isUnchanged)
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data([0]))
    try handle.close()
    #expect(!source.isUnchanged)
  }
}
