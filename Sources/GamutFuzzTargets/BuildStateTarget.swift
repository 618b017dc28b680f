import Foundation
internal import GamutKit

/// Fuzz body for a build state read back (`.gamut-state.json` in a catalog): its JSON Lines, the cursor that reads
/// the records' essentials and the sources' lines, the decoder it falls back to, and the records' JSON re-indented
/// for the manifest.
public enum BuildStateTarget {
  /// A catalog folder of this process's own, whose state file each input replaces.
  private static let catalog: String = {
    let folder = NSTemporaryDirectory() + "gamut-fuzz-state-\(ProcessInfo.processInfo.processIdentifier)"
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
  }()

  /// Reads `bytes` back as a state. Every record it keeps must be readable from the file it came from, and its
  /// JSON must re-indent; a record whose fields do not decode is an answer, not a finding.
  public static func run(_ bytes: [UInt8]) {
    let path = catalog + "/" + BuildState.fileName
    guard FileManager.default.createFile(atPath: path, contents: Data(bytes)) else { return }
    let state = BuildState.load(catalogPath: catalog)
    for record in state.assets.values {
      guard let json = try? record.json() else { preconditionFailure("a record read back cannot be read again") }
      _ = XcodeJSON.reindented(compact: json[...], indent: 4)
      _ = try? record.record()
    }
  }
}
