import Foundation
import Testing

@testable import GamutKit

/// Issue 30, points 6, 8, 10, 15, 16 and 20: color files and design tokens under hostile input.
@Suite struct ColorSourceHostileTests {
  static func tokens(_ text: String) -> ColorFileParser.Result {
    DesignTokens.parse(text, source: "T.tokens.json") { _ in nil }
  }

  /// A token that leads into a cycle is an error of its own, short.
  @Test func aliasIntoACycleIsReported() {
    let text = """
      { "$type": "color", "a": { "$value": "{b}" }, "b": { "$value": "{c}" }, "c": { "$value": "{b}" },
        "d": { "$value": "#FFFFFF" } }
      """
    let result = Self.tokens(text)
    #expect(result.colors.map(\.name) == ["d"])
    #expect(result.diagnostics.count == 2)
    #expect(result.diagnostics.contains { $0.message.contains("alias cycle of 2 tokens") })
    #expect(result.diagnostics.contains { $0.message.contains("token 'a': alias to 'b', which is in an alias cycle") })
  }

  /// Point 10: NFC `Café` and NFD `Café`, or a duplicate key: one was silently dropped.
  @Test func duplicateAndNormalisationEqualNamesAreErrors() {
    let nfc = "Caf\u{E9}"
    let nfd = "Cafe\u{301}"
    for text in [
      "{ \"$type\": \"color\", \"\(nfc)\": { \"$value\": \"#FF0000\" }, \"\(nfd)\": { \"$value\": \"#00FF00\" } }",
      "{ \"$type\": \"color\", \"x\": { \"$value\": \"#FF0000\" }, \"x\": { \"$value\": \"#00FF00\" } }",
    ] {
      let result = Self.tokens(text)
      #expect(result.colors.isEmpty)
      #expect(result.diagnostics.first?.message.contains("appears twice") == true, "\(result.diagnostics)")
    }
  }

  /// Point 15: `components: [true, false, 0]` was read as red, `"$type": 7` as a color, a trailing comma
  /// accepted.
  @Test func tokenTypesAreStrict() {
    let booleans = Self.tokens(
      "{ \"c\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [true, false, 0] } } }")
    #expect(booleans.colors.isEmpty)
    #expect(booleans.diagnostics.first?.message.contains("components must be numbers") == true)
    let numericType = Self.tokens("{ \"c\": { \"$type\": 7, \"$value\": \"#FF0000\" } }")
    #expect(numericType.colors.isEmpty)
    #expect(numericType.diagnostics.first?.message.contains("$type must be a string") == true)
    for text in [
      "{ \"c\": { \"$type\": \"color\", \"$value\": \"#FF0000\" }, }",
      "{ \"c\": { \"$type\": \"color\", \"$value\": { \"colorSpace\": \"srgb\", \"components\": [1, 0, 0,] } } }",
    ] {
      let result = Self.tokens(text)
      #expect(result.colors.isEmpty)
      #expect(result.diagnostics.first?.message.contains("not valid JSON") == true)
    }
  }

  /// Point 16: a 4 MB color value was echoed whole (a 4 MB line and a 4.2 MB manifest).
  @Test func longValuesAreQuotedShort() {
    let value = "#" + String(repeating: "A", count: 4_000_000)
    let yaml = ColorFileParser.parse("Brand: \"\(value)\"\n", source: "B.colors.yml")
    let json = Self.tokens("{ \"c\": { \"$type\": \"color\", \"$value\": \"\(value)\" } }")
    for message in yaml.diagnostics.map(\.message) + json.diagnostics.map(\.message) {
      #expect(message.utf8.count < 300)
      #expect(message.contains("(4000001 bytes)"))
    }
    #expect(yaml.diagnostics.count == 1 && json.diagnostics.count == 1)
    #expect(QuotedValue.quote("short") == "'short'")
  }

  /// Point 20: `Brand~dark.colors.yml` had its `~dark` ignored (its colors became any-appearance); such a name is
  /// refused with a clear error.
  @Test func variantTokenInAColorFileNameIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try Data("Brand: \"#FFFFFF\"\n".utf8).write(to: URL(fileURLWithPath: folder.path + "/Brand~dark.colors.yml"))
    let file = SourceFile(relativePath: "Brand~dark.colors.yml", size: 17, modificationTime: 0, inode: 0)
    let result = ColorCatalogReader.read(file, sourceRoot: folder.path)
    #expect(result.colors.isEmpty)
    #expect(result.diagnostics.first?.code == .invalidName)
    #expect(result.diagnostics.first?.message.contains("takes no '~' tokens") == true)
  }
}

