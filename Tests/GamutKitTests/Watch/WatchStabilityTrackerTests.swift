import Foundation
import Testing

@testable import GamutKit

/// The stability rule, with time passed in: no sleeping.
@Suite struct WatchStabilityTrackerTests {
  private let t0 = ContinuousClock.now

  private func at(_ milliseconds: Int) -> ContinuousClock.Instant { t0 + .milliseconds(milliseconds) }

  private func tracker(_ folder: WatchFolder) -> StabilityTracker {
    StabilityTracker(scanner: folder.scanner, settle: .milliseconds(300), isComplete: WatchFixture.endsWithIEND)
  }

  @Test func takesAFileOnceItHasStayedTheSameForTheSettleTime() throws {
    let folder = try WatchFolder()
    try folder.write("a.png", WatchFixture.pngLike(size: 100))
    var tracker = tracker(folder)
    try tracker.rescan(now: at(0))
    let early = tracker.check(now: at(299))
    #expect(early.ready.isEmpty && early.pending == ["a.png"])
    #expect(tracker.nextCheck == at(300))
    let report = tracker.check(now: at(300))
    #expect(report.ready.map(\.relativePath) == ["a.png"] && report.ready[0].size == 100)
    #expect(report.pending.isEmpty && tracker.deferred.isEmpty && tracker.nextCheck == nil)
    #expect(tracker.settled["a.png"] == report.ready[0])
    try tracker.rescan(now: at(400))
    #expect(tracker.check(now: at(1000)).ready.isEmpty, "an unchanged file is not taken again")
  }

  @Test func aReportedChangeOrADifferentLookRestartsTheSettleTime() throws {
    let folder = try WatchFolder()
    try folder.write("a.png", WatchFixture.pngLike(size: 100))
    var tracker = tracker(folder)
    try tracker.noteChanges(["a.png"], now: at(0))
    try tracker.noteChanges(["a.png"], now: at(200))  // an event, even without a visible change
    #expect(tracker.check(now: at(300)).ready.isEmpty)
    try folder.write("a.png", WatchFixture.pngLike(size: 200))  // a change no event reported
    #expect(tracker.check(now: at(500)).ready.isEmpty)
    #expect(tracker.check(now: at(799)).ready.isEmpty)
    #expect(tracker.check(now: at(800)).ready.map(\.size) == [200])
  }

  @Test func aBrokenFileIsReportedOnceAndTakenAgainOnlyWhenItChanges() throws {
    let folder = try WatchFolder()
    try folder.write("a.png", Array(WatchFixture.pngLike(size: 100).prefix(60)))
    var tracker = tracker(folder)
    try tracker.rescan(now: at(0))
    let first = tracker.check(now: at(300))
    #expect(first.broken == [.init(path: "a.png", reason: "no IEND chunk at the end")] && first.ready.isEmpty)
    #expect(tracker.deferred == ["a.png"] && first.pending.isEmpty)
    try tracker.noteChanges(["a.png"], now: at(400))  // an event, but the file is the same
    try tracker.rescan(now: at(500))
    let second = tracker.check(now: at(2000))
    #expect(second.broken.isEmpty && second.ready.isEmpty && tracker.deferred == ["a.png"])
    try folder.write("a.png", WatchFixture.pngLike(size: 100))
    try tracker.noteChanges(["a.png"], now: at(2100))
    #expect(tracker.check(now: at(2400)).ready.map(\.relativePath) == ["a.png"])
    #expect(tracker.deferred.isEmpty)
  }

  @Test func ignoredNamesAndNonSourcesAreNeverCandidates() throws {
    let folder = try WatchFolder()
    let names = [
      ".a.png", "b.png.tmp", "c.png.part", "d.png~", "e.png.crdownload", "f.gif", "Cat.xcassets/g.png",
      ".hidden/h.png", "Sub/gamut.yml", "notes.txt",
    ]
    for name in names { try folder.write(name, WatchFixture.pngLike(size: 50)) }
    var tracker = tracker(folder)
    try tracker.rescan(now: at(0))
    try tracker.noteChanges(names + ["Cat.xcassets", ".hidden"], now: at(0))
    let report = tracker.check(now: at(1000))
    #expect(report.ready.isEmpty && report.pending.isEmpty && report.broken.isEmpty && tracker.deferred.isEmpty)
  }

  @Test func removalsAreReportedAtTheNextCheckWithoutWaiting() throws {
    let folder = try WatchFolder()
    for name in ["a.png", "F/b.png", "F/G/c.png", "d.png"] { try folder.write(name, WatchFixture.pngLike(size: 40)) }
    var tracker = tracker(folder)
    try tracker.rescan(now: at(0))
    #expect(tracker.check(now: at(300)).ready.count == 4)
    try folder.write("d.png", WatchFixture.pngLike(size: 80))
    try tracker.noteChanges(["d.png"], now: at(400))  // d becomes a candidate, then goes
    try folder.remove("a.png")
    try folder.remove("F")
    try folder.remove("d.png")
    try tracker.noteChanges(["a.png", "F", "d.png"], now: at(500))
    let report = tracker.check(now: at(500))
    #expect(report.removed == ["F/G/c.png", "F/b.png", "a.png", "d.png"])
    #expect(tracker.settled.isEmpty && tracker.deferred.isEmpty)
    #expect(tracker.check(now: at(600)).removed.isEmpty, "each removal is reported once")
  }

  @Test func aRenameIsARemovalAndANewCandidate() throws {
    let folder = try WatchFolder()
    try folder.write("a.png", WatchFixture.pngLike(size: 40))
    var tracker = tracker(folder)
    try tracker.rescan(now: at(0))
    _ = tracker.check(now: at(300))
    try folder.move("a.png", "b.png")
    try tracker.noteChanges(["a.png", "b.png"], now: at(400))
    let report = tracker.check(now: at(400))
    #expect(report.removed == ["a.png"] && report.pending == ["b.png"])
    #expect(tracker.check(now: at(700)).ready.map(\.relativePath) == ["b.png"])
  }

  @Test func aFileThatVanishesAndComesBackBeforeACheckIsNotRemoved() throws {
    let folder = try WatchFolder()
    try folder.write("a.png", WatchFixture.pngLike(size: 40))
    var tracker = tracker(folder)
    try tracker.rescan(now: at(0))
    _ = tracker.check(now: at(300))
    try folder.remove("a.png")
    try tracker.noteChanges(["a.png"], now: at(400))
    try folder.write("a.png", WatchFixture.pngLike(size: 60))
    try tracker.noteChanges(["a.png"], now: at(410))
    let report = tracker.check(now: at(410))
    #expect(report.removed.isEmpty && report.pending == ["a.png"])
    #expect(tracker.check(now: at(710)).ready.map(\.size) == [60])
  }
}
