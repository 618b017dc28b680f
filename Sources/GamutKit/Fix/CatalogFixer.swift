import Dispatch
import Synchronization

/// `gamut lint --fix`: repairs catalogs in place with gamut's own conversions (docs/fix.md). Each catalog is
/// locked against a build, a lint or another fix (the build's lock file), what a killed fix left is finished, the
/// catalog is linted, each folder with findings of the codes asked for is planned (`ImageSetFix`, `ColorSetFix`,
/// `FolderFix`) and written whole or not at all (`FixWriter`: a set is replaced by a complete copy in one rename),
/// and the catalog is linted again, checking again only the sets the fix wrote: what that finds is what remains.
///
/// Nothing is written outside the catalogs except the backup; a catalog `gamut build` writes from a source folder
/// is refused (fix its sources). With ``dryRun`` nothing is written at all, not even the lock file.
public struct CatalogFixer: Sendable {
  /// The lint before and after the fix: its configuration's rules decide which findings there are to fix (a code
  /// switched off is not fixed) and its options which conversions are made.
  public var linter: Linter
  /// The codes fixed.
  public var selection: FixSelection
  /// Plan and report only.
  public var dryRun = false
  /// `--backup DIR`: where the original bytes of every replaced or removed file go, under the path from the
  /// catalog's folder down. Check it is outside the catalogs first (the command refuses one inside).
  public var backupFolder: String?
  /// Called with a catalog's path when the fix waits for another process writing it.
  package var onLockWait: (@Sendable (String) -> Void)?

  /// A fixer of the findings of `selection`'s codes (the safe set unless told otherwise) that `linter` finds.
  public init(linter: Linter, selection: FixSelection = FixSelection()) {
    self.linter = linter
    self.selection = selection
  }

  /// What a run did.
  public struct Run: Sendable {
    /// The lint before the fix (its findings, after the configuration's rules).
    public var before: LintResult
    /// The lint after the fix: what remains (the same as `before` for a dry run).
    public var after: LintResult
    /// What was changed (or would be), fixed and left.
    public var report: FixReport
    /// Why nothing was fixed, when the run was refused before writing: a catalog `gamut build` writes, a backup
    /// that would overwrite other bytes, a lock that could not be taken. The command exits 64.
    public var refused: [LintResult.Refusal] = []
  }

  /// The catalogs `paths` name, as `gamut lint` finds them (for checking an output path against them before a fix).
  package func catalogs(for paths: [String]) -> [String] {
    LintDiscovery.find(paths, bundleExtensions: Set(linter.bundleCheckers.map(\.bundleExtension))).catalogs
  }

  /// Fixes the catalogs (and sets) `paths` name, as `gamut lint` finds them.
  public func run(_ paths: [String]) -> Run {
    let found = LintDiscovery.find(paths, bundleExtensions: Set(linter.bundleCheckers.map(\.bundleExtension)))
    var report = FixReport(dryRun: dryRun)
    let catalogs = found.catalogs.sorted()
    // A catalog gamut build writes is refused when a PATH names it, and left alone when a search found it.
    let built = Set(catalogs.filter { (try? FileStatus(path: $0 + "/" + BuildState.fileName)) != nil })
    let given = paths.map(OutputPathGuard.canonical)
    let named = built.filter { catalog in
      given.contains { OutputPathGuard.isInside($0, OutputPathGuard.canonical(catalog)) }
    }
    guard found.refused.isEmpty, named.isEmpty else {
      let result = linter.lint(paths)
      let refusals = named.sorted().map {
        LintResult.Refusal(
          path: $0,
          reason: "is written by gamut build from a source folder (it holds \(BuildState.fileName)): fix the "
            + "sources and build again; --fix repairs catalogs kept in Xcode")
      }
      return Run(before: result, after: result, report: report, refused: refusals)
    }
    report.skipped = built.sorted()
    let (locks, refusal) = lock(catalogs, sharing: built)
    if let refusal {
      let result = linter.lint(paths)
      return Run(before: result, after: result, report: report, refused: [refusal])
    }
    defer { if !dryRun { for lock in locks.exclusive { lock.removeFile() } } }
    if !dryRun { for catalog in catalogs where !built.contains(catalog) { FixLeftovers.recover(in: catalog) } }
    var inner = linter
    inner.locksCatalogs = false
    let before = inner.lint(paths)
    let planned = plans(before, leaving: built)
    if let refusal = backupConflict(planned) {
      return Run(before: before, after: before, report: report, refused: [refusal])
    }
    report.changes = planned.compactMap(change)
    report.renditions = planned.flatMap { item in
      item.plan.renditions.sorted { $0.key < $1.key }.map {
        FixReport.Rendition(path: item.plan.path + "/" + $0.key, verdict: $0.value)
      }
    }
    guard !dryRun else {
      report.fixed = planned.flatMap(\.plan.fixed)
      report.unfixed = planned.flatMap(\.plan.unfixed)
      return Run(before: before, after: before, report: report)
    }
    let written = apply(planned, report: &report)
    // The sets the fix did not write are as the first lint found them: only the others are checked again.
    inner.reuse = before.reusable.without(written)
    let after = inner.lint(paths)
    account(before: before, after: after, plans: planned.map(\.plan), report: &report)
    return Run(before: before, after: after, report: report)
  }

  /// What a fix of `result`'s catalogs would do, planned from that lint alone (nothing locked, read again or
  /// written): the changes a SARIF log describes as `fixes`.
  package func proposals(for result: LintResult) -> FixReport {
    var report = FixReport(dryRun: true)
    let planned = plans(result)
    report.changes = planned.compactMap(change)
    report.fixed = planned.flatMap(\.plan.fixed)
    report.unfixed = planned.flatMap(\.plan.unfixed)
    return report
  }

  /// Takes each catalog's lock, in path order: exclusive, creating the lock file, for a fix; shared, where the file
  /// exists, for a dry run, which writes nothing, and for the catalogs in `sharing`, which the fix leaves alone.
  private func lock(_ catalogs: [String], sharing: Set<String>) -> (
    locks: (exclusive: [BuildLock], shared: [BuildLock]), refusal: LintResult.Refusal?
  ) {
    var locks: (exclusive: [BuildLock], shared: [BuildLock]) = ([], [])
    for catalog in catalogs {
      do throws(FileError) {
        if dryRun || sharing.contains(catalog) {
          if let lock = try BuildLock.shared(catalogPath: catalog, onWait: { onLockWait?(catalog) }) {
            locks.shared.append(lock)
          }
        } else {
          locks.exclusive.append(try BuildLock(catalogPath: catalog, wait: true) { onLockWait?(catalog) })
        }
      } catch {
        return (locks, LintResult.Refusal(path: catalog, reason: "cannot \(error.operation): \(error.reason)"))
      }
    }
    return (locks, nil)
  }
}
