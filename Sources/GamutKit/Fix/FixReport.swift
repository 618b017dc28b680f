/// What `gamut lint --fix` did, or would do with `--dry-run`: each set changed (files written and removed, its
/// `Contents.json`), the findings fixed and those left with the reason, and the clipping verdict of every sRGB
/// rendition made from wide-gamut art.
public struct FixReport: Sendable {
  /// One file a fix writes into a set.
  public struct WrittenFile: Sendable, Equatable {
    /// The file's name in its set.
    public var name: String
    /// Whether no file of that name was there before (else it replaces one).
    public var isNew: Bool
    /// What it is: `sRGB 8-bit, converted from star@2x.png (Display P3)`.
    public var description: String
  }

  /// One folder (a set, a group or the catalog root) a fix changes.
  public struct Change: Sendable {
    /// The folder's path, as findings name it.
    public var path: String
    /// The codes fixed in it.
    public var codes: [DiagnosticCode]
    /// The files written into it, new or in place of others, sorted by name.
    public var written: [WrittenFile]
    /// Names of the files removed.
    public var removed: [String]
    /// The unified diff of its `Contents.json`, when that changes.
    public var contentsDiff: String?
    /// Its `Contents.json` as it is, and as the fix writes it, when that changes.
    package var contents: (before: String?, after: String)?
    /// The findings the change fixes.
    package var fixes: [LintFinding] = []

    /// Whether the change is to the `Contents.json` text alone (no file written or removed): a change a SARIF
    /// viewer can show and apply as an edit.
    package var isTextOnly: Bool { written.isEmpty && removed.isEmpty && contents != nil }
  }

  /// A finding of a code asked for that the fix leaves, and why.
  public struct Unfixed: Sendable {
    /// The finding, as the lint after the fix (or, for a dry run, before it) made it.
    public var finding: LintFinding
    /// Why it is left: `the file is named by two entries`, say.
    public var reason: String
  }

  /// An sRGB rendition made from wide-gamut art, and what clipping does to it (the clipping check's verdict on the
  /// art, which the rendition is).
  public struct Rendition: Sendable {
    /// The rendition's path.
    public var path: String
    /// The clipping verdict: `error` when sRGB screens lose what the art shows, `warning`, `ok`.
    public var verdict: ClippingReport.Verdict
  }

  /// Whether nothing was written (`--dry-run`).
  public var dryRun: Bool
  /// The folders changed (or that would be), in catalog order.
  public var changes: [Change] = []
  /// The findings fixed (or that would be).
  public var fixed: [LintFinding] = []
  /// The findings of the codes asked for that remain.
  public var unfixed: [Unfixed] = []
  /// The sRGB renditions made from wide-gamut art (or that would be), with their clipping verdicts.
  public var renditions: [Rendition] = []
  /// The files whose original bytes went to `--backup`.
  public var backedUp = 0
  /// Folders that could not be written: each is as it was.
  public var failures: [FileError] = []
  /// Catalogs a search found that `gamut build` writes from a source folder: linted, not fixed.
  public var skipped: [String] = []

  package init(dryRun: Bool) {
    self.dryRun = dryRun
  }

  /// The number of findings fixed, by code, sorted by code.
  public var fixedByCode: [(code: DiagnosticCode, count: Int)] {
    Dictionary(fixed.map { ($0.diagnostic.code, 1) }, uniquingKeysWith: +).sorted { $0.key.rawValue < $1.key.rawValue }
      .map { ($0.key, $0.value) }
  }
}
