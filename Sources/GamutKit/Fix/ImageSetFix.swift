/// Plans the fix of one image set: its selected findings, by code, turned into files made, files removed and the new
/// entries of its `Contents.json` (docs/fix.md says what each fix does):
///
/// - `clipping-warning`, `clipping-error`: the set gets display-gamut pairs, as `gamut build` writes them
///   (``ImageSetWork/pair(_:)``);
/// - `unusual-profile`, `unusable-color-chunk`, `unusable-profile`: the file converted to sRGB, or to Display P3
///   where its pixels leave sRGB or its slot is display-P3;
/// - `mixed-profiles`: the files of each gamut slot and appearance converted to one space;
/// - `needless-16-bit`: the file written at 8 bits with its own color chunk;
/// - `dark-rendition-copy`: the dark entry emptied (Xcode's empty slot) and its file removed;
/// - `unlisted-file`: the file removed; `contents-layout`: the file in today's layout.
///
/// Findings are applied in that order, each on what the earlier ones made, so that one run settles them all. A set
/// whose `Contents.json` cannot be rewritten, or that holds anything but regular files, is left as it is.
struct ImageSetFix {
  let context: FixContext
  /// The set folder's path, as findings name it.
  let folder: String
  let set: CatalogSet

  /// The plan for `findings` (the set's findings of the codes asked for); `all` is every finding of the set, of any
  /// code (a clipping verdict is read from it).
  func plan(_ findings: [LintFinding], all: [LintFinding]) -> SetFixPlan {
    var plan = SetFixPlan(path: folder)
    guard let opened = plan.open(set, key: "images", for: findings) else { return plan }
    let document = opened.document
    let entries = opened.entries
    // Layouts, unlisted files and dark copies need no image read.
    let readsImages = findings.contains {
      ![.contentsLayout, .unlistedFile, .darkRenditionCopy].contains($0.diagnostic.code)
    }
    var work = ImageSetWork(
      context: context, folder: folder, entries: entries, images: readsImages ? loadImages(entries) : [:])
    work.verdicts = Dictionary(
      all.compactMap { finding -> (String, ClippingReport.Verdict)? in
        let code = finding.diagnostic.code
        guard code == .clipping(.warning) || code == .clipping(.error) else { return nil }
        return (SetFolder.name(of: finding.diagnostic.path), code == .clipping(.error) ? .error : .warning)
      }, uniquingKeysWith: max)
    work.names = Set(SetFolder.names(in: folder))
    func selected(_ codes: DiagnosticCode...) -> [LintFinding] {
      findings.filter { codes.contains($0.diagnostic.code) }
    }
    work.pair(selected(.clipping(.warning), .clipping(.error)))
    work.convert(selected(.unusualProfile, .unusableColorChunk, .unusableProfile))
    work.harmonize(selected(.mixedProfiles))
    work.eightBits(selected(.needless16Bit))
    work.emptyDarkCopies(selected(.darkRenditionCopy))
    work.removeUnlisted(selected(.unlistedFile))
    return work.finish(document: document, layout: selected(.contentsLayout), into: plan)
  }

  /// The PNGs the entries name, read as far as lint reads them, by name.
  private func loadImages(_ entries: [FixEntry]) -> [String: LintImage] {
    var images: [String: LintImage] = [:]
    for entry in entries {
      guard let name = entry.filename, images[name] == nil, set.files.contains(name),
        let catalogEntry = set.entries.first(where: { $0.filename == name }),
        case .image(let image) = LintImage.load(
          path: folder + "/" + name, entry: catalogEntry, limits: context.options.limits)
      else { continue }
      images[name] = image
    }
    return images
  }
}
