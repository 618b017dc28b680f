/// What a ``ChangeSource`` saw since it was last asked: hints about where to look again, never the truth itself.
///
/// The truth is a fresh look at the file system: the paths say where (a file, or a folder to look into again),
/// and ``rescan`` says "look at everything", because the source lost track of some events.
public struct ChangeSet: Sendable, Equatable {
  /// Paths relative to the root, with `/` separators, of files or folders that were created, modified, deleted,
  /// or moved in or out. The root itself is the empty path.
  public var paths: Set<String>
  /// Why everything must be looked at again, or `nil` when the paths are complete.
  public var rescan: RescanReason?

  /// A set of changed paths, and the need for a rescan if any.
  public init(paths: Set<String> = [], rescan: RescanReason? = nil) {
    self.paths = paths
    self.rescan = rescan
  }

  /// Whether there is nothing to look at.
  public var isEmpty: Bool { paths.isEmpty && rescan == nil }

  /// Adds another set's paths; the first rescan reason is kept.
  public mutating func formUnion(_ other: ChangeSet) {
    paths.formUnion(other.paths)
    if rescan == nil { rescan = other.rescan }
  }
}
