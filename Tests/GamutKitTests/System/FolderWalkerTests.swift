import Foundation
import Testing

@testable import GamutKit

/// The one folder walker: order, names, links, special files and depth, for each kind of tree.
@Suite struct FolderWalkerTests {
  /// A folder with a file, a subfolder, hidden and temporary names, links in and out, and a FIFO; and a file
  /// outside it.
  private func tree() throws -> (folder: TemporaryFolder, root: String) {
    let folder = try TemporaryFolder()
    let root = folder.path + "/root"
    let manager = FileManager.default
    try manager.createDirectory(atPath: root + "/b/c", withIntermediateDirectories: true)
    for (name, text) in [
      "a.png": "a", "b/c/d.png": "d", ".hidden": "h", "draft.png.part": "p", "Z.png": "z", "é.png": "e",
    ] {
      try Data(text.utf8).write(to: URL(fileURLWithPath: root + "/" + name))
    }
    try Data("secret".utf8).write(to: URL(fileURLWithPath: folder.path + "/outside.txt"))
    try manager.createSymbolicLink(atPath: root + "/in.png", withDestinationPath: "a.png")
    try manager.createSymbolicLink(atPath: root + "/out.png", withDestinationPath: folder.path + "/outside.txt")
    try manager.createSymbolicLink(atPath: root + "/up.png", withDestinationPath: "../outside.txt")
    try manager.createSymbolicLink(atPath: root + "/loop", withDestinationPath: "b")
    try manager.createSymbolicLink(atPath: root + "/gone.png", withDestinationPath: "nowhere.png")
    #expect(mkfifo(root + "/pipe.png", 0o644) == 0)
    return (folder, root)
  }

  private func walk(_ walker: FolderWalker) throws -> [String] {
    var seen: [String] = []
    _ = try walker.walk { entry in
      switch entry.kind {
      case .file: seen.append(entry.relativePath + (entry.isLink ? " (link)" : ""))
      case .folder: seen.append(entry.relativePath + "/")
      case .special: seen.append(entry.relativePath + " (special)")
      case .undecodableName: seen.append(entry.relativePath + " (undecodable)")
      case .refused(let finding): seen.append("\(entry.relativePath): \(finding.code)")
      }
      return true
    }
    return seen
  }

  @Test("sorted by UTF-8 bytes, depth first; links out and to folders refused; FIFOs handed over unopened")
  func sourceFolder() throws {
    let (folder, root) = try tree()
    defer { folder.remove() }
    let seen = try walk(FolderWalker(root: root, tree: .sourceFolder))
    #expect(
      seen == [
        "Z.png", "a.png", "b/", "b/c/", "b/c/d.png", "gone.png: link-outside-source", "in.png (link)",
        "loop: folder-link", "out.png: link-outside-source", "pipe.png (special)", "up.png: link-outside-source",
        "é.png",
      ])
  }

  @Test("a catalog keeps temporary names (Xcode takes them) and words its link findings for a catalog")
  func catalog() throws {
    let (folder, root) = try tree()
    defer { folder.remove() }
    let walker = FolderWalker(root: root, tree: .catalog)
    let seen = try walk(walker)
    #expect(seen.contains("draft.png.part"))
    #expect(seen.contains("out.png: link-outside-catalog"))
    let listing = walker.list("", depth: 0)
    guard case .refused(let finding) = listing.entries.first(where: { $0.name == "out.png" })?.kind else {
      Issue.record("the link out is not refused")
      return
    }
    #expect(finding.path == root + "/out.png" && finding.severity == .warning)
    #expect(finding.message.contains("outside the catalog"))
    let link = listing.entries.first { $0.name == "in.png" }
    #expect(link?.openPath == (try FileSystem.realPath(root + "/a.png")))
  }

  @Test("a search follows and reports no link, and passes over the folders other projects own")
  func search() throws {
    let (folder, root) = try tree()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: root + "/node_modules/x", withIntermediateDirectories: true)
    let seen = try walk(FolderWalker(root: root, tree: .searched))
    #expect(!seen.contains { $0.contains("link") || $0.hasPrefix("node_modules") || $0.hasPrefix("out") })
  }

  @Test("no folder deeper than the limit is listed; the refusal comes in its place, once")
  func depth() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let deep = (1...(FolderWalker.maximumDepth + 3)).map { "d\($0)" }.joined(separator: "/")
    try FileManager.default.createDirectory(atPath: folder.path + "/" + deep, withIntermediateDirectories: true)
    var refusals: [Diagnostic] = []
    var deepest = 0
    let walk = try FolderWalker(root: folder.path, tree: .sourceFolder).walk { entry in
      if case .refused(let finding) = entry.kind { refusals.append(finding) }
      if entry.kind == .folder { deepest = max(deepest, entry.relativePath.split(separator: "/").count) }
      return true
    }
    #expect(refusals.map(\.code) == [.folderTooDeep])
    #expect(refusals.first?.path.split(separator: "/").count == FolderWalker.maximumDepth + 1)
    #expect(deepest == FolderWalker.maximumDepth + 1)
    #expect(walk.folders.count == FolderWalker.maximumDepth + 1)
  }

  @Test("a folder that cannot be listed is a failure of the walk, which goes on")
  func unlistable() throws {
    let walk = try FolderWalker(root: "/nonexistent-gamut-folder", tree: .catalog).walk { _ in true }
    #expect(walk.failures.count == 1 && walk.folders.isEmpty)
  }
}
