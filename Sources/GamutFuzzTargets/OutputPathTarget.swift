internal import Foundation
internal import GamutKit

/// Fuzz body for the output-path guard (``OutputPathGuard``), as `--manifest` uses it.
public enum OutputPathTarget {
  /// A source folder with a configuration and a source, a catalog beside it, and a link from outside into the
  /// source folder, made once under the temporary folder.
  private static let layout: (root: String, checker: OutputPathGuard) = {
    let root = NSTemporaryDirectory() + "gamut-fuzz-paths-\(getpid())"
    let manager = FileManager.default
    try? manager.createDirectory(atPath: root + "/src/Art", withIntermediateDirectories: true)
    try? manager.createDirectory(atPath: root + "/out/A.xcassets", withIntermediateDirectories: true)
    _ = manager.createFile(atPath: root + "/src/gamut.yml", contents: Data("gamut: auto\n".utf8))
    _ = manager.createFile(atPath: root + "/src/Art/Logo.png", contents: Data())
    try? manager.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/src")
    let guardian = OutputPathGuard(
      sourceRoot: root + "/src", catalog: root + "/out/A.xcassets",
      configFile: root + "/src/gamut.yml")
    return (root, guardian)
  }()

  /// Checks `bytes` (UTF-8, invalid sequences replaced) as a path relative to the layout's root. An accepted path
  /// must resolve to a place outside the source folder and the catalog, whatever links and `..` it holds.
  public static func run(_ bytes: [UInt8]) {
    let relative = String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "\0", with: "")
    let path = layout.root + "/" + relative
    guard layout.checker.problem(path, option: "--manifest", writing: .file(CatalogManifest.ownedFile)) == nil else {
      return
    }
    let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    let real = URL(fileURLWithPath: layout.root).resolvingSymlinksInPath().path
    for inside in [real + "/src", real + "/out/A.xcassets"] {
      precondition(
        resolved != inside && !resolved.hasPrefix(inside + "/"), "'\(relative)' resolves into \(inside)")
    }
  }
}
