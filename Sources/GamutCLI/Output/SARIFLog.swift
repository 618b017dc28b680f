import GamutKit

/// Findings as a SARIF 2.1.0 log (OASIS Static Analysis Results Interchange Format), the form code-scanning
/// dashboards take: one run whose `tool.driver` lists a rule per code found, and a result per finding with its
/// `ruleId`, `level`, message and location (the file as a URI relative to the working folder, and the line when
/// the finding has one). A lint finding's `partialFingerprints` carries its baseline key, so a dashboard tracks it
/// across runs the way `--baseline` does.
///
/// It lives with the other output forms in the command line, not in GamutKit: a program that embeds GamutKit gets
/// the findings themselves and chooses how to show them; the command line owns every printed form of a finding.
enum SARIFLog {
  /// The SARIF 2.1.0 JSON schema's address, which the log names.
  static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

  /// The page that documents every command's codes, named in each rule's description.
  static let codesPage = "docs/codes.md"

  /// The command whose findings a log holds, for its rules' descriptions: `gamut lint missing-file (docs/codes.md)`.
  struct Tool: Sendable {
    var command: String
  }

  /// The log of `findings`, as JSON text; a result whose finding `fixes` holds (by ``SARIFFix/key(_:)``) carries that
  /// fix.
  static func text(
    _ findings: [FindingRecord], tool: Tool, toolVersion: String = GamutVersion.number,
    fixes: [String: XcodeJSON] = [:]
  ) -> String {
    let codes = Array(Set(findings.map(\.diagnostic.code.rawValue))).sorted()
    let rules: [XcodeJSON] = codes.map { code in
      .object([
        "id": .string(code),
        "shortDescription": .object(["text": .string("gamut \(tool.command) \(code) (\(codesPage))")]),
      ])
    }
    let driver: XcodeJSON = .object([
      "name": .string("gamut"), "version": .string(toolVersion), "rules": .array(rules),
    ])
    let run: XcodeJSON = .object([
      "tool": .object(["driver": driver]),
      "results": .array(
        findings.map { finding in
          var result = result(finding, ruleIndex: codes.firstIndex(of: finding.diagnostic.code.rawValue) ?? 0)
          if let fix = fixes[SARIFFix.key(finding.diagnostic)], case .object(var members) = result {
            members["fixes"] = .array([fix])
            result = .object(members)
          }
          return result
        }),
      "columnKind": .string("unicodeCodePoints"),
    ])
    return XcodeJSON.object(["$schema": .string(schema), "version": .string("2.1.0"), "runs": .array([run])])
      .rendered()
  }

  private static func result(_ finding: FindingRecord, ruleIndex: Int) -> XcodeJSON {
    let diagnostic = finding.diagnostic
    var physical: [String: XcodeJSON] = ["artifactLocation": .object(["uri": .string(uri(diagnostic.path))])]
    if let line = diagnostic.line { physical["region"] = .object(["startLine": .integer(line)]) }
    var result: [String: XcodeJSON] = [
      "ruleId": .string(diagnostic.code.rawValue),
      "ruleIndex": .integer(ruleIndex),
      "level": .string(diagnostic.severity.rawValue),
      "message": .object(["text": .string(diagnostic.message)]),
      "locations": .array([.object(["physicalLocation": .object(physical)])]),
    ]
    if let key = finding.baselineKey {
      result["partialFingerprints"] = .object(["gamutBaselineKey/v1": .string(key)])
    }
    return .object(result)
  }

  /// A path as a URI reference: each byte outside the unreserved set and `/` percent-encoded.
  static func uri(_ path: String) -> String {
    var result = ""
    for byte in path.utf8 {
      let character = Character(Unicode.Scalar(byte))
      if byte < 0x80 && (character.isLetter || character.isNumber || "-._~/".contains(character)) {
        result.append(character)
      } else {
        result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
      }
    }
    return result
  }
}

extension String {
  /// The text with leading zeros up to `width` characters.
  fileprivate func leftPadded(to width: Int) -> String {
    String(repeating: "0", count: max(0, width - count)) + self
  }
}
