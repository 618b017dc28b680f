import Foundation
import Testing

@testable import GamutKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Two `gamut build` processes on one catalog: one waits for the other (or stops with `--no-wait`), and the
/// catalog ends complete and identical to a clean build.
@Suite(.serialized, .tags(.process), .selectedByTags) struct ConcurrentBuildTests {
  /// Starts `gamut build src --output OUTPUT/K.xcassets` with `extra` arguments; its standard error goes to `log`.
  static func start(in folder: String, output: String, extra: [String] = [], log: String) throws -> Process {
    _ = FileManager.default.createFile(atPath: log, contents: nil)
    let process = Process()
    process.executableURL = GamutProcess.productsFolder.appendingPathComponent("gamut")
    process.arguments = ["build", "src", "--output", output + "/K.xcassets"] + extra
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle(forWritingAtPath: log)
    try process.run()
    return process
  }

  static func text(_ path: String) -> String {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? ""
  }

  @Test func twoBuildsStartedTogetherBothSucceedAndTheCatalogMatchesACleanBuild() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try BuildKillTests.makeSources(in: folder + "/src")
    let clean = try GamutProcess.run(["build", "src", "--output", "clean/K.xcassets", "--quiet"], in: folder)
    #expect(clean.status == 0)

    let first = try Self.start(in: folder, output: "out", log: folder + "/first.log")
    let second = try Self.start(in: folder, output: "out", log: folder + "/second.log")
    first.waitUntilExit()
    second.waitUntilExit()
    #expect(first.terminationStatus == 0)
    #expect(second.terminationStatus == 0)
    #expect(BuildKillTests.problems(in: folder + "/out").isEmpty)
    #expect(BuildKillTests.snapshot(folder + "/out") == BuildKillTests.snapshot(folder + "/clean"))
  }

  /// The lock is held here, by the test, so that the order of events does not depend on timing.
  @Test func aSecondBuildWaitsWithAMessageOrStopsWithNoWait() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try BuildKillTests.makeSources(in: folder + "/src")
    let catalog = folder + "/out/K.xcassets"
    try FileManager.default.createDirectory(atPath: catalog, withIntermediateDirectories: true)
    var lock: BuildLock? = try BuildLock(catalogPath: catalog, wait: false) {}

    let stopped = try GamutProcess.run(["build", "src", "--output", "out/K.xcassets", "--no-wait"], in: folder)
    #expect(stopped.status == 1)
    #expect(
      stopped.standardError.contains(
        "out/K.xcassets: error: cannot build: another gamut build is writing this catalog"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: catalog) == [BuildLock.fileName])

    let waiting = try Self.start(in: folder, output: "out", log: folder + "/waiting.log")
    Thread.sleep(forTimeInterval: 1)
    #expect(waiting.isRunning, "the second build waits while the lock is held")
    #expect(Self.text(folder + "/waiting.log").contains("another build is writing this catalog; waiting"))
    #expect(lock != nil)
    lock = nil  // releases the lock
    waiting.waitUntilExit()
    #expect(waiting.terminationStatus == 0)
    #expect(BuildKillTests.problems(in: folder + "/out").isEmpty)
  }

  /// The lock is the kernel's `flock`: a build killed while holding it leaves the lock file, but not the lock.
  @Test func aKilledBuildLeavesNoStaleLock() throws {
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try BuildKillTests.makeSources(in: folder + "/src")
    let holder = try Self.start(in: folder, output: "out", log: folder + "/holder.log")
    let lockPath = folder + "/out/K.xcassets/" + BuildLock.fileName
    while !FileManager.default.fileExists(atPath: lockPath) && holder.isRunning { usleep(1000) }
    kill(holder.processIdentifier, SIGKILL)
    holder.waitUntilExit()
    let next = try GamutProcess.run(["build", "src", "--output", "out/K.xcassets", "--no-wait"], in: folder)
    #expect(next.status == 0, "\(next.standardError)")
  }
}
