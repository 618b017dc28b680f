/// An image set while its fix is planned: its entries as they will be, how each file that changes is made, and
/// which findings that settles. Each step (the extensions) acts on what the earlier ones left.
struct ImageSetWork {
  let context: FixContext
  /// The set folder's path.
  let folder: String
  var entries: [FixEntry]
  /// The PNGs the original entries name, by name.
  let images: [String: LintImage]
  /// The clipping verdict lint gave each file that has one, by name.
  var verdicts: [String: ClippingReport.Verdict] = [:]
  /// The names in the folder, and those of files the plan adds.
  var names: Set<String> = []
  /// How each file that changes or is added is made, by name.
  var products: [String: SetFixPlan.Product] = [:]
  var removes: Set<String> = []
  var fixed: [LintFinding] = []
  var unfixed: [FixReport.Unfixed] = []
  /// sRGB renditions made from wide-gamut art, with their verdict, by name.
  var renditions: [String: ClippingReport.Verdict] = [:]
  /// Whether an entry changed, so that `Contents.json` is written again.
  var entriesChanged = false
  /// The files the original entries name.
  let named: Set<String>
  /// Whether each wide file's pixels leave sRGB, once measured.
  private var leaving: [String: Bool] = [:]

  init(context: FixContext, folder: String, entries: [FixEntry], images: [String: LintImage]) {
    self.context = context
    self.folder = folder
    self.entries = entries
    self.images = images
    named = Set(entries.compactMap(\.filename))
  }

  /// Whether any pixel of the PNG `name` lies outside sRGB: never for a space inside sRGB, always for one that lint
  /// found clipping, else measured.
  mutating func leaves(_ name: String) -> Bool {
    guard let image = images[name], image.isWide else { return false }
    if verdicts[name] != nil { return true }
    if let known = leaving[name] { return known }
    let measured = context.leavesSRGB(image)
    leaving[name] = measured
    return measured
  }

  /// Whether exactly one entry names `name`, so that changing the file changes one slot only.
  func namedOnce(_ name: String) -> Bool {
    entries.count { $0.filename == name } == 1
  }

  /// A name for a new file made from `name`, marked with `tag`, which no file of the set has.
  mutating func newName(beside name: String, tag: String) -> String {
    let made = SetFolder.newName(beside: name, tag: tag, taken: names)
    names.insert(made)
    return made
  }

  /// The file the bytes of `name` will come from: the original of that name, or the file a product reads.
  func source(of name: String) -> String {
    products[name]?.source ?? name
  }

  /// The color space the file `name` will be in: a product's target, else the original's (nil for a file that is
  /// not a PNG lint read).
  func outputSpace(_ name: String) -> String? {
    switch products[name] {
    case .converted(_, let target)?: target == .sRGB ? "sRGB" : "Display P3"
    case .eightBit(let from)?: images[from]?.spaceName
    case nil: images[name]?.spaceName
    }
  }

  /// Makes `name` a conversion of its source to `target`; an sRGB rendition of wide art records its verdict.
  mutating func convert(_ name: String, to target: ConversionTarget) {
    let from = source(of: name)
    products[name] = .converted(from: from, to: target)
    if target == .sRGB, images[from]?.isWide == true { renditions[name] = verdicts[from] ?? .ok }
  }

  /// Puts the wide file `name` into a display-P3 slot: kept as it is when it is Display P3 already, else converted.
  mutating func makeDisplayP3(_ name: String) {
    if images[name]?.spaceName != "Display P3" { convert(name, to: .displayP3) }
  }

  /// The plan: entries in Xcode's order written when they changed (or, for `layout`, the file in today's layout),
  /// originals no entry names any more removed, files no entry names no longer made.
  mutating func finish(document: JSONNode, layout: [LintFinding], into plan: SetFixPlan) -> SetFixPlan {
    var plan = plan
    let referenced = Set(entries.compactMap(\.filename))
    removes.formUnion(named.subtracting(referenced))
    for name in products.keys where !referenced.contains(name) { products[name] = nil }
    renditions = renditions.filter { products[$0.key] != nil }
    plan.original = ContentsLayoutLint.read(folder + "/Contents.json")
    if entriesChanged {
      plan.contents = FixEntry.render(document, key: "images", entries: entries)
    } else if !layout.isEmpty, let original = plan.original {
      plan.contents = ContentsLayoutLint.rewritten(original, document: document)
    }
    if plan.contents != nil {
      fixed += layout
    } else {
      unfixed += layout.map { .init(finding: $0, reason: "its rewrite would not hold the same values") }
    }
    plan.writes = products
    for (name, product) in products {
      plan.descriptions[name] = context.describe(product, space: images[product.source]?.spaceName ?? "?")
    }
    plan.removes = removes
    plan.fixed = fixed
    plan.unfixed = unfixed
    plan.renditions = renditions
    return plan
  }
}
