import Dispatch
import Foundation
import Synchronization

/// What the previous build knew, kept in `.gamut-state.json` inside the catalog: enough to skip unchanged work.
/// Version 2 is JSON Lines (version 1 was one JSON object; a state of another version is ignored).
///
/// Sources are remembered with their size, modification time and inode, so that an unchanged file is recognised
/// without reading it; its content hash is reused. Each asset is remembered with the fingerprint of everything
/// that decides its output (source hashes, options, tool version) and the record the manifest shows for it, kept
/// as its compact JSON (``StoredRecord``): a line is read back with only what reusing it needs decoded, and an
/// unchanged record is written again as the same bytes.
package struct BuildState: Sendable, Equatable {
  /// Bumped when the state's meaning changes; a state with another version is ignored (a full build follows).
  static let currentVersion = 2
  /// The state file's name inside the catalog folder.
  package static let fileName = ".gamut-state.json"

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
  /// The asset folder (relative to the catalog) to the asset's last record.
  package var assets: [String: StoredRecord] = [:]
  /// Group folders (relative to the catalog) whose `Contents.json` this tool wrote.
  var groups: [String] = []
  /// Colorsets (relative to the catalog) whose `Contents.json` this tool wrote, with the color file each comes
  /// from; `nil` in states written before color sets existed.
  var colorSets: [String: String]?

  /// A line of the state file other than an asset's: the header (version, groups, colorsets, the manifest's
  /// stamp), or a source's record. An asset's line is `{"asset":` followed by the record's compact JSON and `}`.
  private struct Line: Codable {
    var version: Int?
    var groups: [String]?
    var manifest: ManifestStamp?
    var colorSets: [String: String]?
    var path: String?
    var source: SourceRecord?
  }

  /// What an asset's line starts with, before the record.
  private static let assetPrefix = Array(#"{"asset":"#.utf8)

  /// Reads the state of the catalog at `catalogPath`; an absent, unreadable or outdated state is an empty one.
  ///
  /// The file is JSON Lines: a header with the version, the groups and the manifest's stamp, then one line per
  /// asset and one per source. It is read a block at a time, each block's lines on all cores. An asset's record
  /// stays in the file, which is kept open (``StoredRecord``), with its essentials read out of it; a source's line
  /// is read with a ``JSONCursor`` too. Either falls back to `JSONDecoder` for a line laid out otherwise.
  package static func load(catalogPath: String) -> BuildState {
    let path = catalogPath + "/" + fileName
    guard let descriptor = try? FileDescriptor.open(path, .readOnly, options: [.noFollow]) else { return BuildState() }
    let file = RecordFile(descriptor)
    var state = BuildState()
    var parts: [Lines] = []
    var headerRead = false
    // Bytes read but not yet taken (a line cut by the end of a block), from file offset `pendingStart`.
    var pending: [UInt8] = []
    var pendingStart = 0
    while true {
      guard let block = try? file.read(upTo: blockSize, offset: pendingStart + pending.count) else {
        return BuildState()
      }
      pending += block
      // Whole lines only; at the end of the file, the last line too.
      let end = block.isEmpty ? pending.count : (pending.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0)
      var lines = pending[..<end]
      if !headerRead && !lines.isEmpty {
        let headerEnd = lines.firstIndex(of: UInt8(ascii: "\n")) ?? lines.endIndex
        guard let header = try? JSONDecoder().decode(Line.self, from: Data(lines[..<headerEnd])),
          header.version == currentVersion
        else { return BuildState() }
        state.groups = header.groups ?? []
        state.manifest = header.manifest
        state.colorSets = header.colorSets
        headerRead = true
        lines = lines[min(headerEnd + 1, lines.endIndex)...]
      }
      guard let runs = decodeLines(lines, at: pendingStart + lines.startIndex, in: file) else { return BuildState() }
      parts += runs
      pending.removeFirst(end)
      pendingStart += end
      if block.isEmpty { break }
    }
    guard headerRead else { return BuildState() }
    // Into the dictionaries once, at their final size, in the file's order (a key seen again takes the later line).
    state.assets.reserveCapacity(parts.reduce(0) { $0 + $1.assets.count })
    state.sources.reserveCapacity(parts.reduce(0) { $0 + $1.sources.count })
    for index in parts.indices {
      for (key, record) in parts[index].assets { state.assets[key] = record }
      for (path, source) in parts[index].sources { state.sources[path] = source }
      parts[index] = Lines()
    }
    return state
  }

  /// The assets and sources of a run of lines, in the order of the lines.
  private struct Lines {
    var assets: [(String, StoredRecord)] = []
    var sources: [(String, SourceRecord)] = []
  }

  /// The bytes read at once when loading a state: enough lines to share between cores, little memory.
  private static let blockSize = 1 << 22

  /// The assets and sources of whole lines of a state file, `lines` being the bytes at offset `offset` of `file`,
  /// read in a few runs of lines on all cores; nil when a line does not decode.
  private static func decodeLines(_ lines: ArraySlice<UInt8>, at offset: Int, in file: RecordFile) -> [Lines]? {
    var cuts = [lines.startIndex]
    let runs = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8))
    for run in 1..<runs {
      let target = max(cuts.last!, lines.startIndex + lines.count * run / runs)
      cuts.append(lines[target...].firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? lines.endIndex)
    }
    cuts.append(lines.endIndex)
    let parts = Mutex([Lines?](repeating: nil, count: runs))
    let bounds = cuts
    DispatchQueue.concurrentPerform(iterations: runs) { run in
      let range = bounds[run]..<max(bounds[run], bounds[run + 1])
      let part = decodeRun(lines[range], at: offset + range.lowerBound - lines.startIndex, in: file)
      parts.withLock { $0[run] = part }
    }
    let decoded = parts.withLock { $0 }
    guard decoded.allSatisfy({ $0 != nil }) else { return nil }
    return decoded.map { $0! }
  }

  /// The assets and sources of whole lines, `lines` being the bytes at offset `offset` of `file`; nil when a line
  /// does not decode.
  private static func decodeRun(_ lines: ArraySlice<UInt8>, at offset: Int, in file: RecordFile) -> Lines? {
    let decoder = JSONDecoder()
    var state = Lines()
    var lineStart = lines.startIndex
    while lineStart < lines.endIndex {
      let end = lines[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? lines.endIndex
      defer { lineStart = end + 1 }
      guard end > lineStart else { continue }
      let line = lines[lineStart..<end]
      if line.starts(with: assetPrefix) {
        let json = line.dropFirst(assetPrefix.count).dropLast()
        let jsonOffset = offset + json.startIndex - lines.startIndex
        guard line.last == UInt8(ascii: "}"),
          let record = try? json.withUnsafeBufferPointer({ bytes in
            try StoredRecord(in: file, offset: jsonOffset, bytes: bytes, decoder: decoder)
          })
        else { return nil }
        state.assets.append((record.key, record))
      } else if let (path, source) = line.withUnsafeBufferPointer(Self.scanSourceLine) {
        state.sources.append((path, source))
      } else {
        guard let line = try? decoder.decode(Line.self, from: Data(line)) else { return nil }
        if let path = line.path, let source = line.source { state.sources.append((path, source)) }
      }
    }
    return state
  }

  /// A source's line, `{"path":…,"source":{"contentHash":…,"inode":…,"modificationTime":…,"size":…}}`, read
  /// with a ``JSONCursor``; nil when it is laid out otherwise.
  private static func scanSourceLine(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, SourceRecord)? {
    var cursor = JSONCursor(bytes)
    var path: String?
    var (hash, inode, time, size): (String?, Int?, Int?, Int?)
    let complete = cursor.readObject { key, cursor in
      switch key {
      case "path":
        return cursor.readString(into: &path)
      case "source":
        return cursor.readObject { key, cursor in
          switch key {
          case "contentHash": cursor.readString(into: &hash)
          case "inode": cursor.readInt(into: &inode)
          case "modificationTime": cursor.readInt(into: &time)
          case "size": cursor.readInt(into: &size)
          default: false
          }
        }
      default:
        return false
      }
    }
    guard complete, cursor.isAtEnd, let path, let hash, let inode, inode >= 0, let time, let size else { return nil }
    return (path, SourceRecord(size: size, modificationTime: Int64(time), inode: UInt64(inode), contentHash: hash))
  }

  /// Writes the state into the catalog at `catalogPath`, lines encoded a batch at a time on all cores (sorted keys,
  /// assets and sources in sorted order, so an unchanged state has unchanged bytes, and the file is then left
  /// untouched).
  func write(catalogPath: String) throws(FileError) {
    let path = catalogPath + "/" + Self.fileName
    try AtomicFileWriter.write(to: path, operation: "encode the build state") { file in
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
          if index < assetKeys.count {
            bytes += Self.assetPrefix
            bytes += try assets[assetKeys[index]]!.json()
            bytes.append(UInt8(ascii: "}"))
          } else {
            let path = sourceKeys[index - assetKeys.count]
            bytes += try encoder.compactBytes(of: Line(path: path, source: sources[path]))
          }
          bytes.append(0x0A)
        }
        return bytes
      } write: { bytes in
        try file.write(bytes)
      }
    }
  }
}
