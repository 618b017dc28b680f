import Foundation

/// Writes `gamut-manifest.json` an asset at a time: the same bytes as ``XcodeJSONEncoder/prettyText(of:)`` gives
/// for the whole manifest, without the whole manifest's text, or its records, in memory.
///
/// The outer object comes from the encoder: the manifest without its assets (the shell, whose summary already
/// counts them). Each asset is its stored compact JSON re-indented to the depth it has in the manifest
/// (``XcodeJSON/reindented(compact:indent:)``), a batch of assets at a time on all cores
/// (``OrderedParallelEncoding``), so that a rerun that reuses most records neither decodes nor encodes them. The
/// file goes out through an ``AtomicFileWriter``, which leaves an unchanged manifest untouched. Should the
/// encoder lay the shell out in a way the splicing does not recognise, the whole manifest is encoded at once
/// instead.
enum ManifestWriter {
  private static let opening = Array("{\n  \"assets\" : [".utf8)
  /// The indentation of an asset object inside the `assets` array.
  private static let assetIndent = 4

  /// Writes the manifest `shell` (without assets) with `records` as its assets to `path` atomically, unless the
  /// file holds these bytes already.
  static func write(
    _ shell: CatalogManifest, records: [StoredRecord], to path: String, temporaryFolder: String? = nil
  ) throws(FileError) {
    let encoder = XcodeJSONEncoder()
    var outer = shell
    outer.assets = []
    let shellText: [UInt8]
    do {
      shellText = try encoder.prettyBytes(of: outer)
    } catch {
      throw FileError(path: path, operation: "encode the manifest", reason: "\(error)")
    }
    try AtomicFileWriter.write(to: path, temporaryFolder: temporaryFolder, operation: "encode the manifest") { file in
      if let end = assetsArrayEnd(in: shellText) {
        try writeSpliced(shellText, end: end, records: records, into: file)
      } else {
        var manifest = shell
        manifest.assets = try records.map { try $0.record() }
        try file.write(try wholeEncoding(manifest, encoder: encoder))
      }
    }
  }

  /// The SHA-256 of the encoding of the manifest `shell` (its assets left out): what, with the assets, decides its
  /// bytes.
  static func shellHash(_ shell: CatalogManifest, path: String) throws(FileError) -> String {
    var shell = shell
    shell.assets = []
    do {
      return ContentHash.of(try XcodeJSONEncoder().prettyBytes(of: shell))
    } catch {
      throw FileError(path: path, operation: "encode the manifest", reason: "\(error)")
    }
  }

  /// The manifest's bytes as one encoding gives them (for comparison in tests, and as the fallback).
  static func wholeEncoding(_ manifest: CatalogManifest, encoder: XcodeJSONEncoder) throws -> [UInt8] {
    try encoder.prettyBytes(of: manifest)
  }

  /// Where the empty assets array of the encoded shell `text` ends (its `]`); nil when the encoder's layout is not
  /// the one the splicing expects: `{\n  "assets" : [`, then white space and `]`.
  private static func assetsArrayEnd(in text: [UInt8]) -> Int? {
    guard text.starts(with: opening),
      let end = text[opening.count...].firstIndex(where: { $0 != 0x0A && $0 != 0x20 }),
      text[end] == UInt8(ascii: "]")
    else { return nil }
    return end
  }

  /// Writes the manifest's bytes asset by asset into `file`: the encoded shell `text` with the assets spliced in
  /// before `end`, the end of its empty assets array.
  private static func writeSpliced(
    _ text: [UInt8], end: Int, records: [StoredRecord], into file: AtomicFileWriter
  ) throws {
    if records.isEmpty {
      try file.write(text)
      return
    }
    try file.write(opening)
    try OrderedParallelEncoding.run(count: records.count) { range in
      var bytes: [UInt8] = []
      for index in range {
        bytes += index == 0 ? [0x0A] : Array(",\n".utf8)
        bytes += repeatElement(UInt8(ascii: " "), count: assetIndent)
        bytes += XcodeJSON.reindented(compact: try records[index].json()[...], indent: assetIndent)
      }
      return bytes
    } write: { bytes in
      try file.write(bytes)
    }
    try file.write(Array("\n  ".utf8) + Array(text[end...]))
  }
}
