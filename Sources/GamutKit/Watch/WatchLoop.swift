internal import Synchronization

/// The watched-folder loop: waits for changes, lets them settle, and calls the build for each round.
///
/// Each round: wait for the ``ChangeSource`` (until a candidate may be stable, a full rescan is due, or at most
/// ``Options/stopLatency``), collect further changes until the source has been quiet for
/// ``Options/quietPeriod`` (at most ``Options/maximumDebounce``), look at the changed files again (a file is taken
/// once its size, modification time and inode stayed the same for ``Options/settle`` and the completeness check
/// passed; one that fails the check is a ``Notice/broken(_:)``), and, when files became ready or were removed,
/// call `rebuild` with a ``WatchRound``. The files are every kind a build reads (see `StabilityTracker`). A
/// ``ChangeSet/rescan`` and every
/// ``Options/fullRescanInterval`` the whole folder is looked at again.
///
/// The loop is synchronous: ``run(onNotice:rebuild:)`` blocks its thread until ``stop()``. Run it on a thread of
/// its own (a CLI command may wrap it in a service that calls ``stop()`` on SIGTERM or cancellation). The first
/// round treats every source as changed, so a file that is half-written when the watch starts is not built.
public final class WatchLoop: Sendable {
  /// Timing of the loop.
  public struct Options: Sendable, Equatable {
    /// How long a file's size, modification time and inode must stay the same before it is taken.
    public var settle: Duration = .milliseconds(300)
    /// How long the source must be quiet before a round looks at what changed.
    public var quietPeriod: Duration = .milliseconds(50)
    /// The longest a stream of changes is collected before a round looks at it anyway.
    public var maximumDebounce: Duration = .milliseconds(500)
    /// The time between two full rescans, which catch whatever events missed.
    public var fullRescanInterval: Duration = .seconds(60)
    /// The longest the loop waits without looking at ``stop()``.
    public var stopLatency: Duration = .milliseconds(200)

    /// The defaults: 300 ms settle, 50 ms quiet period, 500 ms debounce cap, a full rescan every 60 s.
    public init() {}
  }

  /// Something the user should know that is not a round.
  public enum Notice: Sendable, Equatable {
    /// The whole folder is being looked at again, and why.
    case rescan(RescanReason)
    /// A stable file failed the completeness check; it is deferred until it changes.
    case broken(BrokenFile)
  }

  /// Where changes come from.
  public let source: any ChangeSource
  /// How files are looked at (the same root as the source).
  public let scanner: SourceScanner
  /// Timing.
  public let options: Options
  private let isComplete: SourceCompleteness.Check?
  private let stopRequested = Atomic<Bool>(false)
  private let running = Atomic<Bool>(false)

  /// A loop over `source`, looking at files through `scanner` (which must have the same root), taking a file
  /// only when `isComplete` says so (for example a full PNG decode).
  public init(
    source: any ChangeSource, scanner: SourceScanner, options: Options = Options(),
    isComplete: SourceCompleteness.Check? = nil
  ) {
    self.source = source
    self.scanner = scanner
    self.options = options
    self.isComplete = isComplete
  }

  /// Makes ``run(onNotice:rebuild:)`` return after the round in progress (never in the middle of `rebuild`).
  /// Lock-free; safe from any thread, task or signal handler. A stopped loop stays stopped.
  public func stop() {
    stopRequested.store(true, ordering: .releasing)
  }

  private var isStopping: Bool { stopRequested.load(ordering: .acquiring) }

  /// Runs rounds until ``stop()``, calling `rebuild` whenever files became ready or were removed and `onNotice`
  /// for rescans and broken files. Errors of the source, of a scan (for example the folder vanished) and of
  /// `rebuild` end the loop and are rethrown. One run at a time.
  public func run(onNotice: (Notice) -> Void = { _ in }, rebuild: (WatchRound) throws -> Void) throws {
    precondition(!running.exchange(true, ordering: .acquiringAndReleasing), "WatchLoop.run is already running")
    defer { running.store(false, ordering: .releasing) }
    let clock = ContinuousClock()
    var tracker = StabilityTracker(scanner: scanner, settle: options.settle, isComplete: isComplete)
    try tracker.rescan(now: clock.now)
    var nextRescan = clock.now + options.fullRescanInterval
    while !isStopping {
      var wake = min(nextRescan, clock.now + options.stopLatency)
      if let nextCheck = tracker.nextCheck { wake = min(wake, nextCheck) }
      var changes = try source.waitForChanges(timeout: wake - clock.now)
      if !changes.isEmpty {
        let debounceEnd = clock.now + options.maximumDebounce
        while clock.now < debounceEnd && !isStopping {
          let more = try source.waitForChanges(timeout: options.quietPeriod)
          if more.isEmpty { break }
          changes.formUnion(more)
        }
      }
      if isStopping { break }
      if clock.now >= nextRescan && changes.rescan == nil { changes.rescan = .periodic }
      if let reason = changes.rescan {
        if reason != .periodic { onNotice(.rescan(reason)) }
        try tracker.rescan(now: clock.now)
        nextRescan = clock.now + options.fullRescanInterval
      }
      if !changes.paths.isEmpty { try tracker.noteChanges(changes.paths, now: clock.now) }
      let report = tracker.check(now: clock.now)
      for broken in report.broken { onNotice(.broken(broken)) }
      guard !report.ready.isEmpty || !report.removed.isEmpty else { continue }
      try rebuild(
        WatchRound(ready: report.ready, removed: report.removed, deferred: tracker.deferred, settled: tracker.settled))
    }
  }
}
