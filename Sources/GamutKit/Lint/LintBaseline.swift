import Foundation

/// Known findings a team accepts while it adopts lint on an old catalog: `--write-baseline` records them and
/// `--baseline` leaves them out, so only new ones fail. An entry is keyed on the code, the asset path and the
/// content hash of the file; a finding whose file changes is new again.
public struct LintBaseline: Sendable, Equatable, Codable {
  /// One accepted finding.
  public struct Entry: Sendable, Hashable, Codable, Comparable {
    public var code: String
    public var path: String
    public var hash: String

    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.code, lhs.hash) < (rhs.path, rhs.code, rhs.hash)
    }
  }

  /// The format's version.
  public var version = 1
  public var findings: [Entry]

  /// A baseline of `findings`, sorted, each key once.
  public init(_ findings: [LintFinding]) {
    self.findings = Set(findings.map(\.baselineKey)).sorted()
  }

  /// Reads a baseline file.
  public init(contentsOf path: String) throws {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw FileError(path: path, operation: "read the baseline", reason: "it cannot be read")
    }
    self = try JSONDecoder().decode(Self.self, from: data)
  }

  /// The JSON text, keys sorted, one entry per line group.
  public var text: String {
    XcodeJSON.object([
      "version": .integer(version),
      "findings": .array(
        findings.map { .object(["code": .string($0.code), "path": .string($0.path), "hash": .string($0.hash)]) }),
    ]).rendered()
  }

  /// `result` without the findings this baseline accepts.
  public func filter(_ result: LintResult) -> LintResult {
    let accepted = Set(findings)
    var filtered = result
    filtered.findings = result.findings.filter { !accepted.contains($0.baselineKey) }
    filtered.baselined = result.findings.count - filtered.findings.count
    return filtered
  }
}
