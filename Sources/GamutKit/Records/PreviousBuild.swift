/// What a build starts from: the previous build's state, with the journal of a build that did not finish replayed
/// over it.
struct PreviousBuild: Sendable {
  /// The state, journal included.
  let state: BuildState
  /// Whether the catalog had a state written by a finished build (one with a manifest stamp).
  let hadState: Bool
  /// Whether a journal was replayed: the last build did not finish.
  let replayed: Bool

  /// Reads the state and the journal of the catalog at `catalogPath`.
  init(catalogPath: String) {
    var state = BuildState.load(catalogPath: catalogPath)
    hadState = state.manifest != nil
    replayed = BuildJournal.replay(catalogPath: catalogPath, into: &state)
    self.state = state
  }
}
