import Foundation
import Testing

@testable import GamutKit

/// Issue 34.9 (lint's side): the baseline is size-checked before it is read (its strict reading is tested with the
/// lint command), and a huge file is keyed by its size and a bounded hash, not hashed whole.
@Suite struct BaselineBoundsTests {
  private func write(_ text: String, in folder: TemporaryFolder, as name: String) -> String {
    let path = folder.path + "/" + name
    FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
  }

  @Test("a baseline over the limit is refused before a byte is read (a sparse file costs nothing)")
  func oversized() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/huge.json"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: UInt64(LintBaseline.maximumBytes + 1))
    try handle.close()
    #expect {
      try LintBaseline(contentsOf: path)
    } throws: { error in
      (error as? LintBaseline.ReadError)?.reason.contains("more than the limit of \(LintBaseline.maximumBytes) bytes")
        == true
    }
  }

  @Test("a file over the whole-hash bound is keyed by its size and its ends; a smaller one by its SHA-256")
  func boundedKey() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let big = folder.path + "/big.png"
    #expect(FileManager.default.createFile(atPath: big, contents: Data("head".utf8)))
    let handle = try #require(FileHandle(forWritingAtPath: big))
    try handle.truncate(atOffset: UInt64(ContentHash.maximumWholeBytes + 1))
    try handle.close()
    let key = try #require(ContentHash.key(ofFile: big))
    #expect(key.hasPrefix("sampled-\(ContentHash.maximumWholeBytes + 1)-"))
    let small = write("small", in: folder, as: "small.png")
    #expect(ContentHash.key(ofFile: small) == ContentHash.ofFile(small))
    #expect(ContentHash.key(ofFile: folder.path) == nil)
  }
}
