import Foundation
import Testing

@testable import GamutKit

/// The system layer tells files, folders and links apart, lists folders, reports errno, and locks files the way
/// the build lock relies on.
@Suite struct SystemTests {
  @Test func statusTellsFilesFoldersAndLinksApart() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Data([1, 2, 3]).write(to: URL(fileURLWithPath: folder.path + "/file"))
    try FileSystem.makeFolder(folder.path + "/sub")
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: "sub")

    let file = try FileStatus(path: folder.path + "/file")
    #expect(file.kind == .regular && file.size == 3 && file.inode != 0 && file.modificationTime > 0)
    #expect(try FileStatus(path: folder.path + "/sub").kind == .folder)
    #expect(try FileStatus(path: folder.path + "/link").kind == .symbolicLink)
    #expect(try FileStatus(path: folder.path + "/link", followingLinks: true).kind == .folder)
    #expect(throws: Errno.noSuchFile) { try FileStatus(path: folder.path + "/missing") }
    #expect(throws: Errno.exists) { try FileSystem.makeFolder(folder.path + "/sub") }
    #expect(try FileSystem.listFolder(folder.path).sorted() == ["file", "link", "sub"])
    #expect(try FileSystem.realPath(folder.path + "/link") == FileSystem.realPath(folder.path + "/sub"))
  }

  @Test func aUniqueFileIsWrittenReadAndRenamed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (file, path) = try FileDescriptor.makeUniqueFile(prefix: folder.path + "/.part-")
    #expect(path.hasPrefix(folder.path + "/.part-") && path.count == (folder.path + "/.part-").count + 6)
    try [UInt8]("hello".utf8).withUnsafeBytes { try file.writeAll($0) }
    try file.close()
    try FileSystem.rename(path, to: folder.path + "/hello")
    let reader = try FileDescriptor.open(folder.path + "/hello", .readOnly, options: .noFollow)
    defer { try? reader.close() }
    var buffer = [UInt8](repeating: 0, count: 16)
    let count = try buffer.withUnsafeMutableBytes { try reader.read(into: $0, atOffset: 1) }
    #expect(String(decoding: buffer[0..<count], as: UTF8.self) == "ello")
    #expect(FileSystem.removeFile(folder.path + "/hello") && !FileSystem.removeFile(folder.path + "/hello"))
  }

  @Test func aHeldLockIsRefusedToASecondOpening() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let first = try FileDescriptor.open(folder.path + "/lock", .readWrite, options: [.create, .noFollow])
    let second = try FileDescriptor.open(folder.path + "/lock", .readWrite, options: .noFollow)
    defer {
      try? first.close()
      try? second.close()
    }
    #expect(try first.tryLock())
    #expect(try !second.tryLock())
    first.unlock()
    #expect(try second.tryLock())
  }
}
