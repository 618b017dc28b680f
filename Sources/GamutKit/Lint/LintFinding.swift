/// One finding of `gamut lint`: the diagnostic, where it is inside its catalog, and the content hash of the file it
/// is about, the two that (with the code) key it in a baseline.
public struct LintFinding: Sendable, Equatable, Codable {
  public var diagnostic: Diagnostic
  /// The path from the catalog folder's own name down (`Assets.xcassets/Icons/Star.imageset/star@2x.png`), the same
  /// wherever the catalog is checked out: what `lint.paths` globs and baselines match.
  public var assetPath: String
  /// The SHA-256 of the file the finding is about; nil for a folder.
  public var contentHash: String?

  public init(diagnostic: Diagnostic, assetPath: String, contentHash: String?) {
    self.diagnostic = diagnostic
    self.assetPath = assetPath
    self.contentHash = contentHash
  }

  /// The baseline key: code, asset path and content hash, never the message (it carries measured figures).
  public var baselineKey: LintBaseline.Entry {
    LintBaseline.Entry(code: diagnostic.code.rawValue, path: assetPath, hash: contentHash ?? "")
  }
}

/// What one `gamut lint` run found.
public struct LintResult: Sendable {
  /// A PATH lint does not take, and why.
  public struct Refusal: Sendable, Equatable {
    public var path: String
    public var reason: String

    package init(path: String, reason: String) {
      self.path = path
      self.reason = reason
    }
  }

  /// Every finding, in catalog order, after the configuration's rules (and the baseline, when one was applied).
  public var findings: [LintFinding]
  /// The catalogs read.
  package var catalogs: [CatalogTree]
  /// The bundles checked (Icon Composer `.icon` bundles beside the catalogs, or given as paths).
  public var bundles: [String] = []
  /// The PATHs refused: when there is one, nothing was linted (the command exits 64).
  public var refused: [Refusal] = []
  /// Findings the baseline accepted.
  public var baselined = 0
  /// Each set's check, for a later lint of sets that do not change (``Linter/reuse``).
  package var reusable = LintReuse()

  package init(findings: [LintFinding], catalogs: [CatalogTree]) {
    self.findings = findings
    self.catalogs = catalogs
  }

  /// The exit status, decided as for a build.
  public func exitStatus(strict: Bool) -> ExitStatus {
    ExitStatus(findings: findings.map(\.diagnostic), strict: strict)
  }
}
