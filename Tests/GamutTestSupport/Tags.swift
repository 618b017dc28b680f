public import Foundation
public import Testing

/// The tags of the tests that are slow, need more than the library, or measure time. `scripts/test --quick` leaves
/// out every test with one of them; the full `scripts/test` runs the `timing` tests (all in suites named
/// `...TimingTests`) on their own after the others.
/// A suite or test with one of them also carries ``Testing/Trait/selectedByTags``, which does the leaving out (the
/// toolchain's `swift test` cannot filter by tag yet).
extension Tag {
  /// Runs the built `gamut` executable (GamutCLITests): a process per run, seconds each.
  @Tag public static var process: Self
  /// Opens a report in headless Chromium.
  @Tag public static var browser: Self
  /// Reads the real catalogs and icon bundles of `Tests/Fixtures/testdata` whole (lint, import, round trips).
  @Tag public static var realData: Self
  /// Asserts a bound on wall-clock time (a hostile input is refused or handled within it): run on its own, so that
  /// the other tests' load cannot fail it.
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
