extension ImageSetWork {
  /// `clipping-warning`, `clipping-error`: the set gets display-gamut pairs as `gamut build` writes them. Every
  /// slot of gamut "any" becomes an `sRGB` and a `display-P3` entry (Xcode's "sRGB and Display P3"):
  /// - art whose pixels leave sRGB goes into the display-P3 slot (kept byte for byte when it is Display P3, so 16-bit
  ///   art stays 16-bit and 8-bit art is not widened; converted to Display P3 16-bit otherwise), and the sRGB slot
  ///   gets a new file converted from it (8-bit, gamut-mapped as the build maps, the sRGB profile embedded);
  /// - art inside sRGB stays in the sRGB slot (converted when it is in another space) and its display-P3 slot is
  ///   left empty, so that the pair adds no copy (lint's `p3-within-srgb`); an empty slot stays empty in both;
  /// - an sRGB slot whose art clips gets the same, into its display-P3 slot when that is empty, or is converted to
  ///   sRGB when the display-P3 slot has its own art.
  ///
  /// Entries keep every other key; the set's entries go into Xcode's order. Nothing changes (and the findings
  /// stay) when one slot cannot be paired: a PDF, SVG or JPEG in it, one file named by two entries, a gamut gamut
  /// does not know, an any-gamut entry beside a display-gamut one.
  mutating func pair(_ findings: [LintFinding]) {
    guard !findings.isEmpty else { return }
    let clipped = Set(findings.map { SetFolder.name(of: $0.diagnostic.path) })
    var order: [String] = []
    var groups: [String: [Int]] = [:]
    for (index, entry) in entries.enumerated() {
      if groups[entry.slotKey] == nil { order.append(entry.slotKey) }
      groups[entry.slotKey, default: []].append(index)
    }
    var trial = self
    var replaced: [Int: [FixEntry]] = [:]
    for key in order {
      let indices = groups[key]!
      switch trial.pairSlot(indices.map { entries[$0] }, clipped: clipped) {
      case .failure(let problem):
        unfixed += findings.map { FixReport.Unfixed(finding: $0, reason: problem.reason) }
        return
      case .success(let pair?):
        replaced[indices[0]] = pair
        for index in indices.dropFirst() { replaced[index] = [] }
      case .success(nil): break
      }
    }
    self = trial
    fixed += findings
    guard !replaced.isEmpty else { return }
    entries = entries.indices.flatMap { replaced[$0] ?? [entries[$0]] }
    entries = FixEntry.xcodeOrder(entries, droppingForBlocks: ["filename", "display-gamut", "appearances"])
    entriesChanged = true
    fillDisplayP3Families()
  }

  /// Why a slot cannot be paired.
  struct SlotProblem: Error {
    var reason: String
  }

  /// The entries of one slot (one per gamut at most) as a pair; nil when the slot stays as it is.
  private mutating func pairSlot(_ slot: [FixEntry], clipped: Set<String>) -> Result<[FixEntry]?, SlotProblem> {
    let byGamut = Dictionary(grouping: slot, by: { $0.gamut ?? "" })
    let known: Set<String> = ["", "sRGB", "display-P3"]
    guard byGamut.keys.allSatisfy(known.contains), byGamut.values.allSatisfy({ $0.count == 1 }) else {
      return .failure(SlotProblem(reason: "a slot has two entries of one gamut, or a gamut gamut does not know"))
    }
    if let any = byGamut[""]?.first {
      guard byGamut.count == 1 else {
        return .failure(SlotProblem(reason: "a slot has an any-gamut entry beside a display-gamut one"))
      }
      return pairAny(any).map { Optional($0) }
    }
    if let sRGB = byGamut["sRGB"]?.first, let file = sRGB.filename, clipped.contains(file) {
      return pairSRGB(sRGB, displayP3: byGamut["display-P3"]?.first)
    }
    return .success(nil)
  }

  /// Checks that `file` can move between slots: a PNG lint read, named by one entry.
  private func movable(_ file: String) -> SlotProblem? {
    guard images[file] != nil else {
      return SlotProblem(reason: "\(QuotedValue.quote(file)) is not a PNG gamut converts (PDF, SVG, JPEG)")
    }
    guard namedOnce(file) else { return SlotProblem(reason: "\(QuotedValue.quote(file)) is named by two entries") }
    return nil
  }

  /// The sRGB and display-P3 entries an any-gamut entry becomes.
  private mutating func pairAny(_ any: FixEntry) -> Result<[FixEntry], SlotProblem> {
    var sRGB = any
    sRGB.gamut = RenditionTraits.DisplayGamut.sRGB.rawValue
    var displayP3 = any
    displayP3.gamut = RenditionTraits.DisplayGamut.displayP3.rawValue
    guard let file = any.filename else { return .success([sRGB, displayP3]) }
    if let problem = movable(file) { return .failure(problem) }
    displayP3.filename = nil
    guard images[file]!.isWide else { return .success([sRGB, displayP3]) }
    if leaves(file) {
      displayP3.filename = file
      makeDisplayP3(file)
      sRGB.filename = newName(beside: file, tag: "~srgb")
      products[sRGB.filename!] = .converted(from: file, to: .sRGB)
      renditions[sRGB.filename!] = verdicts[file] ?? .ok
    } else {
      convert(file, to: .sRGB)
    }
    return .success([sRGB, displayP3])
  }

  /// An sRGB slot whose art clips: converted in place when its display-P3 slot has art, else paired as an
  /// any-gamut slot would be.
  private mutating func pairSRGB(_ sRGB: FixEntry, displayP3: FixEntry?) -> Result<[FixEntry]?, SlotProblem> {
    let file = sRGB.filename!
    if let problem = movable(file) { return .failure(problem) }
    if displayP3?.filename != nil {
      convert(file, to: .sRGB)
      return .success(nil)
    }
    var p3 = displayP3 ?? sRGB
    p3.gamut = RenditionTraits.DisplayGamut.displayP3.rawValue
    p3.filename = file
    makeDisplayP3(file)
    var srgb = sRGB
    srgb.filename = newName(beside: file, tag: "~srgb")
    products[srgb.filename!] = .converted(from: file, to: .sRGB)
    renditions[srgb.filename!] = verdicts[file] ?? .ok
    return .success([srgb, p3])
  }

  /// A display-P3 dark rendition whose light or any-appearance display-P3 slot is empty gets one, converted from
  /// that slot's sRGB art, so that no dark rendition of a gamut stands without its light one (lint's
  /// `unpaired-dark`; Dark Mode off would otherwise look for it in vain), as `gamut build` fills both.
  private mutating func fillDisplayP3Families() {
    let p3 = RenditionTraits.DisplayGamut.displayP3.rawValue
    let darkFamilies = Set(
      entries.filter { $0.gamut == p3 && $0.luminosity == "dark" && $0.filename != nil }.map(\.familyKey))
    for index in entries.indices
    where entries[index].gamut == p3 && entries[index].luminosity != "dark" && entries[index].filename == nil
      && darkFamilies.contains(entries[index].familyKey)
    {
      let slot = entries[index].slotKey
      guard let light = entries.first(where: { $0.slotKey == slot && $0.gamut == "sRGB" })?.filename else { continue }
      let made = newName(beside: light, tag: "~p3")
      products[made] = .converted(from: source(of: light), to: .displayP3)
      entries[index].filename = made
    }
  }
}
