/// Checks a `Contents.json` against its ``ContentsShape``: each value of the wrong type is an error at its line;
/// each unknown key is a note, once per key and file, at its first line.
struct ContentsShapeCheck {
  /// The path findings name.
  let path: String
  private(set) var findings: [Diagnostic] = []
  private var unknownKeys: [(key: String, line: Int, count: Int)] = []

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
          message: "key \"\(unknown.key)\" is not one gamut knows\(times); it is not checked", line: unknown.line))
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
      for member in members {
        if let memberShape = known[member.key] {
          visit(member.value, memberShape, name: "\"\(member.key)\"")
        } else {
          noteUnknown(member.key, line: member.line)
        }
      }
    default: break
    }
  }

  private mutating func noteUnknown(_ key: String, line: Int) {
    if let index = unknownKeys.firstIndex(where: { $0.key == key }) {
      unknownKeys[index].count += 1
    } else {
      unknownKeys.append((key, line, 1))
    }
  }
}
