import Dispatch
import Synchronization

extension CatalogFixer {
  /// A folder's plan, with the folder its catalog sits in (asset paths start below it) and whether it is a set.
  struct Planned: Sendable {
    var plan: SetFixPlan
    var base: String
    var isSet: Bool
  }

  /// What a folder with findings is.
  private enum Folder: Sendable {
    case set(CatalogSet)
    case group(JSONNode?)
  }

  /// The plan of every folder with findings of the codes asked for, in path order; folders are planned in
  /// parallel (each reads only its own files).
  func plans(_ result: LintResult, leaving untouched: Set<String> = []) -> [Planned] {
    let context = FixContext(selection: selection, options: linter.configuration.options)
    var folders: [String: (folder: Folder, base: String)] = [:]
    for tree in result.catalogs where !untouched.contains(tree.path) {
      let base = SetFolder.parent(of: tree.path)
      folders[tree.path] = (.group(tree.root.document), base)
      for group in tree.groups { folders[tree.path(of: group.relativePath)] = (.group(group.document), base) }
      for placed in tree.sets { folders[tree.path(of: placed.set.relativePath)] = (.set(placed.set), base) }
    }
    var selected: [String: [LintFinding]] = [:]
    var all: [String: [LintFinding]] = [:]
    for finding in result.findings {
      let folder = SetFolder.parent(of: finding.diagnostic.path)
      all[folder, default: []].append(finding)
      if selection.codes.contains(finding.diagnostic.code) { selected[folder, default: []].append(finding) }
    }
    let keys = selected.keys.filter { folders[$0] != nil }.sorted()
    let (folderOf, selectedIn, allIn) = (folders, selected, all)
    let results = Mutex([Planned?](repeating: nil, count: keys.count))
    DispatchQueue.concurrentPerform(iterations: keys.count) { index in
      let path = keys[index]
      let (folder, base) = folderOf[path]!
      let findings = selectedIn[path]!
      let planned: Planned
      switch folder {
      case .set(let set):
        let plan =
          switch set.kind {
          case .imageSet: ImageSetFix(context: context, folder: path, set: set).plan(findings, all: allIn[path]!)
          case .colorSet: ColorSetFix(context: context, folder: path, set: set).plan(findings)
          case .appIconSet, .symbolSet: FolderFix.plan(findings, folder: path, set: set)
          }
        planned = Planned(plan: plan, base: base, isSet: true)
      case .group(let document):
        planned = Planned(plan: FolderFix.plan(findings, folder: path, document: document), base: base, isSet: false)
      }
      results.withLock { $0[index] = planned }
    }
    return results.withLock { $0 }.compactMap { $0 }
  }

  /// The writer of a folder's plan.
  func writer(_ planned: Planned) -> FixWriter {
    let context = FixContext(selection: selection, options: linter.configuration.options)
    return FixWriter(
      maker: FixFileMaker(context: context), backup: backupFolder.map(FixBackup.init), base: planned.base)
  }

  /// The refusal when `--backup` holds, where a file would be backed up, other bytes than that file's.
  func backupConflict(_ planned: [Planned]) -> LintResult.Refusal? {
    guard let backupFolder else { return nil }
    let items = planned.flatMap { writer($0).replaced($0.plan) }
    guard let first = FixBackup(root: backupFolder).conflicts(items).first else { return nil }
    return LintResult.Refusal(
      path: first,
      reason: "--backup holds a file here with other bytes than the one the fix would keep in its place; gamut does "
        + "not overwrite it: choose an empty folder")
  }

  /// The report's entry for a folder's plan; nil when the plan changes nothing.
  func change(_ planned: Planned) -> FixReport.Change? {
    let plan = planned.plan
    guard !plan.isEmpty else { return nil }
    let existing = Set(SetFolder.names(in: plan.path))
    let written = plan.writes.keys.sorted().map { name in
      FixReport.WrittenFile(name: name, isNew: !existing.contains(name), description: plan.descriptions[name] ?? "")
    }
    let label = writer(planned).assetPath(plan.path + "/Contents.json")
    var change = FixReport.Change(
      path: plan.path, codes: Array(Set(plan.fixed.map(\.diagnostic.code))).sorted { $0.rawValue < $1.rawValue },
      written: written, removed: plan.removes.sorted(),
      contentsDiff: plan.contents.map { LineDiff.unified(plan.original, $0, label: label) })
    change.contents = plan.contents.map {
      (plan.original.map { String(decoding: $0, as: UTF8.self) }, String(decoding: $0, as: UTF8.self))
    }
    change.fixes = plan.fixed
    return change
  }

  /// Writes every plan, folders in parallel (each whole or not at all); a folder that fails is left as it was and
  /// its error reported. The folders written.
  func apply(_ planned: [Planned], report: inout FixReport) -> Set<String> {
    let results = Mutex([Result<Int, FileError>?](repeating: nil, count: planned.count))
    DispatchQueue.concurrentPerform(iterations: planned.count) { index in
      let item = planned[index]
      guard !item.plan.isEmpty else { return }
      let writer = writer(item)
      let result = Result { () throws(FileError) -> Int in
        item.isSet ? try writer.applySet(item.plan) : try writer.applyFolder(item.plan)
      }
      results.withLock { $0[index] = result }
    }
    var failed: Set<String> = []
    for (index, result) in results.withLock({ $0 }).enumerated() {
      switch result {
      case .success(let count)?: report.backedUp += count
      case .failure(let error)?:
        report.failures.append(error)
        failed.insert(planned[index].plan.path)
      case nil: break
      }
    }
    report.changes.removeAll { failed.contains($0.path) }
    report.renditions.removeAll { failed.contains(SetFolder.parent(of: $0.path)) }
    return Set(planned.filter { !$0.plan.isEmpty && !failed.contains($0.plan.path) }.map(\.plan.path))
  }

  /// What was fixed and what remains, from the lint before and after: a finding of a code asked for is fixed when
  /// the lint after no longer has it (by code and path), and remains, with the plan's reason, when it has.
  func account(before: LintResult, after: LintResult, plans: [SetFixPlan], report: inout FixReport) {
    func key(_ finding: LintFinding) -> String { finding.diagnostic.code.rawValue + "\u{0}" + finding.diagnostic.path }
    var remaining = Dictionary(after.findings.map { (key($0), 1) }, uniquingKeysWith: +)
    report.fixed = before.findings.filter { finding in
      guard selection.codes.contains(finding.diagnostic.code) else { return false }
      guard let count = remaining[key(finding)], count > 0 else { return true }
      remaining[key(finding)] = count - 1
      return false
    }
    var reasons = Dictionary(
      plans.flatMap(\.unfixed).map { (key($0.finding), $0.reason) }, uniquingKeysWith: { first, _ in first })
    for failure in report.failures {
      for finding in before.findings where finding.diagnostic.path.hasPrefix(failure.path + "/") {
        reasons[key(finding)] = "its set could not be written: cannot \(failure.operation): \(failure.reason)"
      }
    }
    report.unfixed = after.findings.filter { selection.codes.contains($0.diagnostic.code) }.map {
      FixReport.Unfixed(finding: $0, reason: reasons[key($0)] ?? "still reported after the fix")
    }
  }
}
