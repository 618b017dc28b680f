import Foundation

/// Writes `gamut-manifest.json` an asset at a time: the same bytes as ``XcodeJSONEncoder/prettyText(of:)`` gives
/// for the whole manifest, without the whole manifest's text in memory.
///
/// Encoding a catalog of 20,000 assets at once holds the encoder's tree of every value and the whole text (about
/// 30 MB) at the same time; here the assets are encoded a batch at a time on all cores
/// (``OrderedParallelEncoding``), and the file goes out through an ``AtomicFileWriter``, which leaves an unchanged
/// manifest untouched.
///
/// The outer object comes from the encoder too: the manifest is encoded without its assets, and each asset inside
/// a one-key object `{"assets" : [asset]}`, which puts it at the depth it has in the manifest. Should the encoder
/// lay these out in a way the splicing does not recognise, the whole manifest is encoded at once instead.
enum ManifestWriter {
  /// An object whose only key sorts and nests like the manifest's `assets`.
  private struct AssetsOnly: Encodable {
    var assets: [AssetRecord]
  }

  private static let opening = Array("{\n  \"assets\" : [".utf8)
  private static let closing = Array("\n  ]\n}\n".utf8)

  /// Writes `manifest` to `path` atomically, unless the file holds these bytes already.
  static func write(
    _ manifest: CatalogManifest, to path: String, temporaryFolder: String? = nil
  ) throws(FileError) {
    let encoder = XcodeJSONEncoder()
    var file = try AtomicFileWriter(for: path, temporaryFolder: temporaryFolder)
    do {
      do {
        try writeSpliced(manifest, encoder: encoder, into: file)
      } catch is LayoutChanged {
        file.discard()
        file = try AtomicFileWriter(for: path, temporaryFolder: temporaryFolder)
        try file.write(try wholeEncoding(manifest, encoder: encoder))
      }
      try file.commit(to: path)
    } catch let error as FileError {
      file.discard()
      throw error
    } catch {
      file.discard()
      throw FileError(path: path, operation: "encode the manifest", reason: "\(error)")
    }
  }

  /// The SHA-256 of the manifest's encoding without its assets: what, with the assets, decides its bytes.
  static func shellHash(_ manifest: CatalogManifest, path: String) throws(FileError) -> String {
    var shell = manifest
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

  /// Writes the manifest's bytes asset by asset into `file`; throws ``LayoutChanged`` when the encoder's layout is
  /// not the one the splicing expects.
  private static func writeSpliced(
    _ manifest: CatalogManifest, encoder: XcodeJSONEncoder, into file: AtomicFileWriter
  )
    throws
  {
    var outer = manifest
    outer.assets = []
    let shell = try encoder.prettyBytes(of: outer)
    // The shell starts with the empty assets array: `{\n  "assets" : [` then white space and `]`.
    guard shell.starts(with: opening),
      let end = shell[opening.count...].firstIndex(where: { $0 != 0x0A && $0 != 0x20 }),
      shell[end] == UInt8(ascii: "]")
    else { throw LayoutChanged() }
    if manifest.assets.isEmpty {
      try file.write(shell)
      return
    }
    try file.write(opening)
    let assets = manifest.assets
    try OrderedParallelEncoding.run(count: assets.count) { range in
      let encoder = XcodeJSONEncoder()
      var bytes: [UInt8] = []
      for index in range {
        let wrapped = try encoder.prettyBytes(of: AssetsOnly(assets: [assets[index]]))
        guard wrapped.starts(with: opening + [0x0A]), wrapped.count > opening.count + 1 + closing.count,
          wrapped.suffix(closing.count).elementsEqual(closing)
        else { throw LayoutChanged() }
        bytes += index == 0 ? [0x0A] : Array(",\n".utf8)
        bytes += wrapped[(opening.count + 1)..<(wrapped.count - closing.count)]
      }
      return bytes
    } write: { bytes in
      try file.write(bytes)
    }
    try file.write(Array("\n  ".utf8) + Array(shell[end...]))
  }

  /// The encoder laid out an asset in a way the splicing does not recognise.
  private struct LayoutChanged: Error {}
}
