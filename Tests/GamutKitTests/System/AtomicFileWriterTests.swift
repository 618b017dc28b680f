import Foundation
import Testing

@testable import GamutKit

/// Files written piece by piece appear whole or not at all, and an unchanged file is left untouched.
@Suite struct AtomicFileWriterTests {
  private func names(_ folder: TemporaryFolder) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
  }

  @Test("Pieces of every size land in order, under the final name only after the commit")
  func piecesLandInOrder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/out.bin"
    var random = SplitMix64(state: 3)
    var expected: [UInt8] = []
    let writer = try AtomicFileWriter(for: path)
    for size in [0, 1, 100, 70_000, 5, 200_000, 65_535, 3] {
      let piece = (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
      try writer.write(piece)
      expected += piece
    }
    #expect(!FileManager.default.fileExists(atPath: path))
    #expect(try names(folder).count == 1 && AtomicFile.isTemporaryName(try names(folder)[0]))
    #expect(writer.bytesWritten == expected.count)
    try writer.commit(to: path)
    #expect(try names(folder) == ["out.bin"])
    #expect([UInt8](FileManager.default.contents(atPath: path)!) == expected)
  }

  @Test("A file that already holds the same bytes keeps its inode and time; different bytes replace it")
  func identicalFileIsKept() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/same.bin"
    try AtomicFile.write(Array(repeating: 7, count: 100_000), to: path)
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: path)
    let before = TemporaryFolder.stamps(folder.path)

    let same = try AtomicFileWriter(for: path)
    try same.write(Array(repeating: 7, count: 100_000))
    try same.commit(to: path)
    #expect(TemporaryFolder.stamps(folder.path) == before)

    let different = try AtomicFileWriter(for: path)
    try different.write(Array(repeating: 7, count: 99_999) + [8])
    try different.commit(to: path)
    #expect(TemporaryFolder.stamps(folder.path) != before)
    #expect(FileManager.default.contents(atPath: path)!.last == 8)
    #expect(try names(folder) == ["same.bin"])
  }

  @Test("Discarding, or dropping the writer, removes the temporary file; a link is never replaced")
  func discardAndLinks() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let discarded = try AtomicFileWriter(for: folder.path + "/a.bin")
    try discarded.write([1, 2, 3])
    discarded.discard()
    do {
      let dropped = try AtomicFileWriter(for: folder.path + "/b.bin")
      try dropped.write([1, 2, 3])
    }
    #expect(try names(folder).isEmpty)

    let target = folder.path + "/target.bin"
    try AtomicFile.write([9], to: target)
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/link.bin", withDestinationPath: target)
    let writer = try AtomicFileWriter(for: folder.path + "/link.bin")
    try writer.write([1])
    #expect(throws: FileError.self) { try writer.commit(to: folder.path + "/link.bin") }
    #expect([UInt8](FileManager.default.contents(atPath: target)!) == [9])
    #expect(try names(folder) == ["link.bin", "target.bin"])
  }
}
