import Foundation
import Testing

@testable import GamutKit

/// The configuration rules for image sets: single scale, rendering intents, vectors, compression, and the planner
/// checks that only a whole asset shows.
@Suite struct CatalogRulesTests {
  private func sources(_ paths: [String]) -> [SourceFile] {
    paths.map { SourceFile(relativePath: $0, size: 1, modificationTime: 0, inode: 0) }
  }

  private func rules(_ yaml: String) throws -> CatalogRules {
    try BuildConfiguration(yaml: yaml, path: "gamut.yml").options.catalogRules
  }

  @Test func globsMatchNamesAndFolders() {
    #expect(PathGlob("Illustrations/**").matches("Illustrations/Hero"))
    #expect(PathGlob("Illustrations/**").matches("Illustrations/Deep/Hero"))
    #expect(PathGlob("Illustrations/**").matches("Illustrations"))
    #expect(!PathGlob("Illustrations/**").matches("Other/Hero"))
    #expect(PathGlob("**/*Glyph").matches("Tabs/HomeGlyph"))
    #expect(PathGlob("**/*Glyph").matches("HomeGlyph"))
    #expect(!PathGlob("Icons/*").matches("Icons/Tab/Home"))
    #expect(PathGlob("Icons/?ab").matches("Icons/Tab"))
    #expect(!PathGlob("icons/tab").matches("Icons/Tab"))
  }

