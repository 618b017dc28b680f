/// Plans the fixes every folder of a catalog can have: files no entry names removed (`unlisted-file`, in any set)
/// and `Contents.json` rewritten in today's layout with the same values (`contents-layout`, in any set, group or
/// the root). App icon and symbol sets get these only.
enum FolderFix {
  /// The plan for the set folder at `folder` with `findings` (of the codes asked for).
  static func plan(_ findings: [LintFinding], folder: String, set: CatalogSet) -> SetFixPlan {
    var plan = SetFixPlan(path: folder)
    if let problem = SetFolder.problem(folder, set: set) {
      plan.leave(findings, problem)
      return plan
    }
    for finding in findings where finding.diagnostic.code == .unlistedFile {
      plan.removes.insert(SetFolder.name(of: finding.diagnostic.path))
      plan.fixed.append(finding)
    }
    plan.leave(
      findings.filter { ![.unlistedFile, .contentsLayout].contains($0.diagnostic.code) },
      "--fix changes no image of \(set.kind == .appIconSet ? "an app icon set" : "a symbol set")")
    layout(findings.filter { $0.diagnostic.code == .contentsLayout }, document: set.document, into: &plan)
    return plan
  }

  /// The plan for a group folder (or the root) at `folder`, whose `Contents.json` is `document`.
  static func plan(_ findings: [LintFinding], folder: String, document: JSONNode?) -> SetFixPlan {
    var plan = SetFixPlan(path: folder)
    layout(findings.filter { $0.diagnostic.code == .contentsLayout }, document: document, into: &plan)
    return plan
  }

  /// `contents-layout`: the folder's `Contents.json` in today's layout, proved to hold the same values
  /// (``ContentsLayoutLint/rewritten(_:document:)``).
  private static func layout(_ findings: [LintFinding], document: JSONNode?, into plan: inout SetFixPlan) {
    guard !findings.isEmpty else { return }
    plan.original = ContentsLayoutLint.read(plan.path + "/Contents.json")
    if let original = plan.original, let document,
      let rewritten = ContentsLayoutLint.rewritten(original, document: document)
    {
      plan.contents = rewritten
      plan.fixed += findings
    } else {
      plan.leave(findings, "its rewrite would not hold the same values")
    }
  }
}