/// Issue 30, point 13: many colors outside sRGB made the build quadratic (every such color was compared with every
/// other: 1,000 Display P3 colors took 39 s, 2,000 took 142 s in a debug build).
@Suite struct ManyColorsTests {
  /// The findings are the ones the pairwise check (every pair compared) gives on a small crowded palette.
  @Test func findsTheSamePairsAsComparingEveryPair() {
    var list: [ColorDefinition] = []
    for green in stride(from: 0.0, through: 0.3, by: 0.05) {
      for blue in stride(from: 0.0, through: 0.3, by: 0.1) {
        let value = try! ColorValueParser.parse("color(display-p3 1 \(green) \(blue))")
        list.append(
          ColorDefinition(
            groupPath: [], name: "C\(list.count)", source: "P.colors.yml", line: 1, variants: [.init(): .color(value)]))
      }
    }
    var plans: [String: ColorSetPlan] = [:]
    for color in list { plans[color.qualifiedName] = ColorSetPlan(color, policy: .auto, mapping: .clip) }
    var expected: Set<[String]> = []
    for first in list where !(plans[first.qualifiedName]?.mappings.isEmpty ?? true) {
      for second in list where second.qualifiedName != first.qualifiedName {
        let a = first.variants[.init()]!.color!
        let b = second.variants[.init()]!.color!
        let mapped = ColorGamutMapping.toSRGB(a, mapping: .clip).deltaE2000(ColorGamutMapping.toSRGB(b, mapping: .clip))
        if a.deltaE2000(b) >= 2, mapped < 1 { expected.insert([first.qualifiedName, second.qualifiedName].sorted()) }
      }
    }
    let findings = ColorChecks.indistinctInSRGB(list, plans: plans, mapping: .clip)
    #expect(!expected.isEmpty)
    #expect(findings.values.reduce(0) { $0 + $1.count } == expected.count)
    for (owner, diagnostics) in findings {
      for diagnostic in diagnostics {
        let other = diagnostic.message.split(separator: "'")[2]
        #expect(expected.contains([owner, String(other)].sorted()), "\(diagnostic.message)")
      }
    }
  }
}

/// Issue 30, points 6 and 8, in time: huge files refused from their size, alias chains and cycles resolved in
/// linear time (wall clock; run alone, tagged `timing`).
@Suite(.tags(.timing), .selectedByTags) struct ColorSourceTimingTests {
  /// Point 6: 2 GB sparse color and tokens files were read whole (more than 4 GB of memory).
  @Test func hugeColorAndTokensFilesAreRefusedBeforeReading() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for name in ["Brand.colors.yml", "Brand.tokens.json"] {
      let path = folder.path + "/" + name
      #expect(FileManager.default.createFile(atPath: path, contents: nil))
      let handle = try #require(FileHandle(forWritingAtPath: path))
      try handle.truncate(atOffset: 2 << 30)
      try handle.close()
      let file = SourceFile(relativePath: name, size: 2 << 30, modificationTime: 0, inode: 0)
      var result = ColorFileParser.Result()
      let time = WallClock.seconds { result = ColorCatalogReader.read(file, sourceRoot: folder.path) }
      #expect(time < 1)
      #expect(result.diagnostics.count == 1)
      #expect(result.diagnostics.first?.message.contains("more than the limit of 4194304 bytes") == true)
    }
  }

  /// Point 8: a 2,000-link chain took 22 s; a 10,000-token cycle more than 50 s and 837 MB, printing the whole
  /// cycle for each token. Resolution is linear now, and a cycle is reported once with a bounded message.
  @Test func aliasChainsAndCyclesResolveInLinearTime() {
    let count = 10_000
    var members = (0..<count - 1).map { "\"t\($0)\": { \"$value\": \"{t\($0 + 1)}\" }" }
    members.append("\"t\(count - 1)\": { \"$value\": \"#336699\" }")
    let chain = "{ \"$type\": \"color\", " + members.joined(separator: ", ") + " }"
    var result = ColorFileParser.Result()
    #expect(WallClock.seconds { result = ColorSourceHostileTests.tokens(chain) } < 3)
    #expect(result.colors.count == count)
    #expect(result.diagnostics.isEmpty)

    members[count - 1] = "\"t\(count - 1)\": { \"$value\": \"{t0}\" }"
    let cycle = "{ \"$type\": \"color\", " + members.joined(separator: ", ") + " }"
    #expect(WallClock.seconds { result = ColorSourceHostileTests.tokens(cycle) } < 3)
    #expect(result.colors.isEmpty)
    #expect(result.diagnostics.count == 1)
    #expect(result.diagnostics.first?.message.hasPrefix("alias cycle of 10000 tokens: t0 -> ") == true)
    #expect((result.diagnostics.first?.message.utf8.count ?? .max) < 200)
  }
}

/// Issue 30, point 13, in time: four times the colors take about four times as long, not sixteen (a ratio of
/// wall-clock times with a margin of two; run alone, tagged `timing`).
@Suite(.tags(.timing), .selectedByTags) struct ManyColorsTimingTests {
  private func colors(_ count: Int) -> [ColorDefinition] {
    (0..<count).map { index in
      let green = Double(index % 997) / 997
      let value = try! ColorValueParser.parse("color(display-p3 1 \(green) 0.05)")
      return ColorDefinition(
        groupPath: [], name: "C\(index)", source: "Many.colors.yml", line: index + 1,
        variants: [ColorDefinition.Slot(): .color(value)])
    }
  }

  /// The seconds the check takes on `count` colors.
  private func seconds(_ count: Int) -> Double {
    let list = colors(count)
    var plans: [String: ColorSetPlan] = [:]
    for color in list { plans[color.qualifiedName] = ColorSetPlan(color, policy: .auto, mapping: .clip) }
    let start = ContinuousClock.now
    _ = ColorChecks.indistinctInSRGB(list, plans: plans, mapping: .clip)
    let elapsed = ContinuousClock.now - start
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
  }

  @Test func indistinctCheckIsLinear() {
    let small = seconds(1_000)
    let large = seconds(4_000)
    // Four times the colors: about four times the time (sixteen when every pair is compared).
    #expect(large < max(small, 0.05) * 8, "1,000 colors: \(small) s, 4,000 colors: \(large) s")
  }
}
