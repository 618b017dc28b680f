import Foundation
import Testing

@testable import GamutKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A baseline file is read as strict JSON (issue 34, low items): every problem is an error naming the file and the
/// line, never a Swift `DecodingError`, and only what gamut writes is accepted.
@Suite struct LintBaselineTests {
  private static let entry = "{ \"code\" : \"missing-file\", \"path\" : \"A.xcassets/x\", \"hash\" : \"h\" }"

  @Test(
    arguments: [
      ("", 1, "not JSON: the document ends where a value should be"),
      ("{\n  \"findings\" : [],\n  \"version\" : 999\n}", 3, "version '999' is not one this gamut reads (1)"),
      ("{\n  \"findings\" : [],\n  \"version\" : \"1\"\n}", 3, "version '1' is not one this gamut reads (1)"),
      (
        "{\n  \"findings\" : [],\n  \"version\" : 1,\n  \"version\" : 1\n}", 4,
        "the key 'version' appears more than once in an object"
      ),
      ("{\n  \"findings\" : [\n    \(entry),\n  ],\n  \"version\" : 1\n}", 4, "not JSON: unexpected character"),
      ("[]", 1, "expected an object, not an array"),
      ("{ \"version\" : 1 }", 1, "no \"findings\""),
      ("{ \"findings\" : {}, \"version\" : 1 }", 1, "\"findings\" should be an array, not an object"),
      ("{ \"findings\" : [ 3 ], \"version\" : 1 }", 1, "an entry should be an object, not a number"),
      (
        "{ \"findings\" : [ { \"code\" : \"c\", \"path\" : \"p\" } ],\n\"version\" : 1 }", 1, "an entry has no \"hash\""
      ),
      (
        "{ \"findings\" : [\n{ \"code\" : \"c\", \"path\" : 1, \"hash\" : \"h\" } ], \"version\" : 1 }", 2,
        "\"path\" should be a string, not a number"
      ),
    ])
  func problemsAreErrorsAtTheirLine(_ text: String, _ line: Int, _ reason: String) {
    #expect {
      _ = try LintBaseline(bytes: Array(text.utf8), path: "b.json")
    } throws: { error in
      (error as? LintBaseline.ReadError) == LintBaseline.ReadError(path: "b.json", line: line, reason: reason)
    }
  }

  @Test func theMessageIsOneFindingLineWithoutADoubledPrefix() {
    let error = LintBaseline.ReadError(path: "b.json", line: 3, reason: "version '999' is not one this gamut reads (1)")
    #expect("\(error)" == "b.json:3: error: cannot read the baseline: version '999' is not one this gamut reads (1)")
  }

  @Test func aFIFOOrAFolderIsRefusedWithoutBeingRead() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    #expect(mkfifo(folder.path + "/fifo.json", 0o644) == 0)
    #expect {
      _ = try LintBaseline(contentsOf: folder.path + "/fifo.json")
    } throws: { error in
      let error = error as? LintBaseline.ReadError
      return error?.line == nil && error?.reason == "it is not a regular file (a FIFO, socket or device)"
    }
    #expect(throws: LintBaseline.ReadError.self) { try LintBaseline(contentsOf: folder.path) }
    #expect(throws: LintBaseline.ReadError.self) { try LintBaseline(contentsOf: folder.path + "/missing.json") }
  }

  @Test func whatGamutWritesReadsBack() throws {
    let written = "{\n  \"findings\" : [\n    \(Self.entry)\n  ],\n  \"version\" : 1\n}\n"
    let baseline = try LintBaseline(bytes: Array(written.utf8), path: "b.json")
    #expect(baseline.findings == [LintBaseline.Entry(code: "missing-file", path: "A.xcassets/x", hash: "h")])
    #expect(try LintBaseline(bytes: Array(baseline.text.utf8), path: "b.json") == baseline)
  }
}
