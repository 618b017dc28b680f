/// Decides when a changed source file is complete enough to build from.
///
/// The rule: a candidate is taken when its size, modification time and inode were the same at two looks at least
/// ``settle`` apart, with no change reported for it in between, and, when the caller gave a completeness check
/// (for example "the PNG decodes completely"), that check passes and the file did not change while it ran.
///
/// - A file that is stable but fails the check is reported once as broken, with the reason, and becomes a
///   candidate again only when its size, modification time or inode changes.
/// - A file that disappears is reported as removed at the next ``check(now:)``, without waiting.
/// - Every kind of file a build reads is followed: image, vector and symbol sources, color files and design tokens,
///   and the configuration file at the root (`gamut.yml`). Names that ``SourceFilter`` ignores, and anything else
///   ``SourceScanner`` does not take, are never candidates.
/// - A file whose size, modification time and inode equal those of the version last taken is not a candidate:
///   that is the whole notion of "changed" (a copy that restores the old modification time onto the same inode
///   with the same size goes unseen).
///
/// Time is passed in (`now`) rather than read, so the tracker is deterministic; it looks at the file system
/// through its ``scanner``.
package struct StabilityTracker: Sendable {
  /// What one ``check(now:)`` found.
  package struct Report: Sendable, Equatable {
    /// Files taken now, sorted by path: complete, and as they were when checked.
    package var ready: [SourceFile] = []
    /// Files still changing or not yet looked at twice.
    package var pending: Set<String> = []
    /// Files found broken now (each is reported once until it changes).
    package var broken: [BrokenFile] = []
    /// Files known before that are gone, sorted.
    package var removed: [String] = []
  }

  /// Where and how sources are looked at.
  package let scanner: SourceScanner
  /// How long a file must stay the same before it is taken.
  package let settle: Duration
  private let isComplete: SourceCompleteness.Check?

  private struct Candidate {
    var file: SourceFile
    var since: ContinuousClock.Instant
  }

  private var taken: [String: SourceFile] = [:]
  private var candidates: [String: Candidate] = [:]
  private var broken: [String: SourceFile] = [:]
  private var removed: Set<String> = []

  /// A tracker that knows no file yet: start with ``rescan(now:)``.
  package init(
    scanner: SourceScanner, settle: Duration = .milliseconds(300), isComplete: SourceCompleteness.Check? = nil
  ) {
    self.scanner = scanner
    self.settle = settle
    self.isComplete = isComplete
  }

  /// The files taken so far, as they were when taken.
  package var settled: [String: SourceFile] { taken }

  /// The files a build must leave untouched: candidates and broken files.
  package var deferred: Set<String> { Set(candidates.keys).union(broken.keys) }

  /// When ``check(now:)`` can next take a candidate, or `nil` when there is none.
  package var nextCheck: ContinuousClock.Instant? {
    candidates.values.lazy.map { $0.since + settle }.min()
  }

  /// Looks again at paths that may have changed (files or folders, relative to the root, "" for all of it).
  /// Files found are candidates from `now` on; known files under a path that are gone are removed.
  package mutating func noteChanges(_ paths: some Sequence<String>, now: ContinuousClock.Instant) throws(FileError) {
    for path in Set(paths) {
      reconcile(try scanner.scan(at: path).watchedFiles, under: path, now: now, reported: true)
    }
  }

  /// Looks at the whole folder again: new and changed files become candidates, vanished files are removed.
  package mutating func rescan(now: ContinuousClock.Instant) throws(FileError) {
    reconcile(try scanner.scan().watchedFiles, under: "", now: now, reported: false)
  }

  /// Looks again at each candidate whose settle time has passed, and takes the ones that are stable (and
  /// complete, if checked). Also hands over the files removed since the previous check.
  package mutating func check(now: ContinuousClock.Instant) -> Report {
    var report = Report()
    for path in candidates.keys.sorted() {
      guard let candidate = candidates[path], now - candidate.since >= settle else { continue }
      guard let looked = try? scanner.scan(at: path) else { continue }  // the root is unreachable: wait
      guard let current = looked.watchedFiles.first(where: { $0.relativePath == path }) else {
        candidates[path] = nil
        removed.insert(path)
        continue
      }
      guard current == candidate.file else {
        candidates[path] = Candidate(file: current, since: now)
        continue
      }
      let completeness = isComplete?(scanner.root + "/" + path) ?? .complete
      guard (try? scanner.scan(at: path).watchedFiles.first { $0.relativePath == path }) == current else {
        candidates[path] = Candidate(file: current, since: now)  // it changed while being checked
        continue
      }
      candidates[path] = nil
      switch completeness {
      case .complete:
        taken[path] = current
        report.ready.append(current)
      case .incomplete(let reason):
        taken[path] = nil
        broken[path] = current
        report.broken.append(BrokenFile(path: path, reason: reason))
      }
    }
    report.pending = Set(candidates.keys)
    report.removed = removed.sorted()
    removed = []
    return report
  }

  /// Makes `found` (everything at or under `path`) the truth for `path`.
  private mutating func reconcile(
    _ found: [SourceFile], under path: String, now: ContinuousClock.Instant, reported: Bool
  ) {
    let present = Set(found.map(\.relativePath))
    for known in knownPaths(under: path) where !present.contains(known) {
      taken[known] = nil
      candidates[known] = nil
      broken[known] = nil
      removed.insert(known)
    }
    for file in found { note(file, now: now, reported: reported) }
  }

  private mutating func note(_ file: SourceFile, now: ContinuousClock.Instant, reported: Bool) {
    let path = file.relativePath
    removed.remove(path)  // gone and back before anyone was told: the old version stays until the new is taken
    if let candidate = candidates[path] {
      if reported || candidate.file != file { candidates[path] = Candidate(file: file, since: now) }
    } else if let brokenFile = broken[path] {
      if brokenFile != file {
        broken[path] = nil
        candidates[path] = Candidate(file: file, since: now)
      }
    } else if taken[path] != file {
      candidates[path] = Candidate(file: file, since: now)
    }
  }

  /// Every known file at or under `path`.
  private func knownPaths(under path: String) -> [String] {
    let prefix = path + "/"
    let inside = { (known: String) in path.isEmpty || known == path || known.hasPrefix(prefix) }
    return taken.keys.filter(inside) + candidates.keys.filter(inside) + broken.keys.filter(inside)
  }
}
