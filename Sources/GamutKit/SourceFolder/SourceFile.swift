/// A PNG found in the source folder, with the file-system facts that tell whether it changed.
public struct SourceFile: Sendable, Equatable, Hashable, Codable {
  /// The path relative to the source folder, with `/` separators, for example `Controls/PlayButton@2x.png`.
  public var relativePath: String
  /// The size in bytes when scanned.
  public var size: Int
  /// The modification time when scanned, in nanoseconds since 1970.
  public var modificationTime: Int64
  /// The inode number when scanned.
  public var inode: UInt64

  public init(relativePath: String, size: Int, modificationTime: Int64, inode: UInt64) {
    self.relativePath = relativePath
    self.size = size
    self.modificationTime = modificationTime
    self.inode = inode
  }

  /// The folders between the source folder and the file: the catalog groups it belongs to.
  public var groupPath: [String] {
    guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return [] }
    // Split on the bytes: a `/` is never part of another character.
    return relativePath[..<slash].utf8.split(separator: UInt8(ascii: "/")).map { String(Substring($0)) }
  }

  /// The file name without folders.
  public var fileName: String {
    guard let slash = relativePath.utf8.lastIndex(of: UInt8(ascii: "/")) else { return relativePath }
    return String(Substring(relativePath.utf8[relativePath.utf8.index(after: slash)...]))
  }
}
