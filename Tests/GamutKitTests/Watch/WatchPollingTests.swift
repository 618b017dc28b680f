import Foundation
import Testing

@testable import GamutKit

/// The polling source, alone and driving the loop.
@Suite(.serialized, .tags(.timing), .selectedByTags) struct WatchPollingTests {
  /// Waits for the source to report `path`, for up to three seconds.
  private func waitForReport(_ source: PollingChangeSource, of path: String) throws -> Bool {
    let deadline = ContinuousClock.now + .seconds(3)
    while ContinuousClock.now < deadline {
      if try source.waitForChanges(timeout: .milliseconds(100)).paths.contains(path) { return true }
    }
    return false
  }

  @Test func detectsCreationModificationAndDeletion() throws {
    let folder = try WatchFolder()
    try folder.write("old.png", WatchFixture.pngLike(size: 64))
    let source = try PollingChangeSource(scanner: folder.scanner, interval: .milliseconds(50))
    #expect(try source.waitForChanges(timeout: .milliseconds(200)).isEmpty)
    try folder.write("Sub/new.png", WatchFixture.pngLike(size: 64))
    #expect(try waitForReport(source, of: "Sub/new.png"))
    try folder.write("old.png", WatchFixture.pngLike(size: 99))
    #expect(try waitForReport(source, of: "old.png"))
    try folder.remove("Sub/new.png")
    #expect(try waitForReport(source, of: "Sub/new.png"))
    try folder.write("ignored.png.part", WatchFixture.pngLike(size: 64))
    #expect(try source.waitForChanges(timeout: .milliseconds(200)).isEmpty)
  }

  @Test func drivesTheLoop() async throws {
    let folder = try WatchFolder()
    try folder.write("a.png", WatchFixture.pngLike(size: 64))
    let source = try PollingChangeSource(scanner: folder.scanner, interval: .milliseconds(100))
    let watch = RunningWatch(folder: folder, source: source)
    #expect(try await watch.wait { $0.readyCount("a.png") == 1 })
    try folder.write("a.png", WatchFixture.pngLike(size: 80))
    try folder.write("b.png", WatchFixture.pngLike(size: 64))
    #expect(try await watch.wait { $0.readyCount("a.png") == 2 && $0.readyCount("b.png") == 1 })
    try folder.remove("a.png")
    #expect(try await watch.wait { $0.removed == ["a.png"] })
    try await watch.stop()
    #expect(watch.snapshot.error == nil)
  }
}
