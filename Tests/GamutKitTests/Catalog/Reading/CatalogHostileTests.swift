import Foundation
import Testing

@testable import GamutKit

/// Issue 34.4 and the low items about catalogs others wrote: garbage that was accepted without a finding, keys
/// echoed whole, and a hundred thousand unknown keys.
@Suite struct CatalogHostileTests {
  /// A catalog with one set `A.<kind>` whose Contents.json is `contents`, and `files` beside it.
  private func catalog(_ contents: String, kind: String = "imageset", files: [String: [UInt8]] = [:]) throws -> (
    folder: TemporaryFolder, path: String
  ) {
    let folder = try TemporaryFolder()
    let path = folder.path + "/T.xcassets"
    try FileManager.default.createDirectory(atPath: path + "/A.\(kind)", withIntermediateDirectories: true)
    FileManager.default.createFile(atPath: path + "/A.\(kind)/Contents.json", contents: Data(contents.utf8))
    for (name, bytes) in files {
      FileManager.default.createFile(atPath: path + "/A.\(kind)/" + name, contents: Data(bytes))
    }
    return (folder, path)
  }

  private func png() throws -> [UInt8] {
    try TestPNG.make(width: 2, height: 2, layout: .gray) { x, y in [UInt8(y * 2 + x)] }
  }

  @Test("100,000 unknown keys in one Contents.json are 100,000 notes, each key's own (linear since 34.4)")
  func manyUnknownKeys() throws {
    let keys = (0..<100_000).map { "\"k\($0)\" : 1" }.joined(separator: ",\n")
    let parsed = CatalogReader.parseContents(
      Array("{ \"images\" : [],\n\(keys) }".utf8), kind: .imageSet, path: "A/Contents.json")
    #expect(parsed.findings.count == 100_000)
    #expect(parsed.findings.allSatisfy { $0.code == .unknownKey })
    #expect(parsed.findings.last?.line == 100_001)
    #expect(parsed.findings.last?.message.contains("\"k99999\"") == true)
  }

  @Test("a key given twice is an error at the second, which is not read (a duplicate images key included)")
  func repeatedKeys() throws {
    let text = """
      { "images" : [ { "filename" : "a.png", "idiom" : "universal" } ],
        "images" : [ { "filename" : "b.png", "idiom" : "universal" } ],
        "info" : { "author" : "xcode", "version" : 1, "version" : 2 } }
      """
    let parsed = CatalogReader.parseContents(Array(text.utf8), kind: .imageSet, path: "A/Contents.json")
    #expect(parsed.findings.map(\.code) == [.contentsInvalid, .contentsInvalid])
    #expect(parsed.findings.map(\.line) == [2, 3])
    #expect(parsed.findings.first?.message.contains("\"images\" is given again (first on line 1)") == true)
  }

  @Test("a scale Xcode does not take is an error at its line", arguments: ["-1x", "4x", "2", ""])
  func unknownScale(_ scale: String) throws {
    let text = "{ \"images\" : [\n { \"idiom\" : \"universal\", \"scale\" : \"\(scale)\" } ] }"
    let parsed = CatalogReader.parseContents(Array(text.utf8), kind: .imageSet, path: "A/Contents.json")
    #expect(parsed.findings.map(\.code) == [.contentsInvalid])
    #expect(parsed.findings.first?.line == 2)
    #expect(parsed.findings.first?.message.contains("Xcode takes 1x, 2x or 3x") == true)
  }

  @Test("a 3 MB unknown key is quoted short, with its length")
  func longKey() throws {
    let key = String(repeating: "k", count: 3_000_000)
    let parsed = CatalogReader.parseContents(
      Array("{ \"images\" : [], \"\(key)\" : 1 }".utf8), kind: .imageSet, path: "A/Contents.json")
    #expect(parsed.findings.map(\.code) == [.unknownKey])
    #expect(parsed.findings.first?.message.contains("(3000000 bytes)") == true)
    #expect((parsed.findings.first?.message.utf8.count ?? .max) < 300)
  }

