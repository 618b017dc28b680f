import Foundation
import GamutFuzzTargets
import Testing

/// Replays the fuzzing corpus kept in the repository (`Tests/FuzzCorpus/TARGET/seeds` and `.../regressions`)
/// through the fuzz bodies under the normal build, so that an input that once crashed or hung fails CI without a
/// fuzzer build. A body that traps ends the test process, which fails the run.
@Suite struct FuzzCorpusReplayTests {
  /// `Tests/FuzzCorpus`.
  static let corpusRoot = TestData.projectRoot.appendingPathComponent("Tests/FuzzCorpus")

  /// The sorted files of one corpus folder (empty when the folder holds none).
  static func files(_ target: FuzzTarget, _ folder: String) -> [URL] {
    let url = corpusRoot.appendingPathComponent(target.rawValue).appendingPathComponent(folder)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0) }
  }

  @Test("every seed and regression input runs through its fuzz body", arguments: FuzzTarget.allCases)
  func replay(_ target: FuzzTarget) throws {
    let seeds = Self.files(target, "seeds")
    #expect(!seeds.isEmpty, "no seeds for \(target.rawValue)")
    let clock = ContinuousClock()
    for file in seeds + Self.files(target, "regressions") {
      let bytes = [UInt8](try Data(contentsOf: file))
      let elapsed = clock.measure { target.run(bytes) }
      // As libFuzzer's -timeout in scripts/fuzz: an input slower than that is a hang.
      #expect(elapsed < .seconds(10), "\(target.rawValue)/\(file.lastPathComponent) took \(elapsed)")
    }
  }
}
