import Foundation
import Testing

@testable import GamutKit

/// A record kept as its JSON: its essentials read with the cursor equal what `JSONDecoder` reads, odd names and all,
/// and the JSON read back from its file is the JSON written.
@Suite struct StoredRecordTests {
  /// A record whose strings need every escape, with findings, pairs and two renditions.
  static func record(name: String) -> AssetRecord {
    let rendition = AssetRecord.Rendition(
      idiom: "universal", scale: "2x", appearance: "any", contrast: "normal", gamut: "sRGB",
      file: "G/\(name).imageset/\(name)@2x.png", bitDepth: 8, source: "G/\(name)@2x.png", sourceHash: "ab", bytes: 123)
    var dark = rendition
    dark.file = "G/\(name).imageset/\(name)~dark@2x.png"
    dark.bytes = 4_567_890_123
    return AssetRecord(
      name: name, group: "G", imageSet: "G/\(name).imageset", template: false, status: .built,
      renditions: [rendition, dark],
      pairs: [
        AssetRecord.Pair(idiom: "universal", scale: "2x", contrast: "normal", gamut: "sRGB", light: "a", dark: "b")
      ],
      clipping: [],
      diagnostics: [
        Diagnostic(path: "G/\(name)@2x.png", severity: .warning, code: .unpairedDark, message: "a \"quoted\" finding")
      ],
      fingerprint: "f00d")
  }

  static let names = [
    "Plain", "with space", "quote\"and\\backslash", "tab\tnew\nline", "ü-é-日本", "emoji 😀", "brace{[,:]}",
    "\u{1}control",
  ]

  @Test("The cursor reads the essentials of what JSONDecoder reads", arguments: names)
  func cursorAgreesWithDecoder(name: String) throws {
    let json = try XcodeJSONEncoder().compactBytes(of: Self.record(name: name))
    let scanned = try #require(json.withUnsafeBufferPointer { StoredRecord.Essentials(scanning: $0) })
    let decoded = StoredRecord.Essentials(try JSONDecoder().decode(AssetRecord.self, from: Data(json)))
    for essentials in [scanned, decoded] {
      #expect(essentials.name == name && essentials.imageSet == "G/\(name).imageset" && essentials.group == "G")
      #expect(essentials.renditions.map(\.bytes) == [123, 4_567_890_123] && essentials.pairCount == 1)
      #expect(essentials.diagnostics.map(\.message) == ["a \"quoted\" finding"] && essentials.fingerprint == "f00d")
    }
    #expect(scanned.renditions.map(\.file) == decoded.renditions.map(\.file))
  }

  @Test("JSON the cursor does not expect is left to the decoder")
  func unexpectedLayoutFallsBack() {
    for text in [
      #"{"name" : "spaced"}"#, #"{"name":"x","bytes":1.5}"#, #"["not an object"]"#, #"{"name":"cut"#, "",
      #"{"name":"a","name":"b"}"#,
      #"{"diagnostics":[],"fingerprint":"f","group":"","imageSet":"i","name":"n","pairs":[],"renditions":[],"status":"odd"}"#,
    ] {
      let bytes = Array(text.utf8)
      #expect(bytes.withUnsafeBufferPointer { StoredRecord.Essentials(scanning: $0) } == nil, "\(text)")
    }
  }

  @Test("A journaled record reads back from the journal, unchanged")
  func journaledRecordReadsBack() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let journal = BuildJournal(catalogPath: folder.path)
    var moved: [StoredRecord] = []
    for name in Self.names {
      let record = try StoredRecord(Self.record(name: name))
      moved.append(journal.append(record, sources: [:]))
      #expect(moved.last == record)
    }
    #expect(try moved.map { try $0.record() } == Self.names.map { Self.record(name: $0) })
    var replayed = BuildState()
    #expect(BuildJournal.replay(catalogPath: folder.path, into: &replayed))
    #expect(replayed.assets.count == Self.names.count)
  }

  @Test("The cursor skips only well-formed values, and reads integers without leading zeros")
  func cursorChecksWhatItSkips() {
    func skips(_ text: String) -> Bool {
      let bytes = Array(text.utf8)
      return bytes.withUnsafeBufferPointer { buffer in
        var cursor = JSONCursor(buffer)
        return cursor.skipValue() && cursor.isAtEnd
      }
    }
    for good in ["0", "-1.5e+3", "2E-7", "true", "false", "null", #""\u00e9\n""#, #"[1,{"a":[]},"x"]"#, "{}"] {
      #expect(skips(good), "\(good)")
    }
    for bad in ["garbage", "007", "-", "1.", "1e", "tru", #""\q""#, #""\u12""#, "\"a", "[1,]", "{\"a\"}", "\"\u{1}\""] {
      #expect(!skips(bad), "\(bad)")
    }
    let readInt = { (text: String) -> Int? in
      Array(text.utf8).withUnsafeBufferPointer { buffer in
        var cursor = JSONCursor(buffer)
        return cursor.readInt()
      }
    }
    #expect(readInt("0") == 0 && readInt("-42") == -42 && readInt("007") == nil && readInt("1.5") == nil)
  }

  @Test("The cursor reads ASCII and UTF-8 strings as they are, and no string from bytes that are not UTF-8")
  func cursorReadsStrings() {
    let readString = { (bytes: [UInt8]) -> String? in
      bytes.withUnsafeBufferPointer { buffer in
        var cursor = JSONCursor(buffer)
        return cursor.readString()
      }
    }
    for text in ["", "Plain-1x_Name.png", "ü-é-日本", "emoji 😀"] {
      #expect(readString(Array("\"\(text)\"".utf8)) == text)
    }
    #expect(readString([0x22, 0x41, 0xFF, 0x22]) == nil)
    #expect(readString([0x22, 0xC3, 0x22]) == nil)
  }
}
