/// `gamut lint`: reads existing asset catalogs (never writing in them), runs every check gamut has on what they
/// hold, and applies the configuration's rules. See docs/lint.md.
public struct Linter: Sendable {
  public var configuration: LintConfiguration
  /// Checks of bundles found beside the catalogs (see ``LintBundleChecker``): Icon Composer `.icon` bundles by
  /// default.
  package var bundleCheckers: [any LintBundleChecker] = [IconBundleLintChecker()]
  /// Whether each catalog is read under its shared lock (``BuildLock``), when it has the lock file: a build or a
  /// `lint --fix` writing it holds the lock, so lint waits and never reads a catalog half-written. A fix, which
  /// holds the catalog's lock itself, lints without.
  package var locksCatalogs = true
  /// Called with a catalog's path when lint waits for the process writing it.
  package var onLockWait: (@Sendable (String) -> Void)?
  /// Checks of sets from an earlier lint, taken instead of checking those sets again (their files must not have
  /// changed since).
  package var reuse = LintReuse()

  public init(configuration: LintConfiguration = LintConfiguration()) {
    self.configuration = configuration
  }

  /// Lints each PATH: an `.xcassets` folder, a set folder, a bundle a checker takes, or a folder searched for them
  /// (`LintDiscovery`); a PATH that is none of these is refused (``LintResult/refused``) and nothing is linted.
  public func lint(_ paths: [String]) -> LintResult {
    let found = LintDiscovery.find(paths, bundleExtensions: Set(bundleCheckers.map(\.bundleExtension)))
    guard found.refused.isEmpty else {
      var result = LintResult(findings: [], catalogs: [])
      result.refused = found.refused.map { LintResult.Refusal(path: $0.path, reason: $0.reason) }
      return result
    }
    var findings: [LintFinding] = []
    var trees: [CatalogTree] = []
    var reusable = LintReuse()
    for catalog in found.catalogs {
      let lock = locksCatalogs ? try? BuildLock.shared(catalogPath: catalog) { onLockWait?(catalog) } : nil
      defer { withExtendedLifetime(lock) {} }
      let tree = CatalogReader().read(catalog)
      trees.append(tree)
      let run = CatalogLint(tree: tree, configuration: configuration).run(reusing: reuse.catalogs[catalog])
      reusable.catalogs[catalog] = run.checks
      var hashes = Dictionary(run.digests.map { ($0.path, $0.hash) }, uniquingKeysWith: { a, _ in a })
      let base = Self.parent(of: catalog)
      var own = run.findings
      let iconsBeside = found.bundles.filter { $0.hasSuffix(".icon") && Self.parent(of: $0) == base }
      own += IconCollisions.check(tree, bundlePaths: iconsBeside)
      if let sets = found.onlySets[catalog] {
        let folders = sets.map { tree.path(of: $0) }
        own = own.filter { finding in folders.contains { finding.path == $0 || finding.path.hasPrefix($0 + "/") } }
      }
      findings += own.compactMap { finished($0, base: base, hashes: &hashes) }
    }
    for bundle in found.bundles {
      let base = Self.parent(of: bundle)
      var hashes: [String: String] = [:]
      for checker in bundleCheckers where bundle.hasSuffix("." + checker.bundleExtension) {
        findings += checker.check(bundleAt: bundle).compactMap { finished($0, base: base, hashes: &hashes) }
      }
    }
    var result = LintResult(findings: findings, catalogs: trees)
    result.bundles = found.bundles
    result.reusable = reusable
    return result
  }

  /// The finding with its asset path and content hash, and the configuration's rule applied; nil when the rule
  /// turns it off.
  private func finished(_ finding: Diagnostic, base: String, hashes: inout [String: String]) -> LintFinding? {
    var diagnostic = finding
    let assetPath =
      base.isEmpty || !diagnostic.path.hasPrefix(base + "/")
      ? diagnostic.path : String(diagnostic.path.dropFirst(base.count + 1))
    switch configuration.setting(for: diagnostic.code, at: assetPath) {
    case .off: return nil
    case .severity(let severity): diagnostic.severity = severity
    case nil: break
    }
    if hashes[diagnostic.path] == nil, (try? FileStatus(path: diagnostic.path))?.kind == .regular {
      hashes[diagnostic.path] = ContentHash.key(ofFile: diagnostic.path)
    }
    return LintFinding(diagnostic: diagnostic, assetPath: assetPath, contentHash: hashes[diagnostic.path])
  }

  /// The folder holding `path` ("" for a bare name).
  static func parent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "" }
    return String(path[..<slash])
  }
}
