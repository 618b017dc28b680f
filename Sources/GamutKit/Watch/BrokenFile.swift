/// A source file that stopped changing but failed the completeness check (``SourceCompleteness``): reported once by
/// ``WatchLoop`` until it changes again.
public struct BrokenFile: Sendable, Equatable, Hashable {
  /// The path relative to the source root.
  public var path: String
  /// Why the completeness check failed.
  public var reason: String

  /// A broken file and the reason.
  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }
}
