/// One catalog entry expressed as sources: the files to copy into the source folder, the colors to write into a
/// colors file, and what it adds to `gamut.yml`.
struct TranslatedEntry: Sendable, Equatable {
  /// A catalog file copied byte for byte to a source path.
  struct Copy: Sendable, Equatable {
    /// Relative to the catalog.
    var from: String
    /// Relative to the source folder.
    var to: String
  }

  /// The entry's path in the catalog.
  var path: String
  var copies: [Copy] = []
  /// YAML lines of colors, by the colors file (relative to the source folder) they go into.
  var colorLines: [String: [String]] = [:]
  var configuration = ImportConfiguration()
  /// What a rebuild does with the entry's pixels, for the table (empty: nothing worth saying).
  var note = ""
}
