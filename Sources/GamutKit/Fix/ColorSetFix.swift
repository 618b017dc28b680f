/// Plans the fix of a color set: `p3-color-without-srgb` adds the sRGB entry `gamut build` writes beside a Display
/// P3 color (the color mapped into sRGB with the build's gamut mapping, components with three decimals, the
/// color-set writer's spelling); `unlisted-file` and `contents-layout` as in every set.
///
/// A display-p3 color of gamut "any" becomes the set's `display-P3` entry (its value as written) with a new `sRGB`
/// entry beside it; one already marked `display-P3` gets the `sRGB` entry (an empty one of its slot is filled).
/// Every other entry stays as written, and the entries go into Xcode's order (idiom, gamut, appearance).
struct ColorSetFix {
  let context: FixContext
  /// The set folder's path, as findings name it.
  let folder: String
  let set: CatalogSet

  /// The plan for `findings`, the set's findings of the codes asked for.
  func plan(_ findings: [LintFinding]) -> SetFixPlan {
    var plan = SetFixPlan(path: folder)
    guard let opened = plan.open(set, key: "colors", for: findings) else { return plan }
    let document = opened.document
    var entries = opened.entries
    var changed = false
    for finding in findings where finding.diagnostic.code == .p3ColorWithoutSRGB {
      switch addSRGB(for: finding.diagnostic.line, to: &entries) {
      case nil:
        changed = true
        plan.fixed.append(finding)
      case let reason?:
        plan.unfixed.append(.init(finding: finding, reason: reason))
      }
    }
    for finding in findings where finding.diagnostic.code == .unlistedFile {
      plan.removes.insert(SetFolder.name(of: finding.diagnostic.path))
      plan.fixed.append(finding)
    }
    let layout = findings.filter { $0.diagnostic.code == .contentsLayout }
    plan.original = ContentsLayoutLint.read(folder + "/Contents.json")
    if changed {
      let ordered = FixEntry.xcodeOrder(entries, droppingForBlocks: ["color", "display-gamut", "appearances"])
      plan.contents = FixEntry.render(document, key: "colors", entries: ordered)
    } else if !layout.isEmpty, let original = plan.original {
      plan.contents = ContentsLayoutLint.rewritten(original, document: document)
    }
    if plan.contents != nil {
      plan.fixed += layout
    } else {
      plan.leave(layout, "its rewrite would not hold the same values")
    }
    return plan
  }

  /// Adds the sRGB entry for the display-p3 color of the entry at `line`; the reason when it cannot.
  private func addSRGB(for line: Int?, to entries: inout [FixEntry]) -> String? {
    guard let index = entries.firstIndex(where: { $0.line == line }),
      let color = set.entries.first(where: { $0.line == line })?.color,
      case .success(let value) = CatalogColorValue.value(color)
    else { return "the entry is not in the set any more" }
    let entry = entries[index]
    let p3 = RenditionTraits.DisplayGamut.displayP3.rawValue
    let sRGB = RenditionTraits.DisplayGamut.sRGB.rawValue
    let slot = entry.key(dropping: ["color", "display-gamut"])
    let sameSlot = entries.indices.filter { entries[$0].key(dropping: ["color", "display-gamut"]) == slot }
    if entry.gamut == nil {
      guard sameSlot.count == 1 else { return "its slot has entries of another gamut too" }
      entries[index].gamut = p3
    } else if entry.gamut != p3 {
      return "its display-gamut is not display-P3"
    }
    let mapped = ColorGamutMapping.toSRGB(value, mapping: context.options.conversion.gamutMapping)
    let written = ColorSetContentsEntry(slot: ColorDefinition.Slot(), gamut: .sRGB, variant: .color(mapped)).contents
    let filled = written.objectMembers?["color"]
    if let empty = sameSlot.first(where: { entries[$0].gamut == sRGB }) {
      guard entries[empty].members["color"] == nil else { return "its slot has an sRGB entry" }
      entries[empty].members["color"] = filled
    } else {
      var added = entries[index]
      added.gamut = sRGB
      added.members["color"] = filled
      added.line = nil
      entries.append(added)
    }
    return nil
  }
}
