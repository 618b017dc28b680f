import Foundation
import Testing

@testable import GamutKit

/// Issue 30, points 3 and 4: anchors and aliases are refused before any node is composed, at `file:line`, in well
/// under a second, in color files and in `gamut.yml`.
@Suite struct YAMLGuardTests {
  /// The "billion laughs" ladder: each level holds nine aliases of the one before.
  static func ladder(levels: Int, indent: String = "") -> String {
    var lines = ["\(indent)l0: &l0 [\"#FFFFFF\"]"]
    for level in 1...levels {
      let items = Array(repeating: "*l\(level - 1)", count: 9).joined(separator: ", ")
      lines.append("\(indent)l\(level): &l\(level) [\(items)]")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Nesting deeper than the guard's bound is refused before the (recursive) composer sees it; far deeper nesting
  /// is an error too (libyaml's own bound), never a crash.
  @Test func deepNestingIsRefused() {
    let yaml = "a: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "\n"
    #expect(throws: YAMLGuard.Refusal.self) { try YAMLGuard.check(yaml) }
    #expect(ColorFileParser.parse(yaml, source: "D.colors.yml").diagnostics.first?.message.contains("deeper") == true)
    let deeper = "a: " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "\n"
    #expect(ColorFileParser.parse(deeper, source: "D.colors.yml").diagnostics.count == 1)
    #expect(throws: BuildConfiguration.Error.self) { try BuildConfiguration(yaml: deeper, path: "gamut.yml") }
  }

  /// Plain YAML passes untouched, `*` and `&` inside quoted strings included.
  @Test func ordinaryYAMLPasses() throws {
    try YAMLGuard.check("templates: [\"*Glyph\", \"a&b\"]\naliases: {\"_night\": [dark]}\n# &comment *too\n")
  }
}

/// Issue 30, points 3 and 4, in time: the ladders fail in well under a second (wall clock; run alone, tagged
/// `timing`).
@Suite(.tags(.timing), .selectedByTags) struct YAMLGuardTimingTests {
  /// Point 3: nine levels used as a map key took more than 30 s.
  @Test func colorFileAnchorLadderUsedAsKeyFailsFast() {
    let yaml = YAMLGuardTests.ladder(levels: 9) + "? *l9\n: \"#000000\"\n"
    let (result, time) = WallClock.measure { ColorFileParser.parse(yaml, source: "Art/Brand.colors.yml") }
    #expect(time < 1)
    #expect(result.colors.isEmpty)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.path == "Art/Brand.colors.yml")
    #expect(result.diagnostics.first?.line == 1)
    #expect(result.diagnostics.first?.message.contains("anchor") == true)
  }

  /// Point 4: the same ladder as values of `gamut.yml` (also under `contrast:`) expanded to 1.6 GB.
  @Test func configurationAnchorLadderFailsFastAtItsLine() {
    for yaml in [
      "gamut: auto\nx:\n" + YAMLGuardTests.ladder(levels: 9, indent: "  "),
      "contrast:\n  pairs: [[a, b]]\n  bomb:\n" + YAMLGuardTests.ladder(levels: 9, indent: "    "),
      "templates: [\"Icons/*\"]\nbad: *undefined\n",
    ] {
      let (error, time) = WallClock.measure { () -> BuildConfiguration.Error? in
        do throws(BuildConfiguration.Error) {
          _ = try BuildConfiguration(yaml: yaml, path: "src/gamut.yml")
          return nil
        } catch {
          return error
        }
      }
      #expect(time < 1)
      #expect(error?.path == "src/gamut.yml" && error?.line != nil, "\(String(describing: error))")
      #expect(error.map { $0.message.contains("anchor") || $0.message.contains("alias") } == true)
    }
  }
}
