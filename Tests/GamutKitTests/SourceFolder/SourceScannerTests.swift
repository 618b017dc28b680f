import Foundation
import Testing

@testable import GamutKit

/// `SourceScanner.scan(at:)`, which the watch uses to look again at one path, agrees with `scan()`.
@Suite struct SourceScannerTests {
  @Test func scanAtAPathFindsWhatTheFullScanFindsThere() throws {
    let folder = try WatchFolder()
    for name in ["a.png", "A/b.png", "A/B/c.png", "A/.d.png", "Out/e.png", "Set.imageset/f.png", "g.gif", ".H/h.png"] {
      try folder.write(name, WatchFixture.pngLike(size: 30))
    }
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/L", withDestinationPath: folder.path + "/A")
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/l.png", withDestinationPath: "a.png")
    let scanner = SourceScanner(root: folder.path, excluding: folder.path + "/Out")
    let all = try scanner.scan().sources
    #expect(all.map(\.relativePath) == ["A/B/c.png", "A/b.png", "a.png", "l.png"])
    let paths = [
      "", "a.png", "A", "A/B", "A/B/c.png", "A/.d.png", "Out", "Out/e.png", "Set.imageset/f.png", "g.gif",
      ".H/h.png", "L", "L/b.png", "l.png", "missing.png", "Missing/x.png",
    ]
    for path in paths {
      let expected = all.filter { path.isEmpty || $0.relativePath == path || $0.relativePath.hasPrefix(path + "/") }
      #expect(try scanner.scan(at: path).sources == expected, "at '\(path)'")
    }
  }
}
