internal import GamutKit

extension Diagnostic {
  /// The finding with its path as the user can open it: a path relative to the source folder gets `sourceRoot`
  /// in front; an absolute one (an Icon Composer bundle beside the catalog, say) stays as it is.
  func located(in sourceRoot: String) -> Diagnostic {
    guard !path.hasPrefix("/") else { return self }
    var located = self
    located.path = sourceRoot + "/" + path
    return located
  }
}
