/// What fixing one folder of a catalog (a set, a group or the root) writes: the files made and how, the files
/// removed, the new `Contents.json`, and which findings that settles. Every other file of the folder is carried over
/// as it is. Planned first (reading, never writing), so that `--dry-run` shows it and the fix writes it whole.
struct SetFixPlan: Sendable {
  /// How a file of the fixed set is made from the original set's files.
  enum Product: Sendable, Equatable {
    /// The file `from` converted to `to` with the build's conversion routes (`converted(from: "a.png", to: .sRGB)`
    /// may replace `a.png` itself).
    case converted(from: String, to: ConversionTarget)
    /// The 16-bit PNG `from` written at 8 bits with the same color chunk: every sample is its high byte.
    case eightBit(from: String)

    /// The file it is made from.
    var source: String {
      switch self {
      case .converted(let from, _), .eightBit(let from): from
      }
    }
  }

  /// The folder's path as findings name it.
  var path: String
  /// Files made, by name: new ones, or ones replacing the file of that name.
  var writes: [String: Product] = [:]
  /// What each file made is, for the report.
  var descriptions: [String: String] = [:]
  /// Files removed.
  var removes: Set<String> = []
  /// The new `Contents.json`, when it changes.
  var contents: [UInt8]?
  /// The `Contents.json` as it is.
  var original: [UInt8]?
  /// The findings the plan settles.
  var fixed: [LintFinding] = []
  var unfixed: [FixReport.Unfixed] = []
  /// sRGB renditions made from wide-gamut art, by name, with their clipping verdict.
  var renditions: [String: ClippingReport.Verdict] = [:]

  init(path: String) {
    self.path = path
  }

  /// Whether the plan changes nothing.
  var isEmpty: Bool { writes.isEmpty && removes.isEmpty && contents == nil }

  /// Leaves every finding of `findings` unfixed for `reason`.
  mutating func leave(_ findings: [LintFinding], _ reason: String) {
    unfixed += findings.map { FixReport.Unfixed(finding: $0, reason: reason) }
  }

  /// The set's Contents.json and its entries under `key`, when the set can be fixed at all; otherwise nil, with
  /// `findings` left unfixed for the reason (a Contents.json that cannot be rewritten, or a folder that is not
  /// gamut's to replace).
  mutating func open(_ set: CatalogSet, key: String, for findings: [LintFinding]) -> (
    document: JSONNode, entries: [FixEntry]
  )? {
    guard let document = set.document, let entries = FixEntry.entries(of: document, key: key) else {
      leave(findings, "its Contents.json cannot be rewritten (an entry that is not an object, or a key twice)")
      return nil
    }
    if let problem = SetFolder.problem(path, set: set) {
      leave(findings, problem)
      return nil
    }
    return (document, entries)
  }
}
