import Foundation
import Testing

@testable import GamutKit

/// Issue 34.6: no link is followed out of a catalog or an Icon Composer bundle; each is a finding and is not read.
@Suite struct CatalogLinkTests {
  /// A catalog with one image set (`Star.imageset` with `star.png`) and, beside the catalog, `outside/` holding a
  /// Contents.json with a key only it has, a PNG and a file standing for a secret.
  private func fixture() throws -> (folder: TemporaryFolder, catalog: String, outside: String) {
    let folder = try TemporaryFolder()
    let catalog = folder.path + "/A.xcassets"
    let outside = folder.path + "/outside"
    try FileManager.default.createDirectory(atPath: catalog + "/Star.imageset", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    let png = try PNGEncoder(compressionLevel: 1).encode(
      PixelBuffer(width: 2, height: 2, layout: .gray, samples: .eight([0, 1, 2, 3])), colorTag: .sRGB(intent: 0))
    FileManager.default.createFile(atPath: outside + "/other.png", contents: Data(png))
    FileManager.default.createFile(atPath: catalog + "/Star.imageset/star.png", contents: Data(png))
    FileManager.default.createFile(atPath: outside + "/passwd", contents: Data("root:x:0:0\n".utf8))
    let contents = """
      { "images" : [ { "filename" : "star.png", "idiom" : "universal" }, { "filename" : "other.png", \
      "idiom" : "universal", "scale" : "2x" } ], "info" : { "author" : "xcode", "version" : 1 } }
      """
    FileManager.default.createFile(atPath: catalog + "/Star.imageset/Contents.json", contents: Data(contents.utf8))
    FileManager.default.createFile(
      atPath: outside + "/Contents.json", contents: Data(#"{ "images" : [], "only-outside" : 1 }"#.utf8))
    return (folder, catalog, outside)
  }

  @Test("a set's Contents.json linked outside the catalog is a finding and is not read")
  func contentsLinkedOutside() throws {
    let (folder, catalog, outside) = try fixture()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: catalog + "/Linked.imageset", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: catalog + "/Linked.imageset/Contents.json", withDestinationPath: outside + "/Contents.json")
    let tree = CatalogReader().read(catalog)
    #expect(!tree.findings.contains { $0.message.contains("only-outside") })
    let linked = try #require(tree.sets.first { $0.set.name == "Linked" }?.set)
    #expect(linked.document == nil)
    #expect(
      tree.findings.contains {
        $0.code == .linkOutsideCatalog && $0.path == catalog + "/Linked.imageset/Contents.json"
          && $0.severity == .warning
      })
  }

  @Test("an image linked from outside the catalog is a finding, not read, and not counted as the set's file")
  func imageLinkedOutside() throws {
    let (folder, catalog, outside) = try fixture()
    defer { folder.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: catalog + "/Star.imageset/other.png", withDestinationPath: outside + "/other.png")
    let tree = CatalogReader().read(catalog)
    let set = try #require(tree.sets.first?.set)
    #expect(set.files == ["star.png"])
    #expect(tree.findings.map(\.code) == [.linkOutsideCatalog])
    let result = Linter().lint([catalog])
    #expect(!result.findings.contains { $0.diagnostic.path.hasPrefix(outside) })
    #expect(result.findings.contains { $0.diagnostic.code == .linkOutsideCatalog })
  }

  @Test("a Contents.json linked to another inside the catalog is not read through")
  func contentsLinkedInside() throws {
    let (folder, catalog, _) = try fixture()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: catalog + "/Copy.imageset", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: catalog + "/Copy.imageset/Contents.json", withDestinationPath: "../Star.imageset/Contents.json")
    let tree = CatalogReader().read(catalog)
    #expect(tree.sets.first { $0.set.name == "Copy" }?.set.document == nil)
    #expect(tree.findings.map(\.code) == [.contentsUnreadable])
  }

  @Test("a link to a file inside the catalog is read through; a link to a folder is a note")
  func linksInside() throws {
    let (folder, catalog, _) = try fixture()
    defer { folder.remove() }
    try FileManager.default.createSymbolicLink(
      atPath: catalog + "/Star.imageset/other.png", withDestinationPath: "star.png")
    try FileManager.default.createSymbolicLink(atPath: catalog + "/Again", withDestinationPath: "Star.imageset")
    let tree = CatalogReader().read(catalog)
    #expect(tree.sets.first?.set.files == ["other.png", "star.png"])
    #expect(tree.findings.map(\.code) == [.folderLink])
  }

  @Test("a bundle's Assets linked outside is a finding; nothing outside is listed or read as a layer")
  func bundleAssetsLinkedOutside() throws {
    let (folder, _, outside) = try fixture()
    defer { folder.remove() }
    let bundle = folder.path + "/AppIcon.icon"
    try FileManager.default.createDirectory(atPath: bundle, withIntermediateDirectories: true)
    FileManager.default.createFile(
      atPath: bundle + "/icon.json",
      contents: Data(
        #"{ "groups" : [ { "layers" : [ { "image-name" : "passwd" } ] } ], "supported-platforms" : {} }"#.utf8))
    try FileManager.default.createSymbolicLink(atPath: bundle + "/Assets", withDestinationPath: outside)
    let read = IconBundle(path: bundle)
    #expect(read.assets.isEmpty && !read.hasAssetsFolder)
    let findings = IconBundleChecks.check(read)
    #expect(findings.contains { $0.code == .linkOutsideCatalog && $0.path == bundle + "/Assets" })
    #expect(!findings.contains { $0.path.hasPrefix(outside) })
    #expect(IconInspection(path: bundle).assets.isEmpty)
  }

  @Test("a bundle's icon.json linked outside is not read; the error names the bundle")
  func bundleDocumentLinkedOutside() throws {
    let (folder, _, outside) = try fixture()
    defer { folder.remove() }
    let bundle = folder.path + "/AppIcon.icon"
    try FileManager.default.createDirectory(atPath: bundle + "/Assets", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: bundle + "/icon.json", withDestinationPath: outside + "/passwd")
    let findings = IconBundleChecks.check(bundlePath: bundle)
    #expect(findings.map(\.code) == [.iconUnreadable])
    #expect(findings.first?.path == bundle + "/icon.json")
    #expect(findings.first?.message.contains("outside the bundle") == true)
  }

  @Test("a FIFO in a set or in a bundle's Assets is a finding and is never opened")
  func specialFiles() throws {
    let (folder, catalog, _) = try fixture()
    defer { folder.remove() }
    #expect(mkfifo(catalog + "/Star.imageset/pipe.png", 0o644) == 0)
    let tree = CatalogReader().read(catalog)
    #expect(tree.findings.map(\.code) == [.specialFile])
    let bundle = try IconTestBundle(json: IconTestBundle.document(), assets: ["shape.svg": IconTestBundle.shape])
    defer { bundle.folder.remove() }
    #expect(mkfifo(bundle.path + "/Assets/pipe.svg", 0o644) == 0)
    #expect(IconBundleChecks.check(bundlePath: bundle.path).contains { $0.code == .specialFile })
  }
}
