/// Writes one folder's plan so that a kill at any moment leaves the folder as it was or fixed, never mixed: the fixed
/// set is built whole beside the set (``FixLeftovers/newPrefix``: the files it keeps as hard links to the originals,
/// so their bytes and times stay; the files made; its `Contents.json`), the originals it replaces or removes go to
/// the backup, and one atomic exchange puts it in the set's place; the old set is then removed. A group's or the
/// root's `Contents.json` alone is one file, written through a temporary file renamed into place.
struct FixWriter {
  /// The deepest folder of a catalog a fix looks into (the reader's group limit and the set's own level).
  static let maximumDepth = 34

  let maker: FixFileMaker
  let backup: FixBackup?
  /// The catalog folder's parent, from which asset paths start ("" for a catalog given by its bare name).
  let base: String

  /// The asset path of `path`: from the catalog folder's name down.
  func assetPath(_ path: String) -> String {
    base.isEmpty || !path.hasPrefix(base + "/") ? path : String(path.dropFirst(base.count + 1))
  }

  /// The files of `plan`'s folder whose bytes the fix replaces or removes.
  func replaced(_ plan: SetFixPlan) -> [FixBackup.Item] {
    let existing = Set(SetFolder.names(in: plan.path))
    var names = plan.removes.union(plan.writes.keys.filter(existing.contains))
    if plan.contents != nil, existing.contains("Contents.json") { names.insert("Contents.json") }
    return names.sorted().map { FixBackup.Item(path: plan.path + "/" + $0, assetPath: assetPath(plan.path + "/" + $0)) }
  }

  /// Writes the plan of the set folder `plan.path`; the number of files backed up. On an error the set is as it was.
  func applySet(_ plan: SetFixPlan) throws(FileError) -> Int {
    let folder = plan.path
    let parent = SetFolder.parent(of: folder)
    let name = SetFolder.name(of: folder)
    let staging = parent + "/" + FixLeftovers.newPrefix + name
    FileSystem.removeTree(staging)
    do {
      try FileSystem.makeFolder(staging)
    } catch {
      throw FileError(path: staging, operation: "create the fixed set's folder", errno: error)
    }
    let saved: Int
    do throws(FileError) {
      try carryOver(plan, into: staging)
      try maker.make(plan, from: folder, into: staging)
      if let contents = plan.contents { try AtomicFile.write(contents, to: staging + "/Contents.json") }
      saved = try backup?.save(replaced(plan)) ?? 0
      try swap(staging, into: folder, old: parent + "/" + FixLeftovers.oldPrefix + name)
    } catch {
      FileSystem.removeTree(staging)
      throw error
    }
    return saved
  }

  /// Links (or, where a link cannot be made, copies) every file of the set the plan neither makes nor removes.
  private func carryOver(_ plan: SetFixPlan, into staging: String) throws(FileError) {
    for name in SetFolder.names(in: plan.path)
    where plan.writes[name] == nil && !plan.removes.contains(name) && !(name == "Contents.json" && plan.contents != nil)
    {
      let (from, to) = (plan.path + "/" + name, staging + "/" + name)
      guard (try? FileStatus(path: from))?.kind == .regular else {
        throw FileError(path: from, operation: "carry over", reason: "it is not a regular file")
      }
      if (try? FileSystem.hardLink(from, as: to)) == nil { try StreamedFile.copy(from, to: to) }
    }
  }

  /// Puts the folder `staging` at `folder`: one exchange, then the old set (now at `staging`) removed; where the
  /// system cannot exchange, `folder` is renamed to `old` and `staging` to `folder` (``FixLeftovers`` finishes a kill
  /// between the two).
  private func swap(_ staging: String, into folder: String, old: String) throws(FileError) {
    do {
      try FileSystem.exchange(staging, folder)
      FileSystem.removeTree(staging)
      return
    } catch  where error != .notSupported {
      throw FileError(path: folder, operation: "swap in the fixed set", errno: error)
    } catch {}
    do {
      try FileSystem.rename(folder, to: old)
    } catch {
      throw FileError(path: folder, operation: "move the set aside", errno: error)
    }
    do {
      try FileSystem.rename(staging, to: folder)
    } catch {
      try? FileSystem.rename(old, to: folder)
      throw FileError(path: folder, operation: "put the fixed set in place", errno: error)
    }
    FileSystem.removeTree(old)
  }

  /// Writes the new `Contents.json` of the group or root folder of `plan`; the number of files backed up.
  func applyFolder(_ plan: SetFixPlan) throws(FileError) -> Int {
    guard let contents = plan.contents else { return 0 }
    let saved = try backup?.save(replaced(plan)) ?? 0
    try AtomicFile.write(contents, to: plan.path + "/Contents.json")
    return saved
  }
}
