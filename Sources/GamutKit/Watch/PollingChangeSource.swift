internal import Synchronization

/// A ``ChangeSource`` that compares successive scans of the source folder, `interval` apart.
///
/// For network file systems, whose changes made by other machines no local event reports (`--poll INTERVAL`),
/// and the fallback on systems without inotify or FSEvents. A scan is ``SourceScanner/scan()``, so only
/// the files a build reads are compared (sources, color files, the configuration file): a file is reported when it
/// appears, disappears, or its size, modification time or inode differs from the previous scan.
final class PollingChangeSource: ChangeSource {
  /// How the folder is scanned (its root, the folder to leave out).
  let scanner: SourceScanner
  /// The time between two scans.
  let interval: Duration
  private let clock = ContinuousClock()
  private let state: Mutex<Snapshot>

  private struct Snapshot {
    var files: [String: SourceFile]
    var taken: ContinuousClock.Instant
  }

  var root: String { scanner.root }

  /// Takes the first scan now; changes are reported against it.
  init(scanner: SourceScanner, interval: Duration) throws(FileError) {
    self.scanner = scanner
    self.interval = interval
    let files = try Self.files(scanner)
    state = Mutex(Snapshot(files: files, taken: clock.now))
  }

  func waitForChanges(timeout: Duration) throws(FileError) -> ChangeSet {
    try state.withLock { (snapshot) throws(FileError) -> ChangeSet in
      let due = snapshot.taken + interval
      let now = clock.now
      if due > now {
        guard timeout > .zero else { return ChangeSet() }
        min(due - now, timeout).sleep()
        guard clock.now >= due else { return ChangeSet() }
      }
      let files = try Self.files(scanner)
      var changes = ChangeSet()
      for (path, file) in files where snapshot.files[path] != file { changes.paths.insert(path) }
      for path in snapshot.files.keys where files[path] == nil { changes.paths.insert(path) }
      snapshot = Snapshot(files: files, taken: clock.now)
      return changes
    }
  }

  private static func files(_ scanner: SourceScanner) throws(FileError) -> [String: SourceFile] {
    let sources = try scanner.scan().watchedFiles
    return Dictionary(sources.map { ($0.relativePath, $0) }, uniquingKeysWith: { first, _ in first })
  }
}
