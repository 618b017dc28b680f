import Foundation
import Testing

@testable import GamutKit

/// The catalog reader on the Contents.json files Xcode wrote (`testdata/xcode`) and on malformed catalogs.
@Suite struct CatalogReaderTests {
  /// Every Xcode-written file in `testdata/xcode`, as `kind/folder`.
  static let xcodeFiles: [String] = ["appiconset", "colorset", "group", "imageset", "symbolset"].flatMap { kind in
    let names = (try? FileManager.default.contentsOfDirectory(atPath: TestData.shared("xcode/" + kind).path)) ?? []
    return names.sorted().map { kind + "/" + $0 }
  }

  /// A catalog holding one copy of `file` (`kind/folder`) as `Asset.<kind>` (or as the root for a group file).
  private func catalog(with file: String, in folder: TemporaryFolder) throws -> String {
    let kind = String(file.split(separator: "/")[0])
    let root = folder.path + "/Test.xcassets"
    let source = TestData.shared("xcode/" + file + "/Contents.json").path
    try folder.copy(
      source, as: kind == "group" ? "Test.xcassets/Contents.json" : "Test.xcassets/Asset.\(kind)/Contents.json")
    return root
  }

  @Test func thereAreXcodeFiles() {
    #expect(Self.xcodeFiles.count == 49)
  }

  @Test("every Xcode-written file reads with no finding", arguments: xcodeFiles)
  func readsXcodeFiles(file: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tree = CatalogReader().read(try catalog(with: file, in: folder))
    #expect(tree.findings == [])
    if file.hasPrefix("group/") {
      #expect(tree.root.document != nil)
    } else {
      let set = try #require(tree.sets.first?.set)
      #expect(set.document != nil)
      #expect(set.entries.count == set.document?[set.kind.entriesKey]?.elements?.count)
    }
  }

