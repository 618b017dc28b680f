#if os(Linux)
  internal import Glibc
  internal import Synchronization

  /// A ``ChangeSource`` built on Linux inotify, watching every group folder under the root.
  ///
  /// inotify is not recursive: each folder gets its own watch (`IN_CLOSE_WRITE`, `IN_MODIFY`, `IN_ATTRIB`,
  /// `IN_CREATE`, `IN_DELETE`, `IN_MOVED_FROM`, `IN_MOVED_TO`, `IN_DELETE_SELF`, `IN_MOVE_SELF`, with
  /// `IN_ONLYDIR | IN_EXCL_UNLINK`, and `IN_DONT_FOLLOW` below the root). It walks into the folders that
  /// ``SourceScanner`` walks into: not links, not hidden or temporary names, no extension (so never into
  /// `.xcassets` or `.imageset` folders).
  ///
  /// - A folder created or moved in gets its watches first and is then reported as a whole, so the files written
  ///   into it before its watch existed are found when the caller looks into the folder.
  /// - A folder moved out or deleted loses its watches and is reported, so its files are seen as removed.
  /// - `IN_Q_OVERFLOW`, the loss of a watch on a folder that is still there (`IN_IGNORED`), and a move of the root
  ///   end in ``ChangeSet/rescan``: the source closes its descriptor, watches the tree again with a new one, and
  ///   then reports the rescan. The caller rescans after the new watches exist, so no change falls in between.
  /// - A folder that cannot be watched (`ENOSPC` at the `fs.inotify.max_user_watches` limit, `EACCES`) is
  ///   reported as a rescan once; from then on only rescans see inside it.
  ///
  /// Tests force an overflow without touching system settings through an internal limit on the events read in
  /// one call (the internal `init(root:simulatedQueueLimit:simulatedWatchLimit:)`): going over it is handled
  /// exactly like `IN_Q_OVERFLOW`. A limit on the number of watches likewise stands in for `ENOSPC`.
  ///
  /// The source owns its inotify descriptor and closes it in `deinit`.
  final class InotifyChangeSource: ChangeSource {
    let root: String
    private let simulatedQueueLimit: Int?
    private let simulatedWatchLimit: Int?
    private let state: Mutex<Watches>

    /// Opens an inotify instance (`inotify_init1(IN_NONBLOCK | IN_CLOEXEC)`) and watches `root` and its group
    /// folders. Throws when the root itself cannot be watched.
    convenience init(root: String) throws(FileError) {
      try self.init(root: root, simulatedQueueLimit: nil, simulatedWatchLimit: nil)
    }

    /// Like ``init(root:)``; when `simulatedQueueLimit` is set, reading more events than that in one call is
    /// handled as `IN_Q_OVERFLOW`, as if the kernel's queue (`/proc/sys/fs/inotify/max_queued_events`) were that
    /// small: the events past the limit are dropped and a rescan is reported. When `simulatedWatchLimit` is set,
    /// watching more folders than that fails with `ENOSPC`, as at the `max_user_watches` limit.
    init(root: String, simulatedQueueLimit: Int?, simulatedWatchLimit: Int?) throws(FileError) {
      self.root = root
      self.simulatedQueueLimit = simulatedQueueLimit
      self.simulatedWatchLimit = simulatedWatchLimit
      state = Mutex(try Watches(root: root, watchLimit: simulatedWatchLimit))
    }

    deinit {
      state.withLock { $0.close() }
    }

    func waitForChanges(timeout: Duration) throws(FileError) -> ChangeSet {
      try state.withLock { (watches) throws(FileError) -> ChangeSet in
        var changes = ChangeSet(rescan: watches.unreported)
        watches.unreported = nil
        var poller = pollfd(fd: watches.descriptor, events: Int16(POLLIN), revents: 0)
        let ready = poll(&poller, 1, changes.isEmpty ? timeout.roundedUpMilliseconds : 0)
        if ready < 0, case let error = Errno.current, error != .interrupted {
          throw FileError(path: root, operation: "wait for inotify events", errno: error)
        }
        guard ready > 0 else { return changes }
        var rewatch = false
        var count = 0
        for event in try watches.readEvents() {
          count += 1
          if let simulatedQueueLimit, count > simulatedQueueLimit {
            changes.rescan = .queueOverflow
            rewatch = true
          }
          guard changes.rescan != .queueOverflow else { break }  // the queue overflowed: the rest is lost
          watches.handle(event, changes: &changes, rewatch: &rewatch)
        }
        if rewatch {
          // Lost events cannot be told apart: start over with new watches; the caller rescans after this.
          watches.close()
          watches = try Watches(root: root, watchLimit: simulatedWatchLimit)
          if changes.rescan == nil { changes.rescan = watches.unreported }
          watches.unreported = nil
          changes.paths = []
        }
        return changes
      }
    }

    /// The watch mask of every folder.
    fileprivate static let folderMask = UInt32(
      IN_CLOSE_WRITE | IN_MODIFY | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
        | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR | IN_EXCL_UNLINK)
  }

  /// One inotify descriptor and the folders it watches.
  private struct Watches {
    let root: String
    /// The simulated `max_user_watches`, for tests.
    let watchLimit: Int?
    var descriptor: Int32
    /// Watch descriptor to the folder's path relative to the root ("" is the root).
    var folders: [Int32: String] = [:]
    /// Folder path relative to the root to its watch descriptor.
    var watches: [String: Int32] = [:]
    /// A failure to watch a folder that no call has reported yet.
    var unreported: RescanReason?

    /// One event as read from the descriptor.
    struct Event {
      var watch: Int32
      var mask: UInt32
      var name: String
    }

    /// Opens a descriptor and watches `root` and its group folders; a failure below the root is kept in
    /// `unreported`.
    init(root: String, watchLimit: Int?) throws(FileError) {
      self.root = root
      self.watchLimit = watchLimit
      descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
      guard descriptor >= 0 else { throw FileError(path: root, operation: "start inotify", errno: .current) }
      unreported = watchTree("")
      guard watches[""] != nil else {
        let code = Errno.current  // the root's own inotify_add_watch failed, and nothing ran after it
        Glibc.close(descriptor)
        throw FileError(path: root, operation: "watch the folder", errno: code)
      }
    }

    mutating func close() {
      if descriptor >= 0 { Glibc.close(descriptor) }
      descriptor = -1
    }

    /// Turns one event into paths to look at, new watches, or the need to start over (`rewatch`).
    mutating func handle(_ event: Event, changes: inout ChangeSet, rewatch: inout Bool) {
      if event.mask & UInt32(IN_Q_OVERFLOW) != 0 {
        changes.rescan = .queueOverflow
        rewatch = true
        return
      }
      guard let folder = folders[event.watch] else { return }  // a watch already dropped here
      if event.mask & UInt32(IN_IGNORED) != 0 {
        folders[event.watch] = nil
        guard watches[folder] == event.watch else { return }  // replaced by a newer watch of that path
        watches[folder] = nil
        if isFolder(folder) {
          if changes.rescan == nil { changes.rescan = .watchLost(path: folder) }
          rewatch = true
        } else {
          changes.paths.insert(folder)
        }
        return
      }
      if event.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
        // A folder below the root is reported by its parent's IN_DELETE or IN_MOVED_FROM.
        if folder.isEmpty {
          if changes.rescan == nil { changes.rescan = .rootMoved }
          rewatch = true
        }
        return
      }
      guard !event.name.isEmpty, !SourceFilter.isIgnored(event.name) else { return }
      let path = folder.isEmpty ? event.name : folder + "/" + event.name
      if event.mask & UInt32(IN_ISDIR) != 0 {
        if event.mask & UInt32(IN_MOVED_FROM | IN_DELETE) != 0 {
          // A moved folder keeps its watches, which would go on reporting under the old path: drop them.
          forget(path, removingWatches: event.mask & UInt32(IN_MOVED_FROM) != 0)
        }
        if event.mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, Self.isGroupFolderName(event.name),
          let failure = watchTree(path), changes.rescan == nil
        {
          changes.rescan = failure
        }
      }
      changes.paths.insert(path)
    }

    /// Watches the folder `relative` and the group folders below it, and returns the first failure to watch a
    /// folder that exists. A folder that vanished or is no longer a folder is skipped: its parent reports it. No
    /// folder deeper than the scanner reads (``FolderWalker/maximumDepth``) is watched: the scan reports it.
    mutating func watchTree(_ relative: String) -> RescanReason? {
      if relative.utf8.count(where: { $0 == UInt8(ascii: "/") }) >= FolderWalker.maximumDepth { return nil }
      let path = relative.isEmpty ? root : root + "/" + relative
      let mask = InotifyChangeSource.folderMask | (relative.isEmpty ? 0 : UInt32(IN_DONT_FOLLOW))
      let overLimit = watchLimit.map { watches.count >= $0 && watches[relative] == nil } ?? false
      let watch = overLimit ? -1 : inotify_add_watch(descriptor, path, mask)
      guard watch >= 0 else {
        let code = overLimit ? Errno.noSpace : Errno.current
        if code == .noSuchFile || code == .notAFolder { return nil }
        return .watchFailed(path: relative, reason: code.description)
      }
      if let previous = folders[watch], previous != relative { watches[previous] = nil }
      folders[watch] = relative
      watches[relative] = watch
      var failure: RescanReason?
      for name in (try? FileSystem.listFolder(path)) ?? [] where Self.isGroupFolderName(name) {
        let child = relative.isEmpty ? name : relative + "/" + name
        guard isFolder(child) else { continue }
        if let childFailure = watchTree(child), failure == nil { failure = childFailure }
      }
      return failure
    }

    /// Forgets the watches of `relative` and of every folder below it, removing them from the kernel if asked.
    mutating func forget(_ relative: String, removingWatches: Bool) {
      let prefix = relative + "/"
      for (folder, watch) in watches where folder == relative || folder.hasPrefix(prefix) {
        if removingWatches { inotify_rm_watch(descriptor, watch) }
        watches[folder] = nil
        folders[watch] = nil
      }
    }

    /// Whether `relative` is a folder itself, not a link to one.
    func isFolder(_ relative: String) -> Bool {
      (try? FileStatus(path: relative.isEmpty ? root : root + "/" + relative))?.kind == .folder
    }

    /// The folder names ``SourceScanner`` walks into: not ignored, no extension.
    static func isGroupFolderName(_ name: String) -> Bool {
      !SourceFilter.isIgnored(name) && !name.contains(".")
    }

    /// Reads the queued events, up to a bound so that a writer that never stops cannot hold the caller here; the
    /// rest is read by the next call.
    func readEvents() throws(FileError) -> [Event] {
      let headerSize = MemoryLayout<inotify_event>.size
      var buffer = [UInt8](repeating: 0, count: 64 * 1024)
      var events: [Event] = []
      for _ in 0..<16 {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 {
          let error = Errno.current
          if error == .tryAgain || error == .interrupted { break }
          throw FileError(path: root, operation: "read inotify events", errno: error)
        }
        guard count > 0 else { break }
        buffer.withUnsafeBytes { bytes in
          var offset = 0
          while offset + headerSize <= count {
            let watch = bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self)
            let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
            let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
            let nameBytes = bytes[(offset + headerSize)..<min(offset + headerSize + length, count)]
            let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
            events.append(Event(watch: watch, mask: mask, name: name))
            offset += headerSize + length
          }
        }
      }
      return events
    }
  }
#endif
