import Foundation
import Testing

@testable import GamutKit

@Suite(.tags(.timing), .selectedByTags) struct WatchLoopTests {
  @Test func stopEndsTheLoopAfterTheRoundInProgress() async throws {
    let folder = try WatchFolder()
    try folder.write("a.png", WatchFixture.pngLike(size: 64))
    let source = try PollingChangeSource(scanner: folder.scanner, interval: .seconds(10))
    let watch = RunningWatch(folder: folder, source: source) { _ in
      Thread.sleep(forTimeInterval: 0.3)  // a slow build: stop() must not cut it short
    }
    #expect(try await watch.wait { !$0.rounds.isEmpty })
    try await watch.stop()
    let log = watch.snapshot
    #expect(log.error == nil && log.rounds.count == 1 && log.ready.map(\.file.relativePath) == ["a.png"])
  }

  @Test func aPeriodicRescanFindsWhatNoEventReported() async throws {
    let folder = try WatchFolder()
    let source = try PollingChangeSource(scanner: folder.scanner, interval: .seconds(3600))  // never reports
    var options = WatchLoop.Options()
    options.fullRescanInterval = .milliseconds(200)
    let watch = RunningWatch(folder: folder, source: source, options: options)
    try folder.write("late.png", WatchFixture.pngLike(size: 64))
    #expect(try await watch.wait { $0.readyCount("late.png") == 1 })
    try await watch.stop()
    #expect(watch.snapshot.notices.isEmpty)
  }
}
