import Foundation
import Testing

@testable import GamutKit

/// Issue 34.9 (lint's side): the baseline is size-checked before it is read and read by the one JSON reader, and a
/// huge file is keyed by its size and a bounded hash, not hashed whole.
@Suite struct BaselineBoundsTests {
  private func write(_ text: String, in folder: TemporaryFolder, as name: String = "baseline.json") -> String {
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
      (error as? FileError)?.reason.contains("more than the limit of \(LintBaseline.maximumBytes) bytes") == true
    }
  }

  @Test(
    "a malformed baseline is an error with its line, never a Swift decoding error",
    arguments: [
      ("", "line 1: not JSON"),
      ("{\"version\":1,\n\"findings\":[],\n\"findings\":[]}", "line 3: the key \"findings\" is given twice"),
      ("{\"version\":1,\"findings\":[{\"code\":\"a\",\"path\":\"b\",\"hash\":\"c\"},]}", "line 1: not JSON"),
      ("{\"version\":2,\"findings\":[]}", "line 1: not a version 1 baseline"),
      ("{\"version\":1,\"findings\":[\n{\"code\":\"a\",\"path\":\"b\"}]}", "line 2: a finding without"),
    ])
  func malformed(_ text: String, _ reason: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = write(text, in: folder)
    #expect {
      try LintBaseline(contentsOf: path)
    } throws: { error in
      (error as? FileError)?.reason.hasPrefix(reason) == true
    }
  }

  @Test("a FIFO given as the baseline is refused without being opened for a read that would block")
  func fifo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(mkfifo(folder.path + "/pipe.json", 0o644) == 0)
    #expect(throws: FileError.self) { try LintBaseline(contentsOf: folder.path + "/pipe.json") }
  }

  @Test("a baseline written by lint reads back")
  func roundTrip() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var baseline = LintBaseline([])
    baseline.findings = [.init(code: "missing-file", path: "A.xcassets/X.imageset/Contents.json", hash: "ab")]
    let path = write(baseline.text, in: folder)
    #expect(try LintBaseline(contentsOf: path) == baseline)
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
