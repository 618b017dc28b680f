import Foundation
import Testing

@testable import GamutKit

/// Issue 30, points 1 and 2: glob patterns from `gamut.yml` match in time linear in pattern x name, without
/// recursion, and patterns are bounded in length.
@Suite struct PathGlobHostileTests {
  /// The same results as before on ordinary patterns.
  @Test func keepsItsMeaning() {
    #expect(PathGlob("Icons/**").matches("Icons"))
    #expect(PathGlob("Icons/**/Tab?").matches("Icons/A/B/Tab1"))
    #expect(!PathGlob("Icons/**/Tab?").matches("Icons/A/B/Tab12"))
    #expect(PathGlob("**/*Glyph").matches("HomeGlyph"))
    #expect(PathGlob("a*b*c").matches("aXbYbZc"))
    #expect(!PathGlob("a*b*c").matches("aXbYbZ"))
    #expect(PathGlob("**").matches(""))
    #expect(!PathGlob("a/*").matches("a"))
  }

  /// A pattern longer than the limit is a configuration error (exit 64 on the command line).
  @Test func longPatternIsRefused() {
    let yaml = "templates: [\"" + String(repeating: "*", count: PathGlob.maxLength + 1) + "\"]"
    #expect(throws: BuildConfiguration.Error.self) { try BuildConfiguration(yaml: yaml, path: "gamut.yml") }
  }
}

/// Issue 30, points 1 and 2, in time: matching stays linear (wall-clock bounds; run alone, tagged `timing`).
@Suite(.tags(.timing), .selectedByTags) struct PathGlobTimingTests {
  /// Point 1: 100,000 stars crashed the recursive matcher (SIGSEGV).
  @Test func hundredThousandStarsNeitherCrashNorHang() {
    let glob = PathGlob(String(repeating: "*", count: 100_000))
    var matched = false
    let time = WallClock.seconds { matched = glob.matches("Icons/Home") || glob.matches("Home") }
    #expect(matched)
    #expect(time < 2)
  }

  /// Point 2: `*a*a*a*a*a*a*b` against 150 `a`s backtracked exponentially (more than 15 s).
  @Test func starsBacktrackInLinearTime() {
    let name = String(repeating: "a", count: 150)
    var matched = true
    let time = WallClock.seconds { matched = PathGlob("*a*a*a*a*a*a*b").matches(name) }
    #expect(!matched)
    #expect(time < 0.5)
    #expect(PathGlob("*a*a*a*a*a*a*b").matches(name + "b"))
  }

  /// Point 2: `**/` x 12 and `zz` against a path 30 folders deep (more than 60 s).
  @Test func doubleStarsBacktrackInLinearTime() {
    let pattern = String(repeating: "**/", count: 12) + "zz"
    let path = (0..<30).map { "f\($0)" }.joined(separator: "/")
    var matched = true
    let time = WallClock.seconds { matched = PathGlob(pattern).matches(path) }
    #expect(!matched)
    #expect(time < 0.5)
    #expect(PathGlob(pattern).matches(path + "/zz"))
  }
}
