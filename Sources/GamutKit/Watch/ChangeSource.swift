/// Something that tells what may have changed under a root folder.
///
/// Reports are hints: a caller looks again at each reported path (`StabilityTracker` does), and at everything
/// when ``ChangeSet/rescan`` is set. A source has one consumer at a time; it is `Sendable` so that the consumer
/// may run on any thread.
public protocol ChangeSource: Sendable {
  /// The folder being watched.
  var root: String { get }

  /// Blocks until something may have changed or `timeout` has passed, and returns what may have changed since
  /// the previous call: an empty set on timeout. A zero timeout only collects what is already known.
  func waitForChanges(timeout: Duration) throws(FileError) -> ChangeSet
}

/// The best change source for the platform: `InotifyChangeSource` on Linux, `FSEventsChangeSource` on macOS,
/// `PollingChangeSource` elsewhere or when `pollInterval` is given (`--poll`, for network file systems).
public func makeChangeSource(scanner: SourceScanner, pollInterval: Duration? = nil) throws(FileError)
  -> any ChangeSource
{
  #if os(Linux)
    if pollInterval == nil { return try InotifyChangeSource(root: scanner.root) }
  #elseif canImport(CoreServices)
    if pollInterval == nil { return try FSEventsChangeSource(root: scanner.root) }
  #endif
  return try PollingChangeSource(scanner: scanner, interval: pollInterval ?? .seconds(1))
}

extension Duration {
  /// Whole milliseconds, rounded up so that a short positive wait never becomes a busy loop, clamped to `Int32`.
  var roundedUpMilliseconds: Int32 {
    let (seconds, attoseconds) = components
    guard seconds >= 0, attoseconds >= 0 else { return 0 }
    guard seconds < Int64(Int32.max / 1000) else { return Int32.max }
    return Int32(seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
  }
}
