import GamutKit

/// A finding in the one JSON shape every output of gamut shares: `code`, `line` (only when the finding points at a
/// line), `message`, `path` and `severity`, as ``GamutKit/Diagnostic`` encodes itself in the manifest and
/// `inspect --json`; a lint finding adds `assetPath` and `contentHash` (when its file has one). The line is never
/// part of the path.
struct FindingRecord: Encodable, Sendable {
  var diagnostic: Diagnostic
  /// Where a lint finding is inside its catalog (``GamutKit/LintFinding/assetPath``).
  var assetPath: String?
  /// The content hash of a lint finding's file (``GamutKit/LintFinding/contentHash``).
  var contentHash: String?

  init(_ diagnostic: Diagnostic) {
    self.diagnostic = diagnostic
  }

  init(_ finding: LintFinding) {
    diagnostic = finding.diagnostic
    assetPath = finding.assetPath
    contentHash = finding.contentHash
  }

  /// The baseline key of a lint finding (code, asset path, content hash), nil for other findings.
  var baselineKey: String? {
    assetPath.map { "\(diagnostic.code.rawValue):\($0):\(contentHash ?? "")" }
  }

  private enum CodingKeys: String, CodingKey {
    case code, line, message, path, severity, assetPath, contentHash
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(diagnostic.code, forKey: .code)
    try container.encodeIfPresent(diagnostic.line, forKey: .line)
    try container.encode(diagnostic.message, forKey: .message)
    try container.encode(diagnostic.path, forKey: .path)
    try container.encode(diagnostic.severity, forKey: .severity)
    try container.encodeIfPresent(assetPath, forKey: .assetPath)
    try container.encodeIfPresent(contentHash, forKey: .contentHash)
  }
}
