import Foundation
import Testing

@testable import GamutKit

/// docs/configuration.md against the configuration reader: every top-level key the reader takes
/// (`BuildConfiguration.Reader.keys`) and every clipping threshold has a row, no row names a key the reader refuses,
/// and every row's example is read without an error by `gamut lint`'s reader (which reads the build's keys first).
@Suite struct ConfigurationReferenceTests {
  /// A row of the page's key tables: the key (dotted for a key inside a map) and its example, a YAML flow value.
  struct Row {
    var key: String
    var example: String
  }

  /// The rows of every table whose header starts `| key | type | default | example |`.
  static func rows(of page: String) -> [Row] {
    var rows: [Row] = []
    var inTable = false
    for line in page.split(separator: "\n").map(String.init) {
      if line.hasPrefix("| key | type | default | example |") {
        inTable = true
        continue
      }
      guard inTable, line.hasPrefix("|") else {
        inTable = false
        continue
      }
      let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard cells.count > 5, cells[1].hasPrefix("`"), cells[4].hasPrefix("`") else { continue }
      rows.append(Row(key: String(cells[1].dropFirst().dropLast()), example: String(cells[4].dropFirst().dropLast())))
    }
    return rows
  }

  /// `key: example` as a document, a dotted key nested as maps (`a.b` with `x` is `a: { b: x }`).
  static func document(_ row: Row) -> String {
    let parts = row.key.split(separator: ".").map(String.init)
    var value = row.example
    for part in parts.dropFirst().reversed() { value = "{ \(part): \(value) }" }
    return "\(parts[0]): \(value)\n"
  }

  static var page: String {
    get throws { try String(contentsOfFile: TestData.project("docs/configuration.md"), encoding: .utf8) }
  }

  @Test func everyKeyOfTheReaderIsOnThePage() throws {
    let rows = Self.rows(of: try Self.page)
    let topLevel = Set(rows.map { String($0.key.split(separator: ".")[0]) })
    #expect(topLevel == BuildConfiguration.Reader.keys)
    let thresholds = Set(rows.compactMap { $0.key.hasPrefix("thresholds.") ? String($0.key.dropFirst(11)) : nil })
    #expect(thresholds == Set(ClippingThresholds.names))
    #expect(Set(rows.map(\.key)).count == rows.count, "a key listed twice")
  }

  @Test func everyExampleIsReadByTheReader() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let rows = Self.rows(of: try Self.page)
    #expect(rows.count > 40)
    for row in rows {
      let path = folder.path + "/gamut.yml"
      try Data(Self.document(row).utf8).write(to: URL(fileURLWithPath: path))
      #expect(throws: Never.self, "\(row.key): \(row.example)") { try LintConfiguration(contentsOf: path) }
    }
  }

  @Test func aKeyThePageDoesNotListIsRefused() {
    #expect(throws: BuildConfiguration.Error.self) { try BuildConfiguration(yaml: "colour: auto\n", path: "gamut.yml") }
    #expect(Self.document(Row(key: "a.b.c", example: "1")) == "a: { b: { c: 1 } }\n")
  }
}
