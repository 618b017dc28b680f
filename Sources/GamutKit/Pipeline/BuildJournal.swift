import Foundation
import Synchronization

/// An append-only record of the assets a build has finished, so that a build killed half-way loses no work: the
/// next build replays it over the saved state and reuses those assets instead of redoing them.
///
/// One JSON object per line in `.gamut-journal` inside the catalog, appended after the asset's files are in place.
/// A line cut short by a kill is ignored. The build removes the journal once its state is saved.
final class BuildJournal: Sendable {
  static let fileName = ".gamut-journal"

  struct Entry: Codable {
    var record: AssetRecord
    var sources: [String: BuildState.SourceRecord]
  }

  private let path: String
  /// The journal, opened by the first append.
  private let descriptor: Mutex<FileDescriptor?>

  init(catalogPath: String) {
    path = catalogPath + "/" + Self.fileName
    descriptor = Mutex(nil)
  }

  deinit {
    descriptor.withLock { try? $0?.close() }
  }

  /// Adds the state of the journal at `catalogPath`, if any, to `state`; whether there was a journal.
  @discardableResult
  static func replay(catalogPath: String, into state: inout BuildState) -> Bool {
    guard let data = FileManager.default.contents(atPath: catalogPath + "/" + fileName) else { return false }
    let decoder = JSONDecoder()
    for line in data.split(separator: UInt8(ascii: "\n")) {
      guard let entry = try? decoder.decode(Entry.self, from: Data(line)) else { continue }
      state.assets[entry.record.imageSet] = entry.record
      state.sources.merge(entry.sources) { _, new in new }
    }
    return true
  }

  /// Appends a finished asset (one `write`, so lines from parallel workers never interleave); the file is created
  /// on the first one.
  func append(_ record: AssetRecord, sources: [String: BuildState.SourceRecord]) {
    guard var line = try? XcodeJSONEncoder().compactBytes(of: Entry(record: record, sources: sources)) else { return }
    line.append(0x0A)
    descriptor.withLock { file in
      if file == nil { file = try? FileDescriptor.open(path, .writeOnly, options: [.create, .append, .noFollow]) }
      guard let file else { return }
      line.withUnsafeBytes { try? file.writeAll($0) }
    }
  }

  /// Removes the journal: its content is in the saved state now.
  func remove() {
    FileSystem.removeFile(path)
  }
}
