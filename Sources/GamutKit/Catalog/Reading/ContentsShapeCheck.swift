/// Checks a `Contents.json` against its ``ContentsShape``: each value of the wrong type (or outside a closed set) is
/// an error at its line, and so is a key given twice in one object (JSON readers disagree on which one counts); each
/// unknown key is a note, once per key and file, at its first line. Linear in the number of keys.
struct ContentsShapeCheck {
  /// The path findings name.
  let path: String
  private(set) var findings: [Diagnostic] = []
  /// Each unknown key once, in the order first met, with its first line and how often it came.
  private var unknownKeys: [(key: String, line: Int, count: Int)] = []
  /// Where each unknown key is in ``unknownKeys``: one lookup per key, so a hundred thousand keys cost linear time.
  private var unknownIndex: [String: Int] = [:]

  init(path: String) {
    self.path = path
  }

  /// Checks `node` against `shape`, then adds the unknown-key notes; returns the findings.
  static func check(_ node: JSONNode, _ shape: ContentsShape, path: String) -> [Diagnostic] {
    var check = ContentsShapeCheck(path: path)
    check.visit(node, shape, name: "the document")
    for unknown in check.unknownKeys {
      let times = unknown.count > 1 ? " (\(unknown.count) times)" : ""
      check.findings.append(
        Diagnostic(
          path: path, severity: .note, code: .unknownKey,
          message: "key \"\(QuotedValue.excerpt(unknown.key))\" is not one gamut knows\(times); it is not checked",
          line: unknown.line))
    }
    return check.findings
  }

  private mutating func visit(_ node: JSONNode, _ shape: ContentsShape, name: String) {
    guard shape.admits(node) else {
      findings.append(
        Diagnostic(
          path: path, severity: .error, code: .contentsInvalid,
          message: "\(name) should be \(shape.typeName), not \(node.kindName)", line: node.line))
      return
    }
    switch (shape, node.value) {
    case (.array(let element), .array(let elements)):
      for item in elements { visit(item, element, name: "an element of \(name)") }
    case (.object(let known), .object(let members)):
      var seen: [String: Int] = [:]
      for member in members {
        if let first = seen[member.key] {
          repeated(member, firstLine: first)
          continue
        }
        seen[member.key] = member.line
        if let memberShape = known[member.key] {
          visit(member.value, memberShape, name: "\"\(member.key)\"")
        } else {
          noteUnknown(member.key, line: member.line)
        }
      }
    case (.oneOf(let values), .string(let text)) where !values.contains(text):
      findings.append(
        Diagnostic(
          path: path, severity: .error, code: .contentsInvalid,
          message: "\(name) is \(QuotedValue.quote(text)); Xcode takes "
            + values.dropLast().joined(separator: ", ") + " or " + (values.last ?? ""), line: node.line))
    default: break
    }
  }

  /// A key given again in one object: gamut reads the first, other readers (Xcode's) may take the last.
  private mutating func repeated(_ member: JSONNode.Member, firstLine: Int) {
    findings.append(
      Diagnostic(
        path: path, severity: .error, code: .contentsInvalid,
        message: "key \"\(QuotedValue.excerpt(member.key))\" is given again (first on line \(firstLine)); JSON readers "
          + "disagree on which one counts (gamut reads the first)", line: member.line))
  }

  private mutating func noteUnknown(_ key: String, line: Int) {
    if let index = unknownIndex[key] {
      unknownKeys[index].count += 1
    } else {
      unknownIndex[key] = unknownKeys.count
      unknownKeys.append((key, line, 1))
    }
  }
}
