import Foundation

/// What the previous build knew, kept in `.gamut-state.json` inside the catalog: enough to skip unchanged work.
///
/// Sources are remembered with their size, modification time and inode, so that an unchanged file is recognised
/// without reading it; its content hash is reused. Each asset is remembered with the fingerprint of everything
/// that decides its output (source hashes, options, tool version) and the record the manifest shows for it.
struct BuildState: Codable, Sendable, Equatable {
  /// Bumped when the state's meaning changes; a state with another version is ignored (a full build follows).
  static let currentVersion = 1
  /// The state file's name inside the catalog folder.
  static let fileName = ".gamut-state.json"

  struct SourceRecord: Codable, Sendable, Equatable {
    var size: Int
    var modificationTime: Int64
    var inode: UInt64
    var contentHash: String
  }

  var version = Self.currentVersion
  /// Source path (relative to the source folder) to what it was when last hashed.
  var sources: [String: SourceRecord] = [:]
  /// Qualified asset name to the asset's last result.
  var assets: [String: AssetRecord] = [:]
  /// Group folders (relative to the catalog) whose `Contents.json` this tool wrote.
  var groups: [String] = []

  /// Reads the state of the catalog at `catalogPath`; an absent, unreadable or outdated state is an empty one.
  static func load(catalogPath: String) -> BuildState {
    guard let data = FileManager.default.contents(atPath: catalogPath + "/" + fileName),
      let state = try? JSONDecoder().decode(BuildState.self, from: data), state.version == currentVersion
    else { return BuildState() }
    return state
  }

  /// The state's bytes: sorted keys, so an unchanged state is byte-identical and need not be rewritten.
  func encoded() throws -> [UInt8] {
    Array(try XcodeJSONEncoder().compactText(of: self).utf8)
  }
}
