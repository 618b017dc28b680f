import Foundation
import Testing

@testable import GamutKit

@Suite struct GeneratedScalesTests {
  private func traits(
    _ scale: Int, _ appearance: RenditionTraits.Appearance = .any, idiom: RenditionTraits.Idiom = .universal
  )
    -> RenditionTraits
  {
    RenditionTraits(idiom: idiom, scale: scale, appearance: appearance)
  }

  @Test func plansTheMissingSmallerScalesFromTheLargest() {
    let plans = GeneratedScales.plan([traits(3), traits(3, .dark), traits(2, .dark), traits(2, idiom: .mac)])
    #expect(
      plans == [
        .init(traits: traits(1), from: traits(3)), .init(traits: traits(1, .dark), from: traits(3, .dark)),
        .init(traits: traits(2), from: traits(3)), .init(traits: traits(1, idiom: .mac), from: traits(2, idiom: .mac)),
      ])
    // Never upscaled, and not below the idiom's smallest scale.
    #expect(GeneratedScales.plan([traits(1)]).isEmpty)
    #expect(
      GeneratedScales.plan([traits(2, idiom: .watch), traits(3, idiom: .car)]) == [
        .init(traits: traits(2, idiom: .car), from: traits(3, idiom: .car))
      ])
    #expect(GeneratedScales.pixels(100, at: 2, from: 3) == 67 && GeneratedScales.pixels(1, at: 1, from: 3) == 1)
  }

  @Test func buildWritesSmallerScalesOfAThreeXOnlyAsset() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    // 1-pixel black and white columns at 2x: the 1x rendition is linear mid-grey, sRGB 187-188.
    var samples: [UInt8] = []
    for _ in 0..<40 {
      for x in 0..<60 { samples += x % 2 == 0 ? [0, 0, 0, 255] : [255, 255, 255, 255] }
    }
    let lines = PixelBuffer(width: 60, height: 40, layout: .rgba, samples: .eight(samples))
    let bytes = try PNGEncoder().encode(lines, colorTag: .sRGB(intent: 0))
    FileManager.default.createFile(atPath: source + "/Lines@2x.png", contents: Data(bytes))
    FileManager.default.createFile(atPath: source + "/Lines~dark@3x.png", contents: Data(bytes))
    var options = BuildOptions()
    options.generateScales = true
    let catalog = folder.path + "/Out/A.xcassets"
    let report = try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options).build()
    let record = try #require(report.manifest.assets.first)
    #expect(
      record.renditions.map { "\($0.file) \($0.generated ?? false)" } == [
        "Lines.imageset/Lines@1x.png true", "Lines.imageset/Lines~dark@1x.png true",
        "Lines.imageset/Lines@2x.png false", "Lines.imageset/Lines~dark@2x.png true",
        "Lines.imageset/Lines~dark@3x.png false",
      ])
    let contents = String(
      decoding: FileManager.default.contents(atPath: catalog + "/Lines.imageset/Contents.json") ?? Data(), as: UTF8.self
    )
    #expect(
      contents
        == ContentsFile.imageSet(
          renditions: [traits(1), traits(1, .dark), traits(2), traits(2, .dark), traits(3, .dark)].map {
            ($0, $0.fileName(assetName: "Lines"))
          }))
    let small = try PNGDecoder().decode(contentsOf: catalog + "/Lines.imageset/Lines@1x.png")
    #expect(small.pixels.width == 30 && small.pixels.height == 20 && small.pixels.layout == .rgba)
    #expect(small.colorChunks.iccProfile?.bytes == BuiltInProfiles.sRGB.bytes)
    guard case .eight(let values) = small.pixels.samples else { return }
    for pixel in stride(from: 0, to: values.count, by: 4) {
      #expect((187...188).contains(values[pixel]) && values[pixel + 3] == 255)
    }
    let dark2x = try PNGDecoder().decode(contentsOf: catalog + "/Lines.imageset/Lines~dark@2x.png")
    #expect(dark2x.pixels.width == 40 && dark2x.pixels.height == 27)

    // Unchanged sources: nothing is rebuilt; without the option the generated files go.
    #expect(try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options).build().rebuiltAssets == 0)
    let plain = try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: BuildOptions()).build()
    #expect(plain.manifest.assets.first?.renditions.count == 2)
    #expect(!FileManager.default.fileExists(atPath: catalog + "/Lines.imageset/Lines@1x.png"))
  }
}
