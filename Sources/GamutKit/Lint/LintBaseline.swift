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

  /// The largest baseline read (its size is checked before a byte is read): some 400,000 findings.
  public static let maximumBytes = 64 << 20

  /// Reads a baseline file: a regular file of at most ``maximumBytes``, read by gamut's one JSON reader
  /// (``JSONNodeReader``: strict, a repeated key refused) into version 1 and its findings. Anything else is a
  /// ``FileError`` that names the file and, for a malformed one, the line.
  public init(contentsOf path: String) throws(FileError) {
    let bytes = try BoundedFile.read(path, limit: Self.maximumBytes, what: "the baseline", raisedBy: nil)
    func refuse(_ reason: String, line: Int) -> FileError {
      FileError(path: path, operation: "read the baseline", reason: "line \(line): \(reason)")
    }
    let document: JSONNode
    do throws(JSONNodeReader.Failure) {
      document = try JSONNodeReader.read(bytes)
    } catch {
      throw refuse("not JSON: \(error.reason)", line: error.line)
    }
    if let repeated = document.firstRepeatedKey() {
      throw refuse("the key \"\(QuotedValue.excerpt(repeated.key))\" is given twice", line: repeated.line)
    }
    guard document["version"]?.number == 1 else {
      throw refuse("not a version 1 baseline (a version gamut writes)", line: document["version"]?.line ?? 1)
    }
    guard let entries = document["findings"]?.elements else {
      throw refuse("no list of findings", line: document["findings"]?.line ?? 1)
    }
    findings = []
    for entry in entries {
      guard let code = entry["code"]?.string, let path = entry["path"]?.string, let hash = entry["hash"]?.string else {
        throw refuse("a finding without a string code, path and hash", line: entry.line)
      }
      findings.append(Entry(code: code, path: path, hash: hash))
    }
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