  @Test(
    "a component outside 0...1 in a space (or an alpha) that has no more is an invalid color",
    arguments: [
      ("srgb", "\"red\" : -5"), ("srgb", "\"red\" : \"1.5\""), ("display-p3", "\"green\" : \"300\""),
      ("extended-srgb", "\"alpha\" : \"1.5\""), ("gray-gamma-22", "\"white\" : \"-0.1\""),
    ])
  func componentsOutOfRange(_ space: String, _ component: String) throws {
    let components =
      ["\"red\" : \"0\"", "\"green\" : \"0\"", "\"blue\" : \"0\"", "\"white\" : \"0\""]
      .filter { !$0.hasPrefix(String(component.prefix(7))) } + [component]
    let contents = """
      { "colors" : [ { "color" : { "color-space" : "\(space)", "components" : { \(components.joined(separator: ", ")) } },
        "idiom" : "universal" } ], "info" : { "author" : "xcode", "version" : 1 } }
      """
    let (folder, path) = try catalog(contents, kind: "colorset")
    defer { folder.remove() }
    let findings = Linter().lint([path]).findings.map(\.diagnostic)
    #expect(findings.filter { $0.code == .invalidColor }.count == 1, "\(findings)")
    let extended = try catalog(
      contents.replacingOccurrences(of: "\"\(space)\"", with: "\"extended-srgb\""), kind: "colorset")
    defer { extended.folder.remove() }
    let allowed = Linter().lint([extended.path]).findings.map(\.diagnostic).filter { $0.code == .invalidColor }
    #expect(allowed.count == (component.hasPrefix("\"alpha") ? 1 : 0), "\(allowed)")
  }

  @Test("a newline or ESC in a file or folder name is an invalid name")
  func controlCharacters() throws {
    let (folder, path) = try catalog(
      "{ \"images\" : [], \"info\" : { \"author\" : \"xcode\", \"version\" : 1 } }",
      files: ["new\nline.png": try png(), "esc\u{1B}[31m.png": try png()])
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: path + "/Gro\nup", withIntermediateDirectories: true)
    let findings = CatalogReader().read(path).findings
    #expect(findings.map(\.code) == [.invalidName, .invalidName, .invalidName])
    #expect(findings.allSatisfy { $0.severity == .error })
  }

  @Test("a set inside a set is an error; another folder inside a set is not")
  func setInsideSet() throws {
    let (folder, path) = try catalog("{ \"images\" : [], \"info\" : { \"author\" : \"xcode\", \"version\" : 1 } }")
    defer { folder.remove() }
    for inner in ["Inner.imageset", "Data.dataset", "misc"] {
      try FileManager.default.createDirectory(atPath: path + "/A.imageset/" + inner, withIntermediateDirectories: true)
    }
    let findings = CatalogReader().read(path).findings
    #expect(findings.map(\.code) == [.nestedSet, .nestedSet])
    #expect(findings.map(\.path) == [path + "/A.imageset/Data.dataset", path + "/A.imageset/Inner.imageset"])
  }

  @Test("binary data named .svg is a file of the wrong type; a PNG named .heic is a misnamed image (ImageIO reads it)")
  func wrongTypes() throws {
    let contents = """
      { "images" : [ { "filename" : "a.svg", "idiom" : "universal" }, { "filename" : "b.heic", "idiom" : "mac" },
        { "filename" : "c.svg", "idiom" : "tv" } ], "info" : { "author" : "xcode", "version" : 1 } }
      """
    let svg = Array("<?xml version=\"1.0\"?>\n<!-- a comment -->\n<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)
    let (folder, path) = try catalog(
      contents, files: ["a.svg": [0, 1, 2, 0xFF, 0x80], "b.heic": try png(), "c.svg": svg])
    defer { folder.remove() }
    let findings = Linter().lint([path]).findings.map(\.diagnostic)
    let wrong = findings.filter { $0.code == .wrongFileType }
    #expect(wrong.map(\.path) == [path + "/A.imageset/a.svg"], "\(findings)")
    #expect(wrong.first?.message == "is binary data, not SVG (XML text) as its name says")
    let misnamed = findings.filter { $0.code == .misnamedImage }
    #expect(misnamed.map(\.path) == [path + "/A.imageset/b.heic"], "\(findings)")
    #expect(misnamed.first?.message.hasPrefix("is a PNG image, not HEIF as its name says") == true)
  }
}
