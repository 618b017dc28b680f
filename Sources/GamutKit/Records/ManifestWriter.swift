import Foundation

/// Writes `gamut-manifest.json` an asset and a color at a time: the same bytes as
/// ``XcodeJSONEncoder/prettyText(of:)`` gives for the whole manifest, without the whole manifest's text, or its
/// encoded tree, in memory.
///
/// The outer object comes from the encoder: the manifest without its assets and colors (the shell, whose summary
/// already counts them). Each asset is its stored compact JSON, and each color its record encoded alone, re-indented
/// to the depth it has in the manifest (``XcodeJSON/reindented(compact:indent:)``), a batch at a time on all cores
/// (``OrderedParallelEncoding``), so that a rerun that reuses most records neither decodes nor encodes them, and a
/// file of many colors never has all of them encoded at once. The file goes out through an ``AtomicFileWriter``,
/// which leaves an unchanged manifest untouched. Should the encoder lay the shell out in a way the splicing does
/// not recognise, the whole manifest is encoded at once instead.
enum ManifestWriter {
  /// The indentation of an element of the `assets` and `colors` arrays.
  private static let elementIndent = 4

  /// Writes the manifest `shell` (without assets) with `records` as its assets to `path` atomically, unless the
  /// file holds these bytes already.
  static func write(
    _ shell: CatalogManifest, records: [StoredRecord], to path: String, temporaryFolder: String? = nil
  ) throws(FileError) {
    try AtomicFileWriter.write(to: path, temporaryFolder: temporaryFolder, operation: "encode the manifest") { file in
      try stream(shell, records: records, path: path) { try file.write($0) }
    }
  }

  /// The SHA-256 of the encoding of the manifest `shell` (its assets left out): what, with the assets, decides its
  /// bytes. The encoding is hashed as it is made, never held whole.
  static func shellHash(_ shell: CatalogManifest, path: String) throws(FileError) -> String {
    var hasher = SHA256Hasher()
    do {
      try stream(shell, records: [], path: path) { bytes in
        bytes.withUnsafeBytes { hasher.update($0) }
      }
    } catch let error as FileError {
      throw error
    } catch {
      throw FileError(path: path, operation: "encode the manifest", reason: "\(error)")
    }
    return ContentHash.hex(hasher.finalize())
  }

  /// The manifest's bytes as one encoding gives them (for comparison in tests, and as the fallback).
  static func wholeEncoding(_ manifest: CatalogManifest, encoder: XcodeJSONEncoder) throws -> [UInt8] {
    try encoder.prettyBytes(of: manifest)
  }

  /// Hands the bytes of the manifest `shell` with `records` as its assets to `write`, piece by piece, in order.
  private static func stream(
    _ shell: CatalogManifest, records: [StoredRecord], path: String, write: ([UInt8]) throws -> Void
  ) throws {
    let encoder = XcodeJSONEncoder()
    var outer = shell
    outer.assets = []
    outer.colors = []
    let text: [UInt8]
    do {
      text = try encoder.prettyBytes(of: outer)
    } catch {
      throw FileError(path: path, operation: "encode the manifest", reason: "\(error)")
    }
    guard let assets = emptyArray("assets", in: text), let colors = emptyArray("colors", in: text),
      assets.upperBound <= colors.lowerBound
    else {
      var manifest = shell
      manifest.assets = try records.map { try $0.record() }
      try write(try wholeEncoding(manifest, encoder: encoder))
      return
    }
    let colorRecords = shell.colors
    try write(Array(text[..<assets.lowerBound]))
    try writeElements(count: records.count, empty: text[assets], write: write) { try records[$0].json() }
    try write(Array(text[assets.upperBound..<colors.lowerBound]))
    try writeElements(count: colorRecords.count, empty: text[colors], write: write) {
      try XcodeJSONEncoder().compactBytes(of: colorRecords[$0])
    }
    try write(Array(text[colors.upperBound...]))
  }

  /// Where the empty array under the top-level `key` of the encoded shell `text` lies, from just after its `[` up
  /// to and without its `]`; nil when the encoder's layout is not the one the splicing expects: the key at the
  /// outer object's indentation, `[`, then white space and `]`.
  private static func emptyArray(_ key: String, in text: [UInt8]) -> Range<Int>? {
    let opening = Array("\n  \"\(key)\" : [".utf8)
    guard let found = text.firstRange(of: opening),
      let end = text[found.upperBound...].firstIndex(where: { $0 != 0x0A && $0 != 0x20 }),
      text[end] == UInt8(ascii: "]")
    else { return nil }
    return found.upperBound..<end
  }

  /// Writes the `count` elements of an array, each the compact JSON `element` gives re-indented, in place of the
  /// white space `empty` that the encoder puts between the brackets of an empty array.
  private static func writeElements(
    count: Int, empty: ArraySlice<UInt8>, write: ([UInt8]) throws -> Void,
    element: @Sendable (Int) throws -> [UInt8]
  ) throws {
    if count == 0 {
      try write(Array(empty))
      return
    }
    try OrderedParallelEncoding.run(count: count) { range in
      var bytes: [UInt8] = []
      for index in range {
        bytes += index == 0 ? [0x0A] : Array(",\n".utf8)
        bytes += repeatElement(UInt8(ascii: " "), count: elementIndent)
        bytes += XcodeJSON.reindented(compact: try element(index)[...], indent: elementIndent)
      }
      return bytes
    } write: { bytes in
      try write(bytes)
    }
    try write(Array("\n  ".utf8))
  }
}
