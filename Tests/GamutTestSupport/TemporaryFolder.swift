public import Foundation

/// A fresh folder under the system's temporary folder, removed by `remove()`: the one way tests make a folder of
/// their own (`let folder = try TemporaryFolder(); defer { folder.remove() }`).
public struct TemporaryFolder {
  public let path: String

  public init() throws {
    path = NSTemporaryDirectory() + "gamut-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }

  /// Copies a file or folder into this folder, under `name`.
  public func copy(_ source: String, as name: String) throws {
    let destination = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (destination as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try FileManager.default.copyItem(atPath: source, toPath: destination)
  }

  /// Writes `bytes` at `path`, making the folders it needs.
  public static func write(_ bytes: [UInt8], at path: String) throws {
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
  }

  /// Writes `bytes` at `relativePath` in this folder, making the folders it needs.
  public func write(_ bytes: [UInt8], at relativePath: String) throws {
    try Self.write(bytes, at: path + "/" + relativePath)
  }

  /// Every regular file under `folder` (relative paths, sorted) with its bytes.
  public static func snapshot(_ folder: String) -> [String: Data] {
    var files: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      let full = folder + "/" + relative
      if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
        files[relative] = FileManager.default.contents(atPath: full)
      }
    }
    return files
  }

  /// Every regular file under `folder` with its modification date and inode.
  public static func stamps(_ folder: String) -> [String: String] {
    var stamps: [String: String] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder)
    while let relative = enumerator?.nextObject() as? String {
      let attributes = try? FileManager.default.attributesOfItem(atPath: folder + "/" + relative)
      stamps[relative] = "\(attributes?[.modificationDate] ?? "") \(attributes?[.systemFileNumber] ?? "")"
    }
    return stamps
  }

  /// ``stamps(_:)`` of a catalog without its `.gamut.lock`, which every build marks while it runs (its time moves
  /// when a second passes between two builds): the files a build writes.
  public static func outputStamps(_ catalog: String) -> [String: String] {
    stamps(catalog).filter { $0.key != ".gamut.lock" }
  }
}
