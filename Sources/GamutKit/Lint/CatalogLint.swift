import Dispatch
import Synchronization

/// Every check of one catalog, in order: what reading it found, each set by kind, the catalog-wide duplicate and
/// name checks, and a note for each folder of a kind gamut does not check.
struct CatalogLint {
  let context: LintContext

  init(tree: CatalogTree, configuration: LintConfiguration) {
    context = LintContext(tree: tree, configuration: configuration)
  }

  /// An image file's identity: its path, size and SHA-256.
  struct Digest {
    var path: String
    var size: Int
    var hash: String

    init(_ image: LintImage) {
      path = image.path
      size = image.bytes.count
      hash = ContentHash.of(image.bytes)
    }
  }

  /// The findings, before the configuration's rules, and the digests of the PNG files read (whose hashes the
  /// baseline reuses).
  func run() -> (findings: [Diagnostic], digests: [Digest]) {
    let tree = context.tree
    var findings = tree.findings
    let sets = tree.sets
    // Sets are checked in parallel (a set's images are held only while it is checked); results keep set order.
    let results = Mutex([(findings: [Diagnostic], digests: [Digest])?](repeating: nil, count: sets.count))
    DispatchQueue.concurrentPerform(iterations: sets.count) { index in
      let result = check(sets[index].set)
      results.withLock { $0[index] = result }
    }
    var images: [Digest] = []
    for result in results.withLock({ $0 }) {
      findings += result?.findings ?? []
      images += result?.digests ?? []
    }
    findings += ColorSetLint(context: context).check(sets)
    findings += NameLint.check(sets, context: context)
    findings += duplicateImages(images)
    for folder in tree.uncheckedFolders {
      findings.append(
        Diagnostic(
          path: tree.path(of: folder.relativePath), severity: .note, code: .uncheckedKind,
          message: "a .\(folder.kind) folder; gamut lint does not check this kind"))
    }
    return (findings, images)
  }

  /// The findings of one set of an image, app icon or symbol kind (color sets are checked together), and the
  /// digests of its PNG files.
  private func check(_ set: CatalogSet) -> (findings: [Diagnostic], digests: [Digest]) {
    switch set.kind {
    case .imageSet:
      let result = ImageSetLint(context: context).check(set)
      return (result.findings, result.images.map(Digest.init))
    case .appIconSet:
      let result = AppIconLint(context: context).check(set)
      return (result.findings, result.images.map(Digest.init))
    case .symbolSet:
      return (StructureLint.check(set, context: context), [])
    case .colorSet:
      return ([], [])
    }
  }

  /// `duplicate-image`: files with the same bytes in several sets (compared by their SHA-256). Reported at each copy after the first.
  private func duplicateImages(_ images: [Digest]) -> [Diagnostic] {
    var findings: [Diagnostic] = []
    for (_, sameSize) in Dictionary(grouping: images, by: \.size).sorted(by: { $0.key < $1.key })
    where sameSize.count > 1 {
      let byHash = Dictionary(grouping: sameSize, by: \.hash)
      for (_, copies) in byHash.sorted(by: { $0.key < $1.key }) {
        let folders = Set(copies.map { $0.path.split(separator: "/").dropLast().joined(separator: "/") })
        guard folders.count > 1 else { continue }
        for copy in copies.dropFirst() {
          findings.append(
            Diagnostic(
              path: copy.path, severity: .warning, code: .duplicateImage,
              message: "has the same bytes as '\(copies[0].path)' in another set; one asset could serve both"))
        }
      }
    }
    return findings
  }
}
