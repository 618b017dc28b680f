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
    relativePath.split(separator: "/").dropLast().map(String.init)
  }

  /// The file name without folders.
  public var fileName: String {
    relativePath.split(separator: "/").last.map(String.init) ?? relativePath
  }
}
