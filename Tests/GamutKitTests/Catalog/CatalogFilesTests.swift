import Foundation
import Testing

@testable import GamutKit

/// The clean-up a build makes of what a killed build left in the catalog it writes.
@Suite struct CatalogFilesTests {
  @Test func temporaryFilesAreRemovedAtEveryDepthTheBuildWritesAndNoDeeper() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let temporary = AtomicFile.temporaryPrefix + "1"
    // The deepest set a build writes: in the deepest group a source folder may have.
    var deepestSet = "Out.xcassets"
    for level in 1...FolderWalker.maximumDepth { deepestSet += "/G\(level)" }
    deepestSet += "/Deep.imageset"
    let kept = [
      "Out.xcassets/Contents.json", "Out.xcassets/Icon.imageset/icon.png", deepestSet + "/Below/" + temporary,
    ]
    let removed = [
      "Out.xcassets/" + temporary, "Out.xcassets/Icon.imageset/" + temporary, deepestSet + "/" + temporary,
    ]
    for path in kept + removed { try folder.write([1], at: path) }
    CatalogFiles.removeTemporaryFiles(in: folder.path + "/Out.xcassets")
    for path in kept { #expect(FileManager.default.fileExists(atPath: folder.path + "/" + path), "\(path)") }
    for path in removed { #expect(!FileManager.default.fileExists(atPath: folder.path + "/" + path), "\(path)") }
  }
}
