import Foundation
import Testing

@testable import GamutKit

/// Issue 30, points 11, 12 and 18: FIFOs named like sources, vector app icons, and folder names that would split
/// a file list.
@Suite struct SourceScannerHostileTests {
  /// Point 18: a FIFO named like a source was skipped without a finding (build and watch both scan this way).
  @Test func fifoNamedLikeASourceIsReported() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let names = ["X.png", "V.svg", "D.pdf", "Brand.colors.yml", "T.tokens.json", "notes.txt"]
    for name in names { #expect(mkfifo(folder.path + "/" + name, 0o644) == 0) }
    let result = try SourceScanner(root: folder.path).scan()
    #expect(result.sources.isEmpty && result.colorSources.isEmpty)
    let reported = result.diagnostics.filter { $0.code == .unreadable }.map(\.path)
    #expect(reported == names.dropLast().sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) })
    #expect(result.diagnostics.allSatisfy { $0.message.contains("not a regular file") })
    // The watch looks again at one changed path the same way.
    #expect(try SourceScanner(root: folder.path).scan(at: "X.png").diagnostics.map(\.code) == [.unreadable])
  }

  /// The watch's completeness check opens a changed PNG by its path: a FIFO put there must fail at once, not wait
  /// for a writer.
  @Test func fifoOpenedByPathDoesNotBlock() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(mkfifo(folder.path + "/X.png", 0o644) == 0)
    #expect { try PNGRowReader(contentsOf: folder.path + "/X.png").readToEnd() } throws: {
      "\($0)".contains("not a regular file")
    }
  }

  /// Point 12: `AppIcon.pdf` or `AppIcon.svg` as the only icon source became a vector image set, without a finding.
  @Test func vectorAppIconSourceIsAnError() {
    for name in ["AppIcon.pdf", "AppIcon.svg", "AppIcon~dark.svg", "AppIcon@2x.pdf"] {
      let plan = CatalogPlanner().plan([SourceFile(relativePath: name, size: 10, modificationTime: 0, inode: 0)])
      #expect(plan.assets.isEmpty && plan.appIcons.isEmpty, "\(name)")
      #expect(plan.diagnostics.map(\.code) == [.invalidName], "\(name)")
      #expect(plan.diagnostics.first?.message.contains("made from a 1024x1024 PNG") == true)
    }
    // An image set merely starting with the name is not an icon.
    #expect(
      CatalogPlanner().plan([SourceFile(relativePath: "AppIconBadge.pdf", size: 10, modificationTime: 0, inode: 0)])
        .assets.count == 1)
  }

  /// Point 11: a folder whose name holds a newline was written into the .xcfilelist as two lines.
  @Test func fileListsLeaveOutPathsWithLineBreaks() {
    let text = BuildFileLists.text(of: ["/src/A", "/src/New\nLine", "/src/B\r", "/src/C"], prefix: nil, base: "/")
    #expect(text == "/src/A\n/src/C\n")
  }
}
