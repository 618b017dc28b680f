/// What one round of ``WatchLoop`` hands to the build.
///
/// The build scans the source folder itself. It builds the ready files, drops the assets of removed files, and
/// leaves the assets of ``deferred`` files exactly as they are. A file can start changing after the watch looked
/// at it and before the build's own scan; `shouldDefer(_:)` also covers that window.
public struct WatchRound: Sendable, Equatable {
  /// Files that became complete and stable, sorted by path.
  public var ready: [SourceFile]
  /// Files that disappeared (deleted, renamed away, moved out), sorted.
  public var removed: [String]
  /// Files still being written or broken: their assets must be left untouched this round.
  public var deferred: Set<String>
  /// Every file taken so far, as it was when taken.
  public var settled: [String: SourceFile]

  /// A round with its files.
  public init(ready: [SourceFile], removed: [String], deferred: Set<String>, settled: [String: SourceFile]) {
    self.ready = ready
    self.removed = removed
    self.deferred = deferred
    self.settled = settled
  }

  /// Whether the build must leave `file`, as its own scan found it, untouched: deferred, or not (or no longer)
  /// the version the watch took.
  package func shouldDefer(_ file: SourceFile) -> Bool {
    deferred.contains(file.relativePath) || settled[file.relativePath] != file
  }
}
