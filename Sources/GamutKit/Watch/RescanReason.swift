/// Why a whole source folder has to be scanned again instead of only the paths that events named.
public enum RescanReason: Sendable, Equatable, CustomStringConvertible {
  /// The kernel's event queue overflowed (`IN_Q_OVERFLOW`), so some events were lost.
  case queueOverflow
  /// A folder could not be watched, for example because the watch limit (`fs.inotify.max_user_watches`) was
  /// reached (`ENOSPC`). Changes in it are seen only by rescans until it can be watched.
  case watchFailed(path: String, reason: String)
  /// The kernel dropped the watch of a folder that is still there (`IN_IGNORED`), for example on an unmount.
  case watchLost(path: String)
  /// The watched root folder itself was moved or deleted.
  case rootMoved
  /// The periodic full rescan that catches whatever events could not tell.
  case periodic

  public var description: String {
    switch self {
    case .queueOverflow: "the event queue overflowed; events were lost"
    case .watchFailed(let path, let reason): "cannot watch '\(path)': \(reason)"
    case .watchLost(let path): "the watch of '\(path)' was dropped"
    case .rootMoved: "the watched folder was moved or deleted"
    case .periodic: "periodic full rescan"
    }
  }
}
