import Foundation
import Testing

@testable import GamutKit

/// Issue 30, points 5, 6 and 17: wrong values in `gamut.yml` that were accepted, and a configuration read whole
/// before any size check.
@Suite struct BuildConfigurationHostileTests {
  private func error(_ yaml: String) -> BuildConfiguration.Error? {
    do {
      _ = try BuildConfiguration(yaml: yaml, path: "gamut.yml")
      return nil
    } catch {
      return error
    }
  }

  /// Point 5: an empty alias suffix looped forever on the first PNG; it is a configuration error now, and the
  /// matcher never takes an empty suffix.
  @Test func emptyAliasSuffixIsRefused() throws {
    #expect(error("aliases: {\"\": [dark]}")?.message.contains("empty") == true)
    let aliases = NameAliases(suffixes: ["": ["dark"]])
    #expect(aliases.match(suffixOf: "Logo") == nil)
    #expect(throws: Never.self) { try SourceName(parsing: "Logo.png", aliases: aliases) }
  }

  /// Point 17: each of these exited 0 without a finding.
  @Test func wrongValuesAreRefused() {
    #expect(error("aliases: {\"_x\": [bogus]}")?.message.contains("'bogus'") == true)
    #expect(error("aliases: {\"@2x\": [dark]}")?.message.contains("'@2x'") == true)
    #expect(error("aliases: {\"~d\": [dark]}") != nil)
    #expect(error("aliases: {\"_n\": []}") != nil)
    #expect(error("thresholds: {warningP99DeltaE: .inf}")?.message.contains("thresholds.warningP99DeltaE") == true)
    #expect(error("thresholds: {warningP99DeltaE: .nan}") != nil)
    #expect(error("compressionType: {5: lossy}")?.message.contains("the key '5' is not a string") == true)
    #expect(error("catalog: {5: lossy}") != nil)
    // Good values still pass.
    #expect(error("aliases: {\"_night\": [dark], \"-ipadHC\": [ipad, hc]}") == nil)
    #expect(error("thresholds: {warningP99DeltaE: 4.5}") == nil)
    #expect(error("compressionType: {\"Photos/**\": lossy}") == nil)
  }

  /// A FIFO given as the configuration is refused without blocking.
  @Test func fifoConfigurationIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/gamut.yml"
    #expect(mkfifo(path, 0o644) == 0)
    #expect { try BuildConfiguration(contentsOf: path) } throws: { "\($0)".contains("not a regular file") }
  }
}

/// Issue 30, point 6, in time: a huge configuration is refused from its size (wall clock; run alone, tagged
/// `timing`).
@Suite(.tags(.timing), .selectedByTags) struct BuildConfigurationTimingTests {
  /// Point 6: a 2 GB (sparse) gamut.yml was read whole; it is refused from its size, before a byte is read.
  @Test func hugeConfigurationIsRefusedBeforeReading() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path + "/gamut.yml"
    #expect(FileManager.default.createFile(atPath: path, contents: Data("gamut: auto\n".utf8)))
    let handle = try #require(FileHandle(forWritingAtPath: path))
    try handle.truncate(atOffset: 2 << 30)
    try handle.close()
    let start = ContinuousClock.now
    #expect {
      try BuildConfiguration(contentsOf: path)
    } throws: { error in
      "\(error)".contains("more than the limit of \(InputLimits.default.maxConfigurationBytes) bytes")
    }
    #expect(ContinuousClock.now - start < .seconds(1))
    // The limit is configurable: a small limit refuses a small file.
    try Data("gamut: auto\n".utf8).write(to: URL(fileURLWithPath: path))
    #expect(throws: BuildConfiguration.Error.self) { try BuildConfiguration(contentsOf: path, maxBytes: 4) }
    #expect(throws: Never.self) { try BuildConfiguration(contentsOf: path) }
  }
}
