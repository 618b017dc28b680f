#if os(Linux)
  import Foundation
  import Glibc
  import Testing

  @testable import GamutKit

  /// A real inotify watcher and loop on a temporary folder. Serialized: each test writes with real pauses.
  @Suite(.serialized, .tags(.timing), .selectedByTags) struct WatchInotifyTests {
    /// Time enough, after everything has been written, for any duplicate to show.
    private let afterglow: Duration = .milliseconds(800)

    private func start(
      _ folder: WatchFolder, queueLimit: Int? = nil, watchLimit: Int? = nil, options: WatchLoop.Options = .init(),
      hook: @escaping @Sendable (WatchRound) -> Void = { _ in }
    ) throws -> RunningWatch {
      let source = try InotifyChangeSource(
        root: folder.path, simulatedQueueLimit: queueLimit, simulatedWatchLimit: watchLimit)
      return RunningWatch(folder: folder, source: source, options: options, hook: hook)
    }

    @Test func aSlowCopyIsReadyOnceAndOnlyWhenComplete() async throws {
      let folder = try WatchFolder()
      let watch = try start(folder)
      let bytes = WatchFixture.pngLike(size: 8 * 4096)
      let descriptor = open(folder.path + "/Slow.png", O_WRONLY | O_CREAT | O_TRUNC, 0o644)
      #expect(descriptor >= 0)
      for chunk in 0..<8 {
        let written = bytes[(chunk * 4096)..<((chunk + 1) * 4096)].withUnsafeBytes {
          write(descriptor, $0.baseAddress, $0.count)
        }
        #expect(written == 4096)
        if chunk < 7 { try await Task.sleep(for: .milliseconds(150)) }
      }
      close(descriptor)
      let done = ContinuousClock.now
      #expect(try await watch.wait { $0.readyCount("Slow.png") > 0 })
      try await Task.sleep(for: afterglow)
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil)
      let ready = log.ready.filter { $0.file.relativePath == "Slow.png" }
      #expect(ready.count == 1)
      #expect(ready.allSatisfy { $0.file.size == bytes.count && $0.sizeOnDisk == bytes.count && $0.completeOnDisk })
      #expect(ready.allSatisfy { $0.at > done })
      #expect(log.rounds.allSatisfy { $0.ready.isEmpty || $0.ready.allSatisfy { $0.size == bytes.count } })
      print(
        "slow copy: 8 chunks x 4096 bytes, 150 ms apart: ready \(ready.count)x, broken notices \(log.broken.count),"
          + " latency after last write \(ready.first.map { WatchFixture.milliseconds($0.at - done) } ?? "-")")
    }

    @Test func anAtomicSaveIsOneChangeAndItsTemporaryNameNeverACandidate() async throws {
      let folder = try WatchFolder()
      try folder.write("Icon.png", WatchFixture.pngLike(size: 300))
      let watch = try start(folder)
      #expect(try await watch.wait { $0.readyCount("Icon.png") == 1 })
      try folder.write(".Icon.png.tmp", WatchFixture.pngLike(size: 500))
      try folder.move(".Icon.png.tmp", "Icon.png")
      #expect(try await watch.wait { $0.readyCount("Icon.png") == 2 })
      try await Task.sleep(for: afterglow)
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil)
      #expect(log.readyCount("Icon.png") == 2 && log.ready.last?.file.size == 500)
      #expect(log.removed.isEmpty)
      let named = log.rounds.flatMap { $0.ready.map(\.relativePath) + $0.removed + Array($0.deferred) }
      #expect(!named.contains(".Icon.png.tmp"))
    }

    @Test func aBurstOfThreeHundredFilesIsReadyEachExactlyOnce() async throws {
      let folder = try WatchFolder()
      let watch = try start(folder)
      var lastWrite: [String: ContinuousClock.Instant] = [:]
      for index in 0..<300 {
        let path = index % 3 == 0 ? String(format: "f%03d.png", index) : String(format: "Burst/f%03d.png", index)
        try folder.write(path, WatchFixture.pngLike(size: 200 + index, seed: UInt8(index % 251)))
        lastWrite[path] = ContinuousClock.now
      }
      #expect(try await watch.wait(timeout: .seconds(20)) { $0.readyPaths.count >= 300 })
      try await Task.sleep(for: afterglow)
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil)
      let missed = Set(lastWrite.keys).subtracting(log.readyPaths)
      let duplicates = log.ready.count - log.readyPaths.count
      let strays = log.readyPaths.subtracting(lastWrite.keys)
      #expect(missed.isEmpty && duplicates == 0 && strays.isEmpty)
      #expect(log.ready.allSatisfy { $0.completeOnDisk && $0.sizeOnDisk == $0.file.size })
      let latencies = log.ready.compactMap { ready in lastWrite[ready.file.relativePath].map { ready.at - $0 } }
      print(
        "burst: files 300, ready \(log.readyPaths.count), duplicates \(duplicates), missed \(missed.count),"
          + " rounds \(log.rounds.count), latency last write -> ready: median"
          + " \(WatchFixture.milliseconds(WatchFixture.percentile(latencies, 0.5))), p95"
          + " \(WatchFixture.milliseconds(WatchFixture.percentile(latencies, 0.95)))")
    }

    @Test func deleteAndRename() async throws {
      let folder = try WatchFolder()
      try folder.write("a.png", WatchFixture.pngLike(size: 100))
      try folder.write("b.png", WatchFixture.pngLike(size: 120))
      let watch = try start(folder)
      #expect(try await watch.wait { $0.readyPaths == ["a.png", "b.png"] })
      try folder.remove("a.png")
      #expect(try await watch.wait { $0.removed == ["a.png"] })
      try folder.move("b.png", "c.png")
      #expect(try await watch.wait { $0.readyCount("c.png") == 1 && $0.removed.contains("b.png") })
      try await Task.sleep(for: afterglow)
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil)
      #expect(log.removed.sorted() == ["a.png", "b.png"])
      #expect(log.ready.map(\.file.relativePath).sorted() == ["a.png", "b.png", "c.png"])
    }

    @Test func filesWrittenIntoANewFolderRightAwayAreNotMissed() async throws {
      let folder = try WatchFolder()
      let watch = try start(folder)
      var expected: Set<String> = []
      try folder.makeFolder("New")
      for index in 0..<40 {
        try folder.write("New/n\(index).png", WatchFixture.pngLike(size: 64))
        expected.insert("New/n\(index).png")
      }
      try folder.makeFolder("New/Deeper/Deepest")
      for index in 0..<20 {
        let path = (index.isMultiple(of: 2) ? "New/Deeper/d" : "New/Deeper/Deepest/d") + "\(index).png"
        try folder.write(path, WatchFixture.pngLike(size: 64))
        expected.insert(path)
      }
      // A folder filled elsewhere and moved in, then one moved out.
      let outside = try WatchFolder()
      for index in 0..<10 { try outside.write("Moved/m\(index).png", WatchFixture.pngLike(size: 64)) }
      try FileManager.default.moveItem(atPath: outside.path + "/Moved", toPath: folder.path + "/Moved")
      expected.formUnion((0..<10).map { "Moved/m\($0).png" })
      #expect(try await watch.wait { $0.readyPaths == expected })
      try FileManager.default.moveItem(atPath: folder.path + "/Moved", toPath: outside.path + "/Gone")
      #expect(try await watch.wait { $0.removed.count == 10 })
      try await Task.sleep(for: afterglow)
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil)
      #expect(log.readyPaths == expected && log.ready.count == expected.count)
      #expect(Set(log.removed) == Set((0..<10).map { "Moved/m\($0).png" }) && log.removed.count == 10)
      try outside.write("Gone/late.png", WatchFixture.pngLike(size: 64))  // no longer watched: nothing happens
    }

    @Test func aFolderRenamedInsideTheTreeIsWatchedUnderItsNewName() async throws {
      let folder = try WatchFolder()
      try folder.write("A/Inner/x.png", WatchFixture.pngLike(size: 64))
      try folder.write("A/y.png", WatchFixture.pngLike(size: 64))
      let watch = try start(folder)
      #expect(try await watch.wait { $0.readyPaths == ["A/Inner/x.png", "A/y.png"] })
      try folder.move("A", "B")
      #expect(try await watch.wait { $0.readyPaths.isSuperset(of: ["B/Inner/x.png", "B/y.png"]) })
      try folder.write("B/Inner/z.png", WatchFixture.pngLike(size: 64))  // seen through the new watches
      try folder.write("Out.xcassets/w.png", WatchFixture.pngLike(size: 64))  // not a group: never watched
      try folder.write(".Hidden/v.png", WatchFixture.pngLike(size: 64))
      #expect(try await watch.wait { $0.readyCount("B/Inner/z.png") == 1 })
      try await Task.sleep(for: afterglow)
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil && log.notices.isEmpty)
      #expect(log.removed.sorted() == ["A/Inner/x.png", "A/y.png"])
      #expect(
        log.ready.map(\.file.relativePath).sorted() == [
          "A/Inner/x.png", "A/y.png", "B/Inner/x.png", "B/Inner/z.png", "B/y.png",
        ])
    }

    @Test func movingTheRootAwayEndsTheLoopWithAnError() async throws {
      let parent = try WatchFolder()
      try parent.write("Root/a.png", WatchFixture.pngLike(size: 64))
      let root = parent.path + "/Root"
      let source = try InotifyChangeSource(root: root)
      let loop = RunningWatch(folder: WatchFolder(at: root), source: source)
      #expect(try await loop.wait { $0.readyCount("a.png") == 1 })
      try parent.move("Root", "Elsewhere")
      #expect(try await loop.wait { $0.error != nil })
      try await loop.stop()
      print("root moved: \(loop.snapshot.error ?? "-")")
    }

    /// At the watch limit (simulated: two watches, the root and `A`), a new folder cannot be watched: that is one
    /// rescan, which finds its files; later changes inside it are found by the periodic rescan.
    @Test func aFolderThatCannotBeWatchedIsCoveredByRescans() async throws {
      let folder = try WatchFolder()
      try folder.makeFolder("A")
      var options = WatchLoop.Options()
      options.fullRescanInterval = .milliseconds(700)
      let watch = try start(folder, watchLimit: 2, options: options)
      try folder.write("B/first.png", WatchFixture.pngLike(size: 64))
      #expect(try await watch.wait { $0.readyCount("B/first.png") == 1 })
      try folder.write("B/second.png", WatchFixture.pngLike(size: 64))  // no watch reports this
      try folder.write("A/watched.png", WatchFixture.pngLike(size: 64))
      #expect(try await watch.wait { $0.readyCount("B/second.png") == 1 && $0.readyCount("A/watched.png") == 1 })
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil && log.ready.count == 3)
      #expect(log.notices == [.rescan(.watchFailed(path: "B", reason: "No space left on device"))])
    }

    /// Overflow forced through the simulated queue limit: the first build blocks while 300 files are written,
    /// so well over 64 events are queued when the loop reads again.
    @Test func aSimulatedQueueOverflowEndsInARescanWithNothingMissed() async throws {
      try await overflow(files: 300, queueLimit: 64)
    }

    /// The kernel's own overflow (`max_queued_events`, 16384 by default): the first build blocks while enough
    /// files are written to fill the queue (three events each). Skipped when the limit is set much higher.
    @Test func aKernelQueueOverflowEndsInARescanWithNothingMissed() async throws {
      let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_queued_events", encoding: .utf8))
        .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
      guard let limit, limit <= 20_000 else {
        print("kernel overflow: skipped, max_queued_events is \(limit.map(String.init) ?? "unknown")")
        return
      }
      try await overflow(files: limit / 3 + 200, queueLimit: nil)
    }

    private func overflow(files: Int, queueLimit: Int?) async throws {
      let folder = try WatchFolder()
      try folder.write("seed.png", WatchFixture.pngLike(size: 64))
      try folder.makeFolder("Flood")
      let gate = DispatchSemaphore(value: 0)
      let watch = try start(folder, queueLimit: queueLimit) { round in
        if round.ready.contains(where: { $0.relativePath == "seed.png" }) { gate.wait() }
      }
      #expect(try await watch.wait { $0.readyCount("seed.png") == 1 })
      var expected: Set<String> = ["seed.png"]
      let bytes = WatchFixture.pngLike(size: 64)
      let writing = ContinuousClock.now
      for index in 0..<files {
        let path = "Flood/o\(index).png"  // a folder watched before: every file queues its own events
        let descriptor = open(folder.path + "/" + path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        close(descriptor)
        if written != bytes.count { Issue.record("cannot write \(path)") }
        expected.insert(path)
      }
      let released = ContinuousClock.now
      gate.signal()
      #expect(try await watch.wait(timeout: .seconds(30)) { $0.readyPaths.count >= expected.count })
      let caughtUp = ContinuousClock.now
      try await Task.sleep(for: afterglow)
      try await watch.stop()
      let log = watch.snapshot
      #expect(log.error == nil)
      #expect(log.notices.contains(.rescan(.queueOverflow)))
      let missed = expected.subtracting(log.readyPaths)
      let duplicates = log.ready.count - log.readyPaths.count
      #expect(missed.isEmpty && duplicates == 0)
      print(
        "overflow (\(queueLimit.map { "simulated limit \($0)" } ?? "kernel")): files \(expected.count),"
          + " ready \(log.readyPaths.count), duplicates \(duplicates), missed \(missed.count),"
          + " rescans \(log.notices.count { $0 == .rescan(.queueOverflow) }), writing took"
          + " \(WatchFixture.milliseconds(released - writing)), all ready"
          + " \(WatchFixture.milliseconds(caughtUp - released)) after the build was released")
    }
  }
#endif
