public import Foundation
public import Testing

/// The tags of the tests that are slow, need more than the library, or depend on wall-clock time.
/// `scripts/test --quick` leaves out every test with one of them; the full `scripts/test` runs the suites tagged
/// `timing` on their own after the others. A suite or test with one of them also carries
/// ``Testing/Trait/selectedByTags``, which does the leaving out (this toolchain's `swift test` cannot filter by
/// tag). Tag a whole suite with `timing` on its `@Suite(...)` line: `scripts/test` finds the timing suites there.
extension Tag {
  /// Runs the built `gamut` executable (GamutCLITests): a process per run, seconds each.
  @Tag public static var process: Self
  /// Opens a report in headless Chromium.
  @Tag public static var browser: Self
  /// Reads the real catalogs and icon bundles of `Tests/Fixtures/testdata` whole (lint, import, round trips).
  @Tag public static var realData: Self
  /// Depends on wall-clock time: asserts a bound on it (a hostile input is refused or handled within it), or runs a
  /// real watcher with its settle and debounce periods. Run on its own, so that the other tests' load cannot fail it.
  @Tag public static var timing: Self
}

/// Runs a test only when none of the tags `GAMUT_TEST_SKIP` names (comma-separated: `process,browser,realData,timing`)
/// is among its own. A test left out is cancelled before it starts (reported as skipped), naming the tag.
public struct TagSelection: TestTrait, SuiteTrait, TestScoping {
  public var isRecursive: Bool { true }

  public func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let names = Set(test.tags.map { "\($0)".replacingOccurrences(of: ".", with: "") })
    if let skipped = Self.names("GAMUT_TEST_SKIP").first(where: names.contains) {
      try Test.cancel("left out: tagged \(skipped) (GAMUT_TEST_SKIP)")
    }
    try await function()
  }

  /// The tag names an environment variable lists.
  static func names(_ variable: String) -> Set<String> {
    let text = ProcessInfo.processInfo.environment[variable] ?? ""
    return Set(text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
  }
}

extension Trait where Self == TagSelection {
  /// Leaves the test out when its tags are not selected (``TagSelection``): put it beside `.tags(...)`.
  public static var selectedByTags: Self { TagSelection() }
}

/// The wall-clock time of a body, for the tests tagged `timing` only (the rest measure work, never time).
public enum WallClock {
  /// The body's value and the seconds it took.
  public static func measure<T>(_ body: () throws -> T) rethrows -> (value: T, seconds: Double) {
    let start = ContinuousClock.now
    let value = try body()
    let elapsed = ContinuousClock.now - start
    return (value, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
  }

  /// The seconds the body took.
  public static func seconds(_ body: () throws -> Void) rethrows -> Double {
    try measure(body).seconds
  }
}
