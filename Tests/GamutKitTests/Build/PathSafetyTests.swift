import Foundation
import Testing

@testable import GamutKit

/// Hostile names and links in the source folder and in the catalog: nothing is written outside the catalog (and
/// the manifest), nothing outside the source folder is read through a link, and each case gets a diagnostic with
/// a code or a FileError.
@Suite struct PathSafetyTests {
  private typealias Fixture = BuildFixture

  /// A distinct 4x4 sRGB PNG for each seed.
  static func png(seed: Int) throws -> Data {
    Data(try TestPNG.distinct(width: 4, height: 4, layout: .rgba, seed: seed))
  }

  private func codes(_ report: BuildReport, _ path: String) -> [String] {
    report.manifest.allDiagnostics.filter { $0.path == path }.map(\.code.rawValue)
  }

  @Test func dotNamesAreIgnoredAndDotsInsideANameStayInTheCatalog() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    for name in ["..png", ".Hidden.png", "...png", "Logo..png", "a..b@2x.png"] { try fixture.add(name) }
    let report = try fixture.build()
    #expect(report.manifest.allDiagnostics.isEmpty)
    #expect(report.manifest.assets.map(\.imageSet).sorted() == ["Logo..imageset", "a..b.imageset"])
    let top = try FileManager.default.contentsOfDirectory(atPath: fixture.catalog).sorted()
    #expect(top == [".gamut-state.json", ".gamut.lock", "Contents.json", "Logo..imageset", "a..b.imageset"])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: fixture.folder.path).sorted() == ["out", "outside", "src"])
  }

  @Test func controlCharactersBackslashesAndLongNamesAreInvalidNames() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let long = String(repeating: "L", count: 251) + ".png"  // 255 bytes, the longest name Linux allows
    let longFolder = String(repeating: "F", count: 255)
    let names = ["New\nLine.png", "Tab\tName.png", "Start\u{1}.png", "Back\\slash.png", long, longFolder + "/Ok.png"]
    for name in names { try fixture.add(name) }
    let report = try fixture.build()
    for name in names { #expect(codes(report, name) == ["invalid-name"], "\(name)") }
    #expect(report.manifest.assets.isEmpty)
    // Printed findings stay one line each: control characters are escaped.
    let printed = report.manifest.allDiagnostics.map(\.description)
    #expect(printed.allSatisfy { !$0.contains("\n") && !$0.contains("\t") && !$0.contains("\u{1}") })
    #expect(printed.contains { $0.hasPrefix("New\\nLine.png: error: invalid asset name") })
    #expect(printed.contains { $0.hasPrefix("Start\\u{1}.png: error:") })
  }

  #if os(Linux)
    /// Linux file names are bytes; one that is not UTF-8 cannot be an asset name, and is reported rather than lost.
    @Test func aNameThatIsNotUTF8IsReported() throws {
      let fixture = try Fixture()
      defer { fixture.folder.remove() }
      let raw = Array((fixture.source + "/Bad").utf8) + [0xFF] + Array(".png".utf8) + [0]
      let fd = raw.withUnsafeBytes {
        open($0.baseAddress!.assumingMemoryBound(to: CChar.self), O_CREAT | O_WRONLY, 0o644)
      }
      #expect(fd >= 0)
      close(fd)
      let report = try fixture.build()
      #expect(codes(report, "Bad\u{FFFD}.png") == ["invalid-name"])
    }
  #endif

  @Test func namesEqualAfterNormalisationOrCaseFoldingCollide() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let nfc = "Caf\u{E9}.png"
    let nfd = "Cafe\u{301}.png"
    try fixture.add(nfc, seed: 1)
    try fixture.add(nfd, seed: 2)
    try fixture.add("Logo.png", seed: 3)
    try fixture.add("logo.png", seed: 4)
    let report = try fixture.build()
    // Sorted by UTF-8 bytes, the NFD name ("e" + U+0301) comes before the NFC one (U+00E9), "L" before "l".
    #expect(codes(report, nfc) == ["name-collision"])
    #expect(codes(report, "logo.png") == ["name-collision"])
    #expect(report.manifest.assets.count == 2)
  }

  @Test func linksOutOfTheSourceFolderAreNotFollowedAndLinksInsideAre() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.add("Real.png")
    try fixture.link(fixture.source + "/Stolen.png", to: fixture.outside + "/Secret.png")
    try fixture.link(fixture.source + "/StolenFolder", to: fixture.outside)
    try fixture.link(fixture.source + "/Relative.png", to: "../outside/Secret.png")
    try fixture.link(fixture.source + "/Alias.png", to: "Real.png")
    let report = try fixture.build()
    #expect(codes(report, "Stolen.png") == ["link-outside-source"])
    #expect(codes(report, "StolenFolder") == ["link-outside-source"])
    #expect(codes(report, "Relative.png") == ["link-outside-source"])
    #expect(report.manifest.assets.map(\.name).sorted() == ["Alias", "Real"])
    #expect(report.manifest.assets.allSatisfy { $0.status == .built })
  }

  @Test func aLinkInPlaceOfAnImageSetIsRefusedAndNeverLeadsOut() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.add("Logo.png")
    _ = try fixture.build()
    let imageSet = fixture.catalog + "/Logo.imageset"
    try FileManager.default.removeItem(atPath: imageSet)
    try FileManager.default.copyItem(atPath: fixture.outside + "/Secret.png", toPath: fixture.outside + "/Logo@1x.png")
    _ = FileManager.default.createFile(atPath: fixture.outside + "/Contents.json", contents: Data("{}".utf8))
    try fixture.link(imageSet, to: fixture.outside)
    let before = fixture.outsideFiles

    let report = try fixture.build()
    #expect(codes(report, "Logo") == ["write-failed"])
    #expect(report.manifest.allDiagnostics.first { $0.path == "Logo" }?.message.contains("symbolic link") == true)
    #expect(fixture.outsideFiles == before)
    // Removing the source removes the asset's files, but never through the link.
    try FileManager.default.removeItem(atPath: fixture.source + "/Logo.png")
    _ = try fixture.build()
    #expect(fixture.outsideFiles == before)
  }

  @Test func aLinkInPlaceOfAGroupFolderIsRefused() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.add("Group/Logo.png")
    try FileManager.default.createDirectory(atPath: fixture.catalog, withIntermediateDirectories: true)
    try fixture.link(fixture.catalog + "/Group", to: fixture.outside)
    let before = fixture.outsideFiles
    #expect {
      _ = try fixture.build()
    } throws: { error in
      (error as? FileError)?.reason == "it is a symbolic link"
    }
    #expect(fixture.outsideFiles == before)
  }

  @Test func aLinkInPlaceOfARenditionIsRefused() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.add("Logo.png")
    _ = try fixture.build()
    let rendition = fixture.catalog + "/Logo.imageset/Logo@1x.png"
    try FileManager.default.removeItem(atPath: rendition)
    try fixture.link(rendition, to: fixture.outside + "/Secret.png")
    let before = fixture.outsideFiles
    let report = try fixture.build()
    #expect(codes(report, "Logo") == ["write-failed"])
    #expect(fixture.outsideFiles == before)
  }

  @Test func aLinkInPlaceOfTheManifestIsRefused() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try fixture.add("Logo.png")
    try FileManager.default.createDirectory(atPath: fixture.folder.path + "/out", withIntermediateDirectories: true)
    try fixture.link(fixture.folder.path + "/out/gamut-manifest.json", to: fixture.outside + "/Secret.png")
    let before = fixture.outsideFiles
    #expect {
      _ = try fixture.build()
    } throws: { error in
      let error = error as? FileError
      return error?.reason == "it is a symbolic link" && error?.path.hasSuffix("gamut-manifest.json") == true
    }
    #expect(fixture.outsideFiles == before)
  }

  @Test func removalsNeverLeaveTheCatalog() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    try FileManager.default.createDirectory(atPath: fixture.catalog + "/Real", withIntermediateDirectories: true)
    try fixture.link(fixture.catalog + "/Linked", to: fixture.outside)
    let before = fixture.outsideFiles
    for path in ["../../outside/Secret.png", "Linked/Secret.png", "Real/../../../outside/Secret.png", "/Secret.png"] {
      CatalogFiles.remove(path, in: fixture.catalog)
    }
    #expect(fixture.outsideFiles == before)
    #expect(FileManager.default.fileExists(atPath: fixture.catalog + "/Real"))
  }
}

/// A source folder `src`, a catalog `out/P.xcassets` and a folder `outside` holding a file that must never be
/// touched.
extension BuildFixture {
  fileprivate init() throws {
    try self.init(source: "src", catalog: "out/P.xcassets")
    try folder.write([UInt8](try PathSafetyTests.png(seed: 99)), at: "outside/Secret.png")
  }

  fileprivate var outside: String { folder.path + "/outside" }

  fileprivate func add(_ relativePath: String, seed: Int = 1) throws {
    try write([UInt8](try PathSafetyTests.png(seed: seed)), to: relativePath)
  }

  fileprivate func link(_ path: String, to destination: String) throws {
    try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: destination)
  }

  /// Every file under `outside` with its bytes.
  fileprivate var outsideFiles: [String: Data] { TemporaryFolder.snapshot(outside) }
}
