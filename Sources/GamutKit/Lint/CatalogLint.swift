import Dispatch
import Synchronization

/// Every check of one catalog, in order: what reading it found, each set by kind, the catalog-wide duplicate and
/// name checks, and a note for each folder of a kind gamut does not check.
struct CatalogLint {
  let context: LintContext

  init(tree: CatalogTree, configuration: LintConfiguration) {
    context = LintContext(tree: tree, configuration: configuration)
  }

  /// An image file's identity: its path, size and SHA-256, and the set that holds it.
  struct Digest: Sendable {
    var path: String
    var size: Int
    var hash: String
    /// The set folder's path, as findings name it.
    var set: String
    /// Whether the set is an app icon set.
    var inAppIcon: Bool

    init(_ image: LintImage, set: String, inAppIcon: Bool) {
      path = image.path
      size = image.bytes.count
      hash = ContentHash.of(image.bytes)
      self.set = set
      self.inAppIcon = inAppIcon
    }
  }

  /// What checking one set gave: its findings, before the configuration's rules, and the digests of its PNG files.
  struct SetCheck: Sendable {
    var findings: [Diagnostic]
    var digests: [Digest]
  }

  /// The findings, before the configuration's rules, the digests of the PNG files read (whose hashes the baseline
  /// reuses), and each set's own check. A set `reusing` holds (by its path in the catalog) is not checked again when
  /// the catalog names the same platforms as then: its files are known not to have changed since that check (a fix
  /// lints so what it did not write).
  func run(reusing earlier: LintReuse.Catalog? = nil) -> (
    findings: [Diagnostic], digests: [Digest], checks: LintReuse.Catalog
  ) {
    let tree = context.tree
    var findings = tree.findings
    let sets = tree.sets
    let reusing = earlier?.platforms == context.platforms ? earlier?.sets ?? [:] : [:]
    // Sets are checked in parallel (a set's images are held only while it is checked); results keep set order.
    let results = Mutex([SetCheck?](repeating: nil, count: sets.count))
    DispatchQueue.concurrentPerform(iterations: sets.count) { index in
      let set = sets[index].set
      let result = reusing[set.relativePath] ?? check(set)
      results.withLock { $0[index] = result }
    }
    var images: [Digest] = []
    var checks = LintReuse.Catalog(platforms: context.platforms, sets: [:])
    for (index, result) in results.withLock({ $0 }).enumerated() {
      findings += result?.findings ?? []
      images += result?.digests ?? []
      checks.sets[sets[index].set.relativePath] = result
    }
    findings += ColorSetLint(context: context).check(sets)
    findings += NameLint.check(sets, context: context)
    findings += duplicateImages(images)
    findings += ContentsLayoutLint.check(tree)
    for folder in tree.uncheckedFolders {
      findings.append(
        Diagnostic(
          path: tree.path(of: folder.relativePath), severity: .note, code: .uncheckedKind,
          message: "a .\(folder.kind) folder; gamut lint does not check this kind"))
    }
    return (findings, images, checks)
  }

  /// The findings of one set of an image, app icon or symbol kind (color sets are checked together), and the
  /// digests of its PNG files.
  private func check(_ set: CatalogSet) -> SetCheck {
    switch set.kind {
    case .imageSet:
      let result = ImageSetLint(context: context).check(set)
      return SetCheck(
        findings: result.findings,
        digests: result.images.map { Digest($0, set: context.path(of: set), inAppIcon: false) })
    case .appIconSet:
      let result = AppIconLint(context: context).check(set)
      return SetCheck(
        findings: result.findings,
        digests: result.images.map { Digest($0, set: context.path(of: set), inAppIcon: true) })
    case .symbolSet:
      return SetCheck(findings: StructureLint.check(set, context: context), digests: [])
    case .colorSet:
      return SetCheck(findings: [], digests: [])
    }
  }

  /// `duplicate-image` (a note: a copy costs size, not looks): image sets holding files with the same bytes
  /// (compared by their SHA-256) as an earlier image set, reported once per such pair of sets, at the later one. App
  /// icon sets are left out: an icon set cannot share its files with an image set or another icon set, so copies
  /// there are how catalogs must be.
  private func duplicateImages(_ images: [Digest]) -> [Diagnostic] {
    var firstHolder: [String: Digest] = [:]
    // The later set, then the earlier one, then the pairs of files.
    var pairs: [String: [String: [(copy: String, original: String)]]] = [:]
    var order: [String] = []
    for image in images where !image.inAppIcon {
      let key = "\(image.size):\(image.hash)"
      guard let original = firstHolder[key] else {
        firstHolder[key] = image
        continue
      }
      guard original.set != image.set else { continue }
      if pairs[image.set] == nil { order.append(image.set) }
      pairs[image.set, default: [:]][original.set, default: []].append((image.path, original.path))
    }
    var findings: [Diagnostic] = []
    for set in order {
      for (original, files) in pairs[set]!.sorted(by: { $0.key < $1.key }) {
        let listing =
          files.prefix(3).map { "\(Self.name($0.copy)) = \(Self.name($0.original))" }
          .joined(separator: ", ") + (files.count > 3 ? ", ..." : "")
        findings.append(
          Diagnostic(
            path: set, severity: .note, code: .duplicateImage,
            message: "\(files.count) file\(files.count == 1 ? " has" : "s have") the same bytes as in "
              + "'\(Self.name(original))' (\(listing)); one asset could serve both"))
      }
    }
    return findings
  }

  /// The last component of a path.
  private static func name(_ path: String) -> String {
    String(path.split(separator: "/").last ?? "")
  }
}
