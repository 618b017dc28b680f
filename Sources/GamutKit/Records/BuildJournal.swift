import Foundation
import Synchronization

/// An append-only record of the assets a build has finished, so that a build killed half-way loses no work: the
/// next build replays it over the saved state and reuses those assets instead of redoing them.
///
/// One JSON object per line in `.gamut-journal` inside the catalog, appended after the asset's files are in place.
/// A line cut short by a kill is ignored. The build removes the journal once its state is saved.
final class BuildJournal: Sendable {
  static let fileName = ".gamut-journal"

  /// A line as it is read back.
  private struct Entry: Decodable {
    var record: AssetRecord
    var sources: [String: BuildState.SourceRecord]
  }

  private let path: String
  /// The journal, opened by the first append, with its size (where the next line goes); `failed` once a write
  /// failed, after which nothing more is journaled (a partly written line would put later records at the wrong
  /// offsets).
  private let file: Mutex<(journal: RecordFile, writer: FileDescriptor, size: Int)?>
  private let failed = Mutex(false)

  init(catalogPath: String) {
    path = catalogPath + "/" + Self.fileName
    file = Mutex(nil)
  }

  deinit {
    file.withLock { try? $0?.writer.close() }
  }

  /// Adds the state of the journal at `catalogPath`, if any, to `state`; whether there was a journal.
  @discardableResult
  static func replay(catalogPath: String, into state: inout BuildState) -> Bool {
    guard let data = FileManager.default.contents(atPath: catalogPath + "/" + fileName) else { return false }
    let decoder = JSONDecoder()
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let entry = try? decoder.decode(Entry.self, from: Data(line)),
        let record = try? StoredRecord(entry.record)
      else { continue }
      state.assets[record.key] = record
      state.sources.merge(entry.sources) { _, new in new }
    }
    return true
  }

  /// Appends a finished asset (one `write`, so lines from parallel workers never interleave); the file is created
  /// on the first one. Returns the record with its JSON now read from the journal, so that it is not kept in
  /// memory, or as it was when it could not be written.
  func append(_ record: StoredRecord, sources: [String: BuildState.SourceRecord]) -> StoredRecord {
    // `{"record":<record>,"sources":<sources>}`, keys in order, the record's JSON as it is.
    guard let json = try? record.json(), let sources = try? XcodeJSONEncoder().compactBytes(of: sources) else {
      return record
    }
    let prefix = Array(#"{"record":"#.utf8)
    let line = prefix + json + Array(#","sources":"#.utf8) + sources + Array("}\n".utf8)
    return file.withLock { file in
      guard !failed.withLock({ $0 }) else { return record }
      if file == nil, let writer = try? FileDescriptor.open(path, .writeOnly, options: [.create, .append, .noFollow]) {
        if let reader = try? FileDescriptor.open(path, .readOnly, options: [.noFollow]) {
          file = (RecordFile(reader), writer, (try? FileStatus(descriptor: writer).size) ?? 0)
        } else {
          try? writer.close()
        }
      }
      guard let opened = file else { return record }
      guard (try? line.withUnsafeBytes { try opened.writer.writeAll($0) }) != nil else {
        failed.withLock { $0 = true }
        return record
      }
      file?.size += line.count
      return record.moved(to: opened.journal, offset: opened.size + prefix.count)
    }
  }

  /// Removes the journal: its content is in the saved state now.
  func remove() {
    FileSystem.removeFile(path)
  }
}
