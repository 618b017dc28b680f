import Dispatch
import Foundation
import Synchronization

/// What the previous build knew, kept in `.gamut-state.json` inside the catalog: enough to skip unchanged work.
/// Version 2 is JSON Lines (version 1 was one JSON object; a state of another version is ignored).
///
/// Sources are remembered with their size, modification time and inode, so that an unchanged file is recognised
/// without reading it; its content hash is reused. Each asset is remembered with the fingerprint of everything
/// that decides its output (source hashes, options, tool version) and the record the manifest shows for it.
struct BuildState: Codable, Sendable, Equatable {
  /// Bumped when the state's meaning changes; a state with another version is ignored (a full build follows).
  static let currentVersion = 2
  /// The state file's name inside the catalog folder.
  static let fileName = ".gamut-state.json"

  struct SourceRecord: Codable, Sendable, Equatable {
    var size: Int
    var modificationTime: Int64
    var inode: UInt64
    var contentHash: String
  }

  /// The manifest as this build wrote it: enough to know, without encoding it, that an unchanged catalog's
  /// manifest would be written with the same bytes and is still in place. Only hashes of content, so that two
  /// builds of the same sources write the same state.
  struct ManifestStamp: Codable, Sendable, Equatable {
    /// The SHA-256 of the manifest's bytes without its assets (catalog name, options, general findings, summary).
    var shellHash: String
    /// The SHA-256 of the manifest's bytes.
    var hash: String
  }

  var version = Self.currentVersion
  /// The manifest written with this state.
  var manifest: ManifestStamp?
  /// Source path (relative to the source folder) to what it was when last hashed.
  var sources: [String: SourceRecord] = [:]
  /// Qualified asset name to the asset's last result.
  var assets: [String: AssetRecord] = [:]
  /// Group folders (relative to the catalog) whose `Contents.json` this tool wrote.
  var groups: [String] = []
  /// Colorsets (relative to the catalog) whose `Contents.json` this tool wrote, with the color file each comes
  /// from; `nil` in states written before color sets existed.
  var colorSets: [String: String]?

  /// One line of the state file: the header (version, groups, colorsets), an asset's record, or a source's record.
  private struct Line: Codable {
    var version: Int?
    var groups: [String]?
    var manifest: ManifestStamp?
    var colorSets: [String: String]?
    var asset: AssetRecord?
    var path: String?
    var source: SourceRecord?
  }

  /// Reads the state of the catalog at `catalogPath`; an absent, unreadable or outdated state is an empty one.
  ///
  /// The file is JSON Lines: a header with the version, the groups and the manifest's stamp, then one line per
  /// asset and one per source. Lines are decoded one at a time (a run of lines per core), so that a catalog of
  /// many assets never has the whole file's decoding in memory at once.
  static func load(catalogPath: String) -> BuildState {
    guard let data = FileManager.default.contents(atPath: catalogPath + "/" + fileName),
      let headerEnd = data.firstIndex(of: UInt8(ascii: "\n")),
      let header = try? JSONDecoder().decode(Line.self, from: data[data.startIndex..<headerEnd]),
      header.version == currentVersion
    else { return BuildState() }
    // The lines after the header, decoded in a few runs of whole lines at once on all cores.
    var cuts = [headerEnd + 1]
    let runs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    for run in 1..<runs {
      let target = max(cuts.last!, headerEnd + 1 + (data.endIndex - headerEnd - 1) * run / runs)
      cuts.append(data[target...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? data.endIndex)
    }
    cuts.append(data.endIndex)
    let parts = Mutex([BuildState?](repeating: nil, count: runs))
    let bounds = cuts
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      let part = decodeLines(data[bounds[run]..<max(bounds[run], bounds[run + 1])])
      parts.withLock { $0[run] = part }
    }
    var state = BuildState()
    state.groups = header.groups ?? []
    state.manifest = header.manifest
    state.colorSets = header.colorSets
    for part in parts.withLock({ $0 }) {
      guard let part else { return BuildState() }
      state.assets.merge(part.assets) { _, new in new }
      state.sources.merge(part.sources) { _, new in new }
    }
    return state
  }

  /// The assets and sources of whole lines of a state file; nil when a line does not decode.
  private static func decodeLines(_ data: Data) -> BuildState? {
    let decoder = JSONDecoder()
    var state = BuildState()
    var start = data.startIndex
    while start < data.endIndex {
      let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
      defer { start = end + 1 }
      guard end > start else { continue }
      guard let line = try? decoder.decode(Line.self, from: data[start..<end]) else { return nil }
      if let asset = line.asset {
        state.assets[asset.imageSet] = asset
      } else if let path = line.path, let source = line.source {
        state.sources[path] = source
      }
    }
    return state
  }

  /// Writes the state into the catalog at `catalogPath`, lines encoded a batch at a time on all cores (sorted keys,
  /// assets and sources in sorted order, so an unchanged state has unchanged bytes, and the file is then left
  /// untouched).
  func write(catalogPath: String) throws(FileError) {
    let path = catalogPath + "/" + Self.fileName
    let file = try AtomicFileWriter(for: path)
    do {
      let header = Line(version: version, groups: groups, manifest: manifest, colorSets: colorSets)
      try file.write(try XcodeJSONEncoder().compactBytes(of: header) + [0x0A])
      // Keys only: the lines are made as they are encoded, not held all at once.
      let assetKeys = assets.keys.sorted()
      let sourceKeys = sources.keys.sorted()
      let (assets, sources) = (assets, sources)
      try OrderedParallelEncoding.run(count: assetKeys.count + sourceKeys.count) { range in
        let encoder = XcodeJSONEncoder()
        var bytes: [UInt8] = []
        for index in range {
          let line =
            index < assetKeys.count
            ? Line(asset: assets[assetKeys[index]])
            : Line(path: sourceKeys[index - assetKeys.count], source: sources[sourceKeys[index - assetKeys.count]])
          bytes += try encoder.compactBytes(of: line)
          bytes.append(0x0A)
        }
        return bytes
      } write: { bytes in
        try file.write(bytes)
      }
      try file.commit(to: path)
    } catch let error as FileError {
      file.discard()
      throw error
    } catch {
      file.discard()
      throw FileError(path: path, operation: "encode the build state", reason: "\(error)")
    }
  }
}