  @Test func configurationSetsTheRules() throws {
    let parsed = try rules(
      """
      slots: filled
      singleScale: ["Art/**"]
      templates: [Toolbar/*]
      original: Logos/**
      preservesVectorRepresentation: false
      compressionType: {"Photos/**": lossy, "Photos/Hero": lossless}
      catalog: {compressionType: automatic, generateSwiftAssetSymbolExtensions: false}
      """)
    #expect(parsed.slots == .filled)
    #expect(parsed.isSingleScale("Art/Hero"))
    #expect(parsed.renderingIntent("Toolbar/Add", name: "Add") == .template)
    #expect(parsed.renderingIntent("Logos/StarTemplate", name: "StarTemplate") == .original)
    #expect(parsed.renderingIntent("Other/StarTemplate", name: "StarTemplate") == .template)
    #expect(parsed.renderingIntent("Other/Star", name: "Star") == nil)
    #expect(!parsed.preservesVectorRepresentation)
    #expect(parsed.compressionType("Photos/Hero") == .lossless)
    #expect(parsed.compressionType("Photos/Beach") == .lossy)
    #expect(parsed.compressionType("Icons/Beach") == nil)
    #expect(
      ContentsFile.root(parsed) == """
        {
          "info" : {
            "author" : "xcode",
            "version" : 1
          },
          "properties" : {
            "compression-type" : "automatic",
            "generate-swift-asset-symbol-extensions" : "disabled"
          }
        }

        """)
  }

  @Test func wrongValuesNameTheKey() {
    for yaml in [
      "slots: all", "templates: 3", "compressionType: {a: zip}", "catalog: {colour: 1}",
      "preservesVectorRepresentation: yes please",
    ] {
      #expect(throws: BuildConfiguration.Error.self, "\(yaml)") { try rules(yaml) }
    }
  }

  @Test func plannerAppliesSingleScaleIntentsAndVectors() throws {
    let planner = CatalogPlanner(
      rules: try rules("singleScale: [Art/*]\ntemplates: [Art/Wave]\ncompressionType: {Art/Wave: lossy}"))
    let plan = planner.plan(
      sources([
        "Art/Hero.png", "Art/Wave@1x.png", "Art/Wave~dark.png", "Art/Bad@2x.png", "Logo.pdf", "Logo~dark.pdf",
        "Star.symbols.svg", "Glyph.svg",
      ]))
    #expect(plan.diagnostics.map { "\($0.path) \($0.code)" } == ["Art/Bad@2x.png invalid-name"])
    let byName = Dictionary(uniqueKeysWithValues: plan.assets.map { ($0.qualifiedName, $0) })
    #expect(byName["Art/Hero"]!.sources.keys.map(\.scale) == [RenditionTraits.singleScale])
    #expect(byName["Art/Wave"]!.properties == AssetProperties(renderingIntent: .template, compressionType: .lossy))
    #expect(byName["Logo"]!.properties == AssetProperties(preservesVectorRepresentation: true))
    #expect(byName["Logo"]!.sources.keys.allSatisfy { $0.isSingleScale })
    #expect(byName["Star"]!.kind == .symbolSet)
    #expect(byName["Star"]!.imageSetPath == "Star.symbolset")
    #expect(byName["Glyph"]!.imageSetPath == "Glyph.imageset")
  }

  @Test func assetsThatMixFormatsKeepThePNGs() {
    let plan = CatalogPlanner().plan(
      sources(["A.png", "A~dark.pdf", "B@1x.pdf", "B@2x.pdf", "B~dark.pdf", "C.png", "C.symbols.svg"]))
    #expect(
      plan.diagnostics.map { "\($0.path) \($0.code)" } == [
        "C.symbols.svg name-collision", "A~dark.pdf mixed-renditions", "B~dark.pdf unpaired-dark",
      ])
    #expect(plan.assets.map { $0.sources.count } == [1, 3, 1])
    // Single-scale and scaled renditions in one set: Xcode's "Individual and Single Scales" lists both.
    let slots = ContentsFile.slots(for: Set(plan.assets[1].sources.keys))
    #expect(slots.map(\.scale) == [0, 0, 1, 1, 2, 2, 3, 3])
  }

  /// Xcode lists every slot an image set's idioms, scales and appearances imply; `filled` lists only files.
  @Test func emptySlotsFollowXcodesTemplate() {
    let dark = RenditionTraits(idiom: .mac, scale: 1, appearance: .dark)
    let text = ContentsFile.imageSet(renditions: [(dark, "d.png")], slots: .xcode)
    let entries = text.components(separatedBy: "\"idiom\" : \"mac\"").count - 1
    #expect(entries == 4)  // mac 1x and 2x, any and dark
    #expect(!ContentsFile.imageSet(renditions: [(dark, "d.png")], slots: .filled).contains("\"2x\""))
    let slots = ContentsFile.slots(for: [
      RenditionTraits(idiom: .car, scale: 2, highContrast: true), RenditionTraits(idiom: .iphone, scale: 1),
    ])
    #expect(slots.map(\.idiom) == [.iphone, .iphone, .iphone, .iphone, .iphone, .iphone, .car, .car, .car, .car])
    #expect(slots.filter { $0.idiom == .car }.map(\.scale) == [2, 2, 3, 3])
  }

  /// Rules change only Contents.json files, and a changed rule rewrites the assets it concerns on the next build.
  @Test func changingARuleRewritesTheAssetsItConcerns() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    let catalog = folder.path + "/Out/A.xcassets"
    try FileManager.default.createDirectory(atPath: source + "/Toolbar", withIntermediateDirectories: true)
    let pixels = PixelBuffer(width: 2, height: 2, layout: .gray, samples: .eight([0, 64, 128, 255]))
    let png = Data(try PNGEncoder().encode(pixels, colorTag: .sRGB(intent: 0)))
    try png.write(to: URL(fileURLWithPath: source + "/Toolbar/Add.png"))
    try png.write(to: URL(fileURLWithPath: source + "/Other.png"))
    func build(_ yaml: String) throws -> BuildReport {
      let options = try BuildConfiguration(yaml: yaml, path: "gamut.yml").options
      return try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options).build()
    }
    func contents(_ path: String) -> String {
      FileManager.default.contents(atPath: catalog + "/" + path).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }
    _ = try build("")
    let other = contents("Other.imageset/Contents.json")
    let report = try build("templates: [Toolbar/*]\ncompressionType: {Toolbar: lossless}")
    #expect(report.rebuiltAssets == 1)
    #expect(contents("Toolbar/Add.imageset/Contents.json").contains("\"template-rendering-intent\" : \"template\""))
    #expect(contents("Toolbar/Contents.json").contains("\"compression-type\" : \"lossless\""))
    #expect(contents("Other.imageset/Contents.json") == other)
    #expect(try build("slots: filled").rebuiltAssets == 2)
    #expect(!contents("Other.imageset/Contents.json").contains("\"3x\""))
  }
}
