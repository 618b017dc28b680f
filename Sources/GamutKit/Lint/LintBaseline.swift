import Foundation

/// Known findings a team accepts while it adopts lint on an old catalog: `--write-baseline` records them and
/// `--baseline` leaves them out, so only new ones fail. An entry is keyed on the code, the asset path and the
/// content hash of the file; a finding whose file changes is new again.
public struct LintBaseline: Sendable, Equatable {
  /// One accepted finding.
  public struct Entry: Sendable, Hashable, Comparable {
    public var code: String
    public var path: String
    public var hash: String

    public static func < (lhs: Self, rhs: Self) -> Bool {
      (lhs.path, lhs.code, lhs.hash) < (rhs.path, rhs.code, rhs.hash)
    }
  }

  /// Why a baseline file cannot be used: its path, the line of the problem when it has one, and what is wrong.
  public struct ReadError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var line: Int?
    public var reason: String

    /// `path:line: error: cannot read the baseline: reason`, the form of a finding.
    public var description: String {
      Diagnostic.text(path: path, line: line, severity: .error, message: "cannot read the baseline: \(reason)")
    }
  }

  /// The format's version, the only one gamut reads and writes.
  public static let formatVersion = 1
  /// The format's version.
  public var version = Self.formatVersion
  public var findings: [Entry]

  /// A baseline of `findings`, sorted, each key once.
  public init(_ findings: [LintFinding]) {
    self.findings = Set(findings.map(\.baselineKey)).sorted()
  }

  /// Reads a baseline file (`bytes(at:)`), checking its JSON and shape; each problem names its line.
  public init(contentsOf path: String) throws(ReadError) {
    let bytes: [UInt8]
    do {
      bytes = try Self.bytes(at: path)
    } catch {
      throw ReadError(path: path, line: nil, reason: error.reason)
    }
    try self.init(bytes: bytes, path: path)
  }

  /// The largest baseline read (its size is checked before a byte is read): some 400,000 findings.
  package static let maximumBytes = 64 << 20

  /// The bytes of the baseline file at `path`, its one read: a FIFO, device or folder is refused without being
  /// read, and so is a file over ``maximumBytes`` (a 4 GB baseline took 4.2 GB of memory).
  static func bytes(at path: String) throws(FileError) -> [UInt8] {
    try BoundedFile.read(path, limit: maximumBytes, what: "the baseline", raisedBy: nil)
  }

  /// A baseline from the bytes of a file (`path` names it in errors), read as strict JSON (``JSONNodeReader``): one
  /// object with `version` 1 and `findings`, an array of `{ code, path, hash }` objects; a repeated key, a trailing
  /// comma, another version or another shape is an error at its line.
  init(bytes: [UInt8], path: String) throws(ReadError) {
    func problem(_ line: Int?, _ reason: String) -> ReadError { ReadError(path: path, line: line, reason: reason) }
    let root: JSONNode
    do throws(JSONNodeReader.Failure) {
      root = try JSONNodeReader.read(bytes)
    } catch {
      throw problem(error.line, "not JSON: \(error.reason)")
    }
    if let repeated = root.firstRepeatedKey() {
      throw problem(repeated.line, "the key \(QuotedValue.quote(repeated.key)) appears more than once in an object")
    }
    guard root.members != nil else { throw problem(root.line, "expected an object, not \(root.kindName)") }
    guard let version = root["version"] else { throw problem(root.line, "no \"version\"") }
    guard case .number(let text) = version.value, text == "\(Self.formatVersion)" else {
      throw problem(
        version.line, "version \(Self.text(of: version)) is not one this gamut reads (\(Self.formatVersion))")
    }
    guard let list = root["findings"] else { throw problem(root.line, "no \"findings\"") }
    guard let elements = list.elements else {
      throw problem(list.line, "\"findings\" should be an array, not \(list.kindName)")
    }
    findings = []
    for element in elements {
      findings.append(try Self.entry(element, problem: problem))
    }
  }

  /// One entry: an object with the strings `code`, `path` and `hash`.
  private static func entry(_ node: JSONNode, problem: (Int?, String) -> ReadError) throws(ReadError) -> Entry {
    guard node.members != nil else { throw problem(node.line, "an entry should be an object, not \(node.kindName)") }
    var values: [String] = []
    for key in ["code", "path", "hash"] {
      guard let value = node[key] else { throw problem(node.line, "an entry has no \"\(key)\"") }
      guard let text = value.string else {
        throw problem(value.line, "\"\(key)\" should be a string, not \(value.kindName)")
      }
      values.append(text)
    }
    return Entry(code: values[0], path: values[1], hash: values[2])
  }

  /// A value as messages quote it: a number or string as written, else its kind.
  private static func text(of node: JSONNode) -> String {
    switch node.value {
    case .number(let text): QuotedValue.quote(text)
    case .string(let text): QuotedValue.quote(text)
    default: node.kindName
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

  /// Writes ``text`` to `path` through a temporary file renamed into place (`gamut lint --write-baseline` also
  /// checks the path with the output-path guard first: never an input, a folder or a file gamut did not write).
  public func write(to path: String) throws(FileError) {
    try AtomicFile.write(Array(text.utf8), to: path)
  }

  /// How the output-path guard recognises a baseline gamut wrote: it starts with the `findings` key and ends with
  /// the `version` key, as ``text`` writes them.
  package static let ownedFile = OutputPathGuard.OwnedFile(what: "a gamut baseline") { head, tail in
    OutputPathGuard.OwnedFile.bytes(head, startWith: "{\n  \"findings\" : [")
      && OutputPathGuard.OwnedFile.bytes(tail, contain: "\n  \"version\" : ")
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
