import Foundation
import Testing

@testable import GamutKit

/// Rebuilds the image sets, symbol sets and folders of `Tests/Fixtures/testdata/xcode` (Contents.json files that Xcode
/// wrote) from sources reconstructed from them, and compares gamut's Contents.json with Xcode's byte for byte.
///
/// Each set's entries with a `filename` become source files named by gamut's convention (a small gray PNG of
/// 4 points at its scale, a minimal PDF, an SVG, an SF Symbols template), its `properties` become `gamut.yml`
/// rules (`singleScale`, `templates`, `original`, `preservesVectorRepresentation`, `compressionType`), and the
/// expected text is Xcode's with each file name replaced by the canonical name gamut gives that slot's file
/// (gamut names rendition files itself; everything else must match as it is).
///
/// `GAMUT_XCODE_SETS=/path` runs the same comparison on another folder laid out the same way (`imageset/NAME/`,
/// `symbolset/NAME/`, `group/NAME/`), such as more sets collected from public repositories.
@Suite struct XcodeRebuildTests {
  static let xcode =
    ProcessInfo.processInfo.environment["GAMUT_XCODE_SETS"].map { URL(fileURLWithPath: $0) }
    ?? TestData.shared("xcode")

  /// Sets that use what gamut does not make, and why.
  static let unsupported: [String: String] = [
    "mac-cain13--R.swift--Complication-Circular": "watch screen-width slots",
    "microsoft--fluentui-apple--PlaceholderImage": "language-direction",
  ]

