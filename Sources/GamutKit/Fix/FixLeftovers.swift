/// What a fix killed half-way leaves, and how the next fix finishes it. A set is replaced by a folder built beside
/// it, `.gamut-tmp-fix-new-NAME`, swapped in with one atomic exchange (``FileSystem/exchange(_:_:)``); where the
/// system cannot exchange, the set is first renamed to `.gamut-tmp-fix-old-NAME` and the new folder then renamed to
/// `NAME`. So at any moment `NAME` is the old set or the new one, whole, except between those two renames, when it
/// is missing and the new folder, complete, waits beside it.
///
/// ``recover(in:)`` runs under the catalog's lock before a fix: a missing set gets its new folder (or, were that
/// gone, its old one) back under its name, and whatever else is left is removed: a new folder not swapped in (the
/// set is still the old one), the old set after a swap. It lists folders itself rather than through the folder
/// walker, which passes over exactly the names it looks for (gamut's own temporary ones), and enters no link.
enum FixLeftovers {
  /// The prefix of a set's replacement while it is built (and of the old set after an exchange).
  static let newPrefix = AtomicFile.temporaryPrefix + "fix-new-"
  /// The prefix of the old set between the two renames of a fix on a system that cannot exchange.
  static let oldPrefix = AtomicFile.temporaryPrefix + "fix-old-"

  /// Finishes or undoes what a killed fix left in the catalog at `catalog`; the number of leftovers handled.
  @discardableResult
  static func recover(in catalog: String) -> Int {
    var handled = 0
    var folders: [(path: String, depth: Int)] = [(catalog, 0)]
    while let (folder, depth) = folders.popLast() {
      let names = ((try? FileSystem.listFolder(folder)) ?? []).sorted()
      let sets = Set(
        names.filter { $0.hasPrefix(newPrefix) || $0.hasPrefix(oldPrefix) }.map {
          String($0.dropFirst(newPrefix.count))
        })
      for set in sets.sorted() {
        let (new, old, target) = (folder + "/" + newPrefix + set, folder + "/" + oldPrefix + set, folder + "/" + set)
        if (try? FileStatus(path: target)) == nil {
          try? FileSystem.rename((try? FileStatus(path: new)) != nil ? new : old, to: target)
        }
        FileSystem.removeTree(new)
        FileSystem.removeTree(old)
        handled += 1
      }
      for name in names where !name.hasPrefix(".") && depth < FixWriter.maximumDepth {
        if (try? FileStatus(path: folder + "/" + name))?.kind == .folder {
          folders.append((folder + "/" + name, depth + 1))
        }
      }
      for name in names where AtomicFile.isTemporaryName(name) && !name.hasPrefix(AtomicFile.temporaryPrefix + "fix-") {
        FileSystem.removeFile(folder + "/" + name)
      }
    }
    return handled
  }
}
