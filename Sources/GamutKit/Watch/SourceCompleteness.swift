/// Whether a changed source file is complete enough to build from: the result of the check ``WatchLoop`` runs on a
/// file that has stopped changing, for example a full decode of the PNG.
public enum SourceCompleteness: Sendable, Equatable {
  case complete
  /// The file is not a complete source yet, or is broken; the reason is shown to the user.
  case incomplete(reason: String)

  /// A check given the file's absolute path.
  public typealias Check = @Sendable (_ path: String) -> SourceCompleteness
}