  @Test func colorEntriesKeepComponentsAndLines() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tree = CatalogReader().read(
      try catalog(with: "colorset/Ranchero-Software--NetNewsWire--localColor-iOS", in: folder))
    let set = try #require(tree.sets.first?.set)
    #expect(set.kind == .colorSet)
    #expect(set.name == "Asset")
    #expect(set.entries.count == 2)
    let any = set.entries[0]
    #expect(any.line == 3)
    #expect(any.color?.colorSpace == "srgb")
    #expect(any.color?.components.map(\.name) == ["alpha", "blue", "green", "red"])
    #expect(any.color?.component("green") == "0x7A")
    #expect(set.entries[1].luminosity == "dark")
    #expect(set.entries[1].traits == RenditionTraits(scale: RenditionTraits.singleScale, appearance: .dark))
  }

  @Test func colorTestHasEveryVariant() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tree = CatalogReader().read(
      try catalog(with: "colorset/autoasset--abrarion--AssetColorTest-testParseContent", in: folder))
    let set = try #require(tree.sets.first?.set)
    #expect(set.entries.count == 91)
    #expect(set.localizable)
    #expect(Set(set.entries.compactMap(\.displayGamut)) == ["sRGB", "display-P3"])
    #expect(set.entries.contains { $0.subtype == "mac-catalyst" })
    #expect(set.entries.filter(\.highContrast).count > 0)
  }

  @Test func systemColorReference() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let tree = CatalogReader().read(
      try catalog(with: "colorset/Ranchero-Software--NetNewsWire--timelineSeparatorColor", in: folder))
    let entries = try #require(tree.sets.first?.set.entries)
    #expect(entries[0].color?.colorSpace == "gray-gamma-22")
    #expect(entries[0].color?.component("white") != nil)
    #expect(entries[1].color?.platform == "osx")
    #expect(entries[1].color?.reference == "quaternaryLabelColor")
  }

  @Test func imageAndIconEntries() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let images = CatalogReader().read(
      try catalog(with: "imageset/duckduckgo--iOS--AlertButtonHighlightedTint", in: folder))
    let set = try #require(images.sets.first?.set)
    #expect(set.entries.map(\.scale) == ["1x", "1x", "2x", "2x", "3x", "3x"])
    #expect(set.entries.filter { $0.filename != nil }.count == 2)
    #expect(set.entries[1].traits == RenditionTraits(scale: 1, appearance: .dark))

    let other = try TemporaryFolder()
    defer { other.remove() }
    let icons = CatalogReader().read(try catalog(with: "appiconset/utmapp--UTM--AppIcon", in: other))
    let icon = try #require(icons.sets.first?.set)
    #expect(icon.kind == .appIconSet)
    #expect(icon.entries.count == 58)
    #expect(icon.entries.contains { $0.luminosity == "tinted" && $0.traits == nil })
    #expect(icon.entries.contains { $0.size == "83.5x83.5" })
  }

  @Test func groupsNamespacesAndUncheckedKinds() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let root = folder.path + "/App.xcassets"
    try folder.copy(
      TestData.shared("xcode/group/apple--sample-backyard-birds--Bird_Food/Contents.json").path,
      as: "App.xcassets/Bird Food/Contents.json")
    try folder.copy(
      TestData.shared("xcode/symbolset/apple--sample-food-truck--donut/Contents.json").path,
      as: "App.xcassets/Bird Food/Plain/donut.symbolset/Contents.json")
    for name in ["Brand.brandassets", "Data.dataset", "Old.iconset", "Launch.launchimage", "Atlas.spriteatlas"] {
      try FileManager.default.createDirectory(atPath: root + "/" + name, withIntermediateDirectories: true)
    }
    let tree = CatalogReader().read(root)
    #expect(tree.findings == [])
    #expect(tree.groups.map(\.name) == ["Bird Food", "Plain"])
    #expect(tree.groups[0].providesNamespace)
    let placed = try #require(tree.sets.first)
    #expect(placed.set.kind == .symbolSet)
    #expect(placed.assetName == "Bird Food/donut")
    #expect(placed.set.entries.first?.filename == "donut.svg")
    #expect(tree.uncheckedFolders.map(\.kind) == ["spriteatlas", "brandassets", "dataset", "launchimage", "iconset"])
  }

  /// A catalog whose only set holds `contents` as its Contents.json (and the given extra files).
  private func readSet(_ contents: String, kind: String = "imageset", files: [String] = []) throws -> CatalogTree {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let set = folder.path + "/T.xcassets/A.\(kind)"
    try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
    try Data(contents.utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
    for file in files { try Data().write(to: URL(fileURLWithPath: set + "/" + file)) }
    var tree = CatalogReader().read(folder.path + "/T.xcassets")
    tree.findings = tree.findings.map {
      var finding = $0
      finding.path = String(finding.path.dropFirst(folder.path.count + 1))
      return finding
    }
    return tree
  }

  @Test func malformedJSONIsAFindingWithItsLine() throws {
    let tree = try readSet("{\n  \"images\" : [\n    {\n      \"idiom\" : \"universal\",\n    }\n  ]\n}\n")
    #expect(
      tree.findings.map(\.description) == [
        "T.xcassets/A.imageset/Contents.json:5: error: not JSON: expected a key in quotes"
      ])
    #expect(tree.sets.first?.set.document == nil)
  }

  @Test func wrongTypesAreErrorsAndUnknownKeysNotes() throws {
    let tree = try readSet(
      """
      {
        "images" : [
          { "filename" : "a.png", "idiom" : "universal", "scale" : 2, "expected-size" : "40" },
          { "idiom" : "universal", "appearances" : "dark", "expected-size" : "80" },
          "stray"
        ],
        "info" : { "author" : "xcode", "version" : 1 }
      }
      """, files: ["a.png"])
    #expect(
      tree.findings.map(\.description) == [
        "T.xcassets/A.imageset/Contents.json:3: error: \"scale\" should be a string, not a number",
        "T.xcassets/A.imageset/Contents.json:4: error: \"appearances\" should be an array, not a string",
        "T.xcassets/A.imageset/Contents.json:5: error: an element of \"images\" should be an object, not a string",
        "T.xcassets/A.imageset/Contents.json:3: note: key \"expected-size\" is not one gamut knows (2 times); it is not checked",
      ])
    let set = try #require(tree.sets.first?.set)
    #expect(set.entries.count == 2)
    #expect(set.entries[0].scaleFactor == nil)
    #expect(set.entries[0].members.map(\.key) == ["filename", "idiom", "scale", "expected-size"])
    #expect(set.files == ["a.png"])
  }

  @Test func aDocumentThatIsNotAnObject() throws {
    let tree = try readSet("[]", kind: "colorset")
    #expect(tree.findings.map(\.code) == [.contentsInvalid])
    #expect(tree.sets.first?.set.kind == .colorSet)
  }

  @Test func aSetWithoutContentsJSON() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(
      atPath: folder.path + "/T.xcassets/A.imageset", withIntermediateDirectories: true)
    let tree = CatalogReader().read(folder.path + "/T.xcassets")
    #expect(tree.findings.map(\.code) == [.contentsUnreadable])
    #expect(tree.sets.count == 1)
  }

  @Test func limitsAreFindings() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let deep = (0..<5).map { "g\($0)" }.joined(separator: "/")
    try FileManager.default.createDirectory(
      atPath: folder.path + "/T.xcassets/" + deep, withIntermediateDirectories: true)
    try folder.copy(
      TestData.shared("xcode/imageset/Ranchero-Software--NetNewsWire--nnwFeedIcon/Contents.json").path,
      as: "T.xcassets/Big.imageset/Contents.json")
    var limits = CatalogReader.Limits()
    limits.maximumDepth = 3
    limits.maximumContentsSize = 100
    let tree = CatalogReader(limits: limits).read(folder.path + "/T.xcassets")
    #expect(tree.findings.map(\.code).sorted { $0.rawValue < $1.rawValue } == [.catalogLimit, .contentsUnreadable])
  }

  @Test func aPathThatIsNotAFolder() {
    let tree = CatalogReader().read("/nonexistent/Nothing.xcassets")
    #expect(tree.findings.map(\.code) == [.unreadable])
  }
}
