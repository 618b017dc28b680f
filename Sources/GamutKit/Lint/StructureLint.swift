/// The structure checks of a set: entries whose file is missing, files no entry names, and a dark rendition with
/// neither a light nor an any-appearance one.
enum StructureLint {
  /// The structure findings of `set`.
  static func check(_ set: CatalogSet, context: LintContext) -> [Diagnostic] {
    guard set.document != nil else { return [] }
    var findings: [Diagnostic] = []
    let present = Set(set.files)
    var named: Set<String> = []
    for entry in set.entries {
      guard let file = entry.filename else { continue }
      named.insert(file)
      if !present.contains(file) {
        findings.append(
          context.atEntry(
            set, line: entry.line, .error, .missingFile, "names '\(file)', which is not in the set's folder"))
      }
    }
    for file in set.files where !named.contains(file) {
      findings.append(
        Diagnostic(
          path: context.path(of: set, file: file), severity: .warning, code: .unlistedFile,
          message: "no entry of Contents.json names this file; Xcode ignores it"))
    }
    if set.kind == .imageSet { findings += unpairedDark(set, context: context) }
    return findings
  }

  /// `unpaired-dark`: a filled dark entry with no filled light or any entry of the same idiom, scale, gamut and
  /// contrast.
  private static func unpairedDark(_ set: CatalogSet, context: LintContext) -> [Diagnostic] {
    let filled = set.entries.filter { $0.filename != nil }
    func slot(_ entry: CatalogEntry) -> [String?] {
      [entry.idiom, entry.scale, entry.displayGamut, entry.subtype, entry.highContrast ? "high" : nil]
    }
    let lightSlots = Set(filled.filter { $0.luminosity != "dark" }.map(slot))
    return filled.filter { $0.luminosity == "dark" && !lightSlots.contains(slot($0)) }.map { entry in
      context.atEntry(
        set, line: entry.line, .warning, .unpairedDark,
        "the dark rendition '\(entry.filename ?? "")' has no light or any-appearance rendition beside it")
    }
  }
}
