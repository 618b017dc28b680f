#if canImport(CoreServices)
  internal import CoreServices
  internal import Darwin
  internal import Dispatch
  internal import Foundation
  internal import Synchronization

  /// A ``ChangeSource`` backed by FSEvents, macOS's recursive file-system event stream.
  ///
  /// One stream covers the whole tree with file-level events (`kFSEventStreamCreateFlagFileEvents`), delivered on
  /// a private dispatch queue and gathered until ``waitForChanges(timeout:)`` collects them. When FSEvents says
  /// that it coalesced or dropped events (`MustScanSubDirs`, `UserDropped`, `KernelDropped`) the set asks for a
  /// full rescan; when the root itself moves (`RootChanged`), the rescan says so.
  final class FSEventsChangeSource: ChangeSource {
    let root: String
    /// The root with symbolic links resolved, as FSEvents spells the paths it reports.
    private let resolvedRoot: String
    private let pending = Mutex(ChangeSet())
    private let wakeUp = DispatchSemaphore(value: 0)
    private let queue = DispatchQueue(label: "gamut.watch.fsevents")
    /// Created once in `init`, released in `deinit`; FSEvents itself is called only from those two.
    nonisolated(unsafe) private var stream: FSEventStreamRef?

    /// Starts watching `root` and everything below it.
    init(root: String, latency: Duration = .milliseconds(50)) throws(FileError) {
      self.root = root
      guard let resolved = realpath(root, nil) else {
        throw FileError(path: root, operation: "watch the folder", reason: String(cString: strerror(errno)))
      }
      resolvedRoot = String(cString: resolved)
      free(resolved)
      var context = FSEventStreamContext(
        version: 0, info: Unmanaged.passUnretained(self).toOpaque(), retain: nil, release: nil, copyDescription: nil)
      let flags =
        kFSEventStreamCreateFlagFileEvents | kFSEventStreamCreateFlagNoDefer | kFSEventStreamCreateFlagWatchRoot
      let (seconds, attoseconds) = latency.components
      guard
        let stream = FSEventStreamCreate(
          kCFAllocatorDefault,
          { _, info, count, paths, flags, _ in FSEventsChangeSource.handle(info, count, paths, flags) }, &context,
          [resolvedRoot] as CFArray,
          FSEventStreamEventId(kFSEventStreamEventIdSinceNow), Double(seconds) + Double(attoseconds) * 1e-18,
          FSEventStreamCreateFlags(flags))
      else {
        throw FileError(path: root, operation: "watch the folder", reason: "FSEventStreamCreate failed")
      }
      self.stream = stream
      FSEventStreamSetDispatchQueue(stream, queue)
      guard FSEventStreamStart(stream) else {
        throw FileError(path: root, operation: "watch the folder", reason: "FSEventStreamStart failed")
      }
    }

    deinit {
      guard let stream else { return }
      FSEventStreamStop(stream)
      FSEventStreamInvalidate(stream)
      FSEventStreamRelease(stream)
    }

    func waitForChanges(timeout: Duration) throws(FileError) -> ChangeSet {
      if timeout > .zero && pending.withLock({ $0.isEmpty }) {
        _ = wakeUp.wait(timeout: .now() + .milliseconds(Int(timeout.roundedUpMilliseconds)))
      }
      return pending.withLock { changes in
        defer { changes = ChangeSet() }
        return changes
      }
    }

    /// Called by FSEvents on `queue` with C strings for paths (no `UseCFTypes` flag).
    private static func handle(
      _ info: UnsafeMutableRawPointer?, _ count: Int, _ paths: UnsafeMutableRawPointer,
      _ flags: UnsafePointer<FSEventStreamEventFlags>
    ) {
      guard let info else { return }
      let source = Unmanaged<FSEventsChangeSource>.fromOpaque(info).takeUnretainedValue()
      let names = paths.assumingMemoryBound(to: UnsafePointer<CChar>.self)
      var changes = ChangeSet()
      for index in 0..<count {
        let flag = Int(flags[index])
        if flag & kFSEventStreamEventFlagRootChanged != 0 {
          changes.rescan = changes.rescan ?? .rootMoved
        } else if flag
          & (kFSEventStreamEventFlagMustScanSubDirs | kFSEventStreamEventFlagUserDropped
            | kFSEventStreamEventFlagKernelDropped) != 0
        {
          changes.rescan = changes.rescan ?? .queueOverflow
        }
        if let path = source.relativePath(String(cString: names[index])) { changes.paths.insert(path) }
      }
      source.record(changes)
    }

    /// `path` relative to the root, `""` for the root itself, or `nil` outside it.
    private func relativePath(_ path: String) -> String? {
      if path == resolvedRoot { return "" }
      guard path.hasPrefix(resolvedRoot + "/") else { return nil }
      return String(path.dropFirst(resolvedRoot.count + 1))
    }

    private func record(_ changes: ChangeSet) {
      guard !changes.isEmpty else { return }
      let wasEmpty = pending.withLock { pending in
        defer { pending.formUnion(changes) }
        return pending.isEmpty
      }
      if wasEmpty { wakeUp.signal() }
    }
  }
#endif
