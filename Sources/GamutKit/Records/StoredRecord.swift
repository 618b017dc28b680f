import Foundation

/// An asset's record as a build keeps it: the record's compact JSON, which the state, the journal and the manifest
/// are written from, with what a build needs of it decoded beside it. The JSON stays in the file it was read from
/// or journaled into (``RecordFile``), so that memory holds only the essentials of a large catalog's records.
///
/// A rerun reuses most records as they were. Decoding every record in full, and encoding it twice again for the
/// state and the manifest, was most of the time of a rerun of a large catalog; reused records are only copied
/// (into the state) and re-indented (into the manifest), and decoded in full only when an asset is rebuilt or a
/// caller asks for the manifest's records (``BuildReport/manifest``).
package struct StoredRecord: Sendable, Equatable {
  /// What a build reads of a record without decoding the rest: what deciding to reuse it, removing its files and
  /// summing up the catalog take.
  struct Essentials: Sendable {
    /// One file of the record.
    struct Output: Sendable {
      var file: String
      var bytes: Int
    }

    typealias Status = AssetRecord.Status

    var name: String
    var group: String
    var imageSet: String
    var status: Status
    var renditions: [Output]
    var pairCount: Int
    var diagnostics: [Diagnostic]
    var fingerprint: String

    /// Reads the essentials out of a record's compact JSON with a ``JSONCursor``; nil when the JSON is not laid
    /// out as gamut writes it (each key once, the lists present; the caller then decodes the whole record).
    init?(scanning bytes: UnsafeBufferPointer<UInt8>) {
      var (name, group, imageSet, status, fingerprint): (String?, String?, String?, Status?, String?)
      var renditions: [Output] = []
      var pairCount = 0
      var diagnostics: [Diagnostic]?
      // The keys read so far: those gamut writes by their bit, any other by name.
      var (seenKeys, seenOthers): (UInt16, Set<String>) = (0, [])
      var (hasRenditions, hasPairs) = (false, false)
      var cursor = JSONCursor(bytes)
      let complete = cursor.readObject { key, cursor in
        // Each key once, as gamut writes them.
        if let bit = Self.keyBit(key) {
          guard seenKeys & bit == 0 else { return false }
          seenKeys |= bit
        } else {
          guard seenOthers.insert(key).inserted else { return false }
        }
        switch key {
        case "name": return cursor.readString(into: &name)
        case "group": return cursor.readString(into: &group)
        case "imageSet": return cursor.readString(into: &imageSet)
        case "fingerprint": return cursor.readString(into: &fingerprint)
        case "status":
          status = cursor.readString().flatMap(Status.init(rawValue:))
          return status != nil
        case "renditions":
          hasRenditions = true
          return Self.readRenditions(&cursor, into: &renditions)
        case "pairs":
          hasPairs = true
          return cursor.readArray { cursor in
            pairCount += 1
            return cursor.skipValue()
          }
        case "diagnostics":
          diagnostics = Self.readDiagnostics(&cursor)
          return diagnostics != nil
        default:
          return cursor.skipValue()
        }
      }
      guard complete, cursor.isAtEnd, hasRenditions, hasPairs, let name, let group, let imageSet, let status,
        let fingerprint, let diagnostics
      else { return nil }
      self.name = name
      self.group = group
      self.imageSet = imageSet
      self.status = status
      self.renditions = renditions
      self.pairCount = pairCount
      self.diagnostics = diagnostics
      self.fingerprint = fingerprint
    }

    /// A bit for each key of a record (``AssetRecord``'s), without hashing the key; nil for any other key.
    private static func keyBit(_ key: String) -> UInt16? {
      switch key {
      case "name": 1
      case "group": 2
      case "imageSet": 4
      case "fingerprint": 8
      case "status": 16
      case "renditions": 32
      case "pairs": 64
      case "diagnostics": 128
      case "clipping": 256
      case "template": 512
      case "kind": 1024
      default: nil
      }
    }

    /// Reads the `renditions` list at `cursor` into `renditions`; false when a rendition lacks its file or size.
    private static func readRenditions(_ cursor: inout JSONCursor, into renditions: inout [Output]) -> Bool {
      cursor.readArray { cursor in
        var (file, size): (String?, Int?)
        let read = cursor.readObject { key, cursor in
          switch key {
          case "file": cursor.readString(into: &file)
          case "bytes": cursor.readInt(into: &size)
          default: cursor.skipValue()
          }
        }
        guard read, let file, let size else { return false }
        renditions.append(Output(file: file, bytes: size))
        return true
      }
    }

    /// Reads the `diagnostics` list at `cursor`: usually empty; findings go through their own decoder.
    private static func readDiagnostics(_ cursor: inout JSONCursor) -> [Diagnostic]? {
      guard let raw = cursor.valueBytes() else { return nil }
      return raw.elementsEqual("[]".utf8) ? [] : try? JSONDecoder().decode([Diagnostic].self, from: Data(raw))
    }

    init(_ record: AssetRecord) {
      name = record.name
      group = record.group
      imageSet = record.imageSet
      status = record.status
      renditions = record.renditions.map { Output(file: $0.file, bytes: $0.bytes) }
      pairCount = record.pairs.count
      diagnostics = record.diagnostics
      fingerprint = record.fingerprint
    }
  }

  /// Where the record's JSON is.
  private enum Storage: Sendable {
    /// In memory: a record just made, not yet in the journal.
    case bytes([UInt8])
    /// In a file (the previous state or this build's journal): a record read back or journaled, so that memory
    /// holds the essentials of a large catalog's records but not their JSON.
    case file(RecordFile, offset: Int, count: Int)
  }

  private let storage: Storage
  /// What a build needs of it.
  let essentials: Essentials

  /// The stored form of a record just made.
  init(_ record: AssetRecord) throws {
    storage = .bytes(try XcodeJSONEncoder().compactBytes(of: record))
    essentials = Essentials(record)
  }

  /// A record in `file`, `count` bytes at `offset`, whose JSON `bytes` (those bytes, read) give its essentials,
  /// read with a ``JSONCursor``. JSON the cursor does not recognise as gamut's own layout is decoded in full and
  /// kept encoded again, so that only gamut's layout is ever copied into the state and the manifest.
  init(
    in file: RecordFile, offset: Int, bytes: UnsafeBufferPointer<UInt8>, decoder: JSONDecoder
  ) throws {
    if let essentials = Essentials(scanning: bytes) {
      self.init(storage: .file(file, offset: offset, count: bytes.count), essentials: essentials)
    } else {
      try self.init(decoder.decode(AssetRecord.self, from: Data(bytes)))
    }
  }

  /// The same record, its JSON now read from `file` at `offset` instead of kept in memory.
  func moved(to file: RecordFile, offset: Int) -> StoredRecord {
    guard case .bytes(let bytes) = storage else { return self }
    return StoredRecord(storage: .file(file, offset: offset, count: bytes.count), essentials: essentials)
  }

  private init(storage: Storage, essentials: Essentials) {
    self.storage = storage
    self.essentials = essentials
  }

  /// The record as ``XcodeJSONEncoder/compactBytes(of:)`` writes it.
  /// - Throws: `Errno` when its file cannot be read.
  package func json() throws(Errno) -> [UInt8] {
    switch storage {
    case .bytes(let bytes): bytes
    case .file(let file, let offset, let count): try file.read(offset: offset, count: count)
    }
  }

  /// The whole record, decoded.
  package func record() throws -> AssetRecord {
    try JSONDecoder().decode(AssetRecord.self, from: Data(try json()))
  }

  /// The folder the record describes, relative to the catalog: the key of the state's records.
  var key: String { essentials.imageSet }

  /// Two stored records are equal when their JSON is (encoding is deterministic, so equal records have equal
  /// bytes). Two records of one file are equal when they are the same bytes of it (a file holds one line per
  /// asset, so two places in it are two assets); otherwise both are read. A record that cannot be read equals
  /// nothing.
  package static func == (lhs: StoredRecord, rhs: StoredRecord) -> Bool {
    if case .file(let left, let leftOffset, let leftCount) = lhs.storage,
      case .file(let right, let rightOffset, let rightCount) = rhs.storage, left === right
    {
      return leftOffset == rightOffset && leftCount == rightCount
    }
    guard let left = try? lhs.json(), let right = try? rhs.json() else { return false }
    return left == right
  }
}
