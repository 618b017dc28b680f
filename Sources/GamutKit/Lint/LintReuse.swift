/// What one lint found set by set, for a later lint of the same catalogs to take for the sets whose files have not
/// changed since (``Linter/reuse``): `gamut lint --fix` lints again after writing, and checks again only the sets it
/// wrote. Each set's check is its findings before the configuration's rules and the digests of its PNGs; the checks
/// of the catalog as a whole (names, colors, duplicates, layouts) always run again.
package struct LintReuse: Sendable {
  /// One catalog's checks: the platforms its sets named (a set's checks depend on them, so they are reused only
  /// while the catalog names the same) and each set's check by its path inside the catalog.
  struct Catalog: Sendable {
    var platforms: CatalogPlatforms
    var sets: [String: CatalogLint.SetCheck]
  }

  /// By catalog path (as given).
  var catalogs: [String: Catalog] = [:]

  package init() {}

  /// These checks without those of the set folders `folders`, paths as findings name them (the catalog's path as
  /// given, then the set's path inside it): the folders a fix wrote.
  package func without(_ folders: Set<String>) -> LintReuse {
    var kept = self
    for (path, catalog) in catalogs {
      kept.catalogs[path]?.sets = catalog.sets.filter { !folders.contains(path + "/" + $0.key) }
    }
    return kept
  }

  /// The set paths (as findings name them) whose checks are held.
  package var setPaths: Set<String> {
    Set(catalogs.flatMap { path, catalog in catalog.sets.keys.map { path + "/" + $0 } })
  }
}