  static func sets(_ kind: String) -> [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: xcode.appendingPathComponent(kind).path)) ?? []
    return TestData.atLeastOne(
      names.filter { !$0.hasPrefix(".") }.sorted(), missing: "no \(kind) in \(xcode.appendingPathComponent(kind).path)")
  }

  /// One file-filled entry of an Xcode set, as gamut's source.
  struct Entry {
    var original: String
    var traits: RenditionTraits
    var format: SourceFormat
  }

  static func entries(_ json: [String: Any], key: String) throws -> [Entry] {
    let images = try #require(json[key] as? [[String: Any]])
    return try images.compactMap { image -> Entry? in
      guard let file = image["filename"] as? String else { return nil }
      var traits = RenditionTraits(scale: RenditionTraits.singleScale)
      traits.idiom = try #require(RenditionTraits.Idiom(rawValue: image["idiom"] as! String))
      if let scale = image["scale"] as? String { traits.scale = Int(scale.dropLast())! }
      for appearance in image["appearances"] as? [[String: String]] ?? [] {
        if appearance["appearance"] == "contrast" {
          traits.highContrast = true
        } else {
          traits.appearance = try #require(RenditionTraits.Appearance(rawValue: appearance["value"]!))
        }
      }
      if let gamut = image["display-gamut"] as? String { traits.gamut = RenditionTraits.DisplayGamut(rawValue: gamut) }
      let format = try #require(SourceFormat(fileName: file))
      return Entry(original: file, traits: traits, format: format)
    }
  }

  /// A gray PNG of `points` x `points` points at the slot's scale (single scale: 1).
  static func png(points: Int, scale: Int) throws -> Data {
    let side = points * max(scale, 1)
    return Data(try TestPNG.solid(width: side, height: side, layout: .gray))
  }

  static let pdf = Data(MinimalPDF.text().utf8)
  static let svg = Data(
    "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 8 8\"><rect width=\"8\" height=\"8\"/></svg>\n".utf8)
  /// The skeleton of an SF Symbols template: notes, guides with baselines, and one weight/scale variant.
  static let symbol = Data(
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <svg version="1.1" xmlns="http://www.w3.org/2000/svg" width="3300" height="2200">
     <g id="Notes"><text>Template v.3.0</text></g>
     <g id="Guides">
      <line id="Baseline-M" x1="263" x2="3036" y1="1126" y2="1126"/>
      <line id="Capline-M" x1="263" x2="3036" y1="1055" y2="1055"/>
     </g>
     <g id="Symbols">
      <g id="Regular-M" transform="matrix(1 0 0 1 1384 1126)"><path d="M0 0L10 0L10 10Z"/></g>
     </g>
    </svg>

    """.utf8)

  /// Builds `sources` (file name to bytes) with `yaml` and returns the text of `relative` in the catalog and the
  /// error findings.
  static func build(_ sources: [String: Data], yaml: String, reading relative: String) throws -> (String, [String]) {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let source = folder.path + "/Art"
    try FileManager.default.createDirectory(atPath: source, withIntermediateDirectories: true)
    for (name, bytes) in sources { try bytes.write(to: URL(fileURLWithPath: source + "/" + name)) }
    let options = try BuildConfiguration(yaml: yaml, path: "gamut.yml").options
    let catalog = folder.path + "/Out/A.xcassets"
    let report = try CatalogBuilder(sourceRoot: source, catalogPath: catalog, options: options).build()
    let text = FileManager.default.contents(atPath: catalog + "/" + relative).map {
      String(decoding: $0, as: UTF8.self)
    }
    let errors = report.manifest.allDiagnostics.filter { $0.severity != .note }.map(\.description)
    return (text ?? "(missing)", errors)
  }

  @Test("an image set Xcode wrote is rebuilt byte for byte", arguments: sets("imageset"))
  func imageSet(_ set: String) throws {
    let url = Self.xcode.appendingPathComponent("imageset/\(set)/Contents.json")
    let original = try String(contentsOf: url, encoding: .utf8)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
    guard Self.unsupported[set] == nil else {
      // Not rebuilt: say so in the results rather than pass silently.
      #expect(original.contains(set.hasSuffix("Circular") ? "screen-width" : "language-direction"))
      return
    }
    let name = String(set.split(separator: "-").last!)
    var expected = original
    var sources: [String: Data] = [:]
    let entries = try Self.entries(json, key: "images")
    for entry in entries {
      let canonical = entry.traits.fileName(assetName: name, extension: entry.format.fileExtension)
      expected = expected.replacingOccurrences(
        of: "\"filename\" : \"\(entry.original)\"", with: "\"filename\" : \"\(canonical)\"")
      switch entry.format {
      case .png: sources[canonical] = try Self.png(points: 4, scale: entry.traits.scale)
      case .jpeg:
        sources[canonical] = Data(JPEGBuilder.jpeg(width: 4 * entry.traits.scale, height: 4 * entry.traits.scale))
      case .pdf: sources[canonical] = Self.pdf
      case .svg: sources[canonical] = Self.svg
      case .symbol: Issue.record("a symbol in an image set")
      }
    }
    let properties = json["properties"] as? [String: Any] ?? [:]
    var yaml = "preservesVectorRepresentation: \(properties["preserves-vector-representation"] != nil)\n"
    if entries.contains(where: { $0.format == .png && $0.traits.isSingleScale }) { yaml += "singleScale: [\(name)]\n" }
    switch properties["template-rendering-intent"] as? String {
    case "template": yaml += "templates: [\(name)]\n"
    case "original": yaml += "original: [\(name)]\n"
    default: break
    }
    if let compression = properties["compression-type"] as? String {
      yaml += "compressionType: {\(name): \(compression)}\n"
    }
    let (built, findings) = try Self.build(sources, yaml: yaml, reading: "\(name).imageset/Contents.json")
    #expect(findings == [])
    #expect(built == expected)
  }

  @Test("a symbol set Xcode wrote is rebuilt byte for byte", arguments: sets("symbolset"))
  func symbolSet(_ set: String) throws {
    let original = try String(
      contentsOf: Self.xcode.appendingPathComponent("symbolset/\(set)/Contents.json"), encoding: .utf8)
    let json = try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [String: Any])
    let name = String(set.split(separator: "-").last!)
    let file = try #require(try Self.entries(json, key: "symbols").first).original
    let expected = original.replacingOccurrences(of: "\"\(file)\"", with: "\"\(name).svg\"")
    let (built, findings) = try Self.build(
      [name + ".symbols.svg": Self.symbol], yaml: "", reading: "\(name).symbolset/Contents.json")
    #expect(findings == [])
    #expect(built == expected)
  }

  /// Catalog roots and group folders: the root properties come from `catalog:`, namespaces from `namespaces:`.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["GAMUT_XCODE_SETS"] == nil))
  func foldersAndRootsMatchXcode() throws {
    func group(_ name: String) throws -> String {
      try String(contentsOf: Self.xcode.appendingPathComponent("group/\(name)/Contents.json"), encoding: .utf8)
    }
    #expect(ContentsFile.root() == (try group("Ranchero-Software--NetNewsWire--Mac-Assets.xcassets-root")))
    #expect(ContentsFile.folder(providesNamespace: false) == (try group("CodeEditApp--CodeEdit--Custom_Colors")))
    #expect(ContentsFile.folder(providesNamespace: true) == (try group("apple--sample-backyard-birds--Bird_Food")))
    let vienna = try BuildConfiguration(yaml: "catalog: {compressionType: automatic}", path: "gamut.yml")
    #expect(
      ContentsFile.root(vienna.options.catalogRules) == (try group("ViennaRSS--vienna-rss--Assets.xcassets-root")))
    let home = try BuildConfiguration(yaml: "catalog: {generateSwiftAssetSymbolExtensions: true}", path: "gamut.yml")
    #expect(
      ContentsFile.root(home.options.catalogRules) == (try group("home-assistant--iOS--App-Assets.xcassets-root")))
  }
}
