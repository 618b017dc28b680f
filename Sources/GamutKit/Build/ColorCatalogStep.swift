import Foundation

/// The color part of `gamut build`: reads the color files, checks the colors, and writes one colorset per color.
///
/// Colors are cheap, so every build reads the color files again; a colorset's `Contents.json` is rewritten only
/// when its bytes change, so a changed color rewrites only its own set. Colorsets that gamut did not write (not in
/// the previous build's state) are left alone: a color whose folder holds one is an error. The colorsets of colors
/// that are gone are removed.
struct ColorCatalogStep: Sendable {
  var sourceRoot: String
  var catalogPath: String
  var options: BuildOptions
  /// Whether a group folder (by its path of names) provides a namespace.
  var providesNamespace: @Sendable ([String]) -> Bool

  /// An asset name held by an image set, a symbol set or an app icon: a color may take it too (they are looked up
  /// apart), with the note ``AssetNameRule`` gives for the pair, as lint says of the same catalog.
  struct Claim: Sendable {
    /// `Group/Name`.
    var qualifiedName: String
    /// What holds it: `image set`, `symbol set` or `app icon`.
    var kind: String
    /// How it is looked up.
    var lookup: AssetNameRule.Lookup
    /// The source that made it (the first in sorted order), relative to the source folder.
    var file: String
  }

  /// What the step did.
  struct Outcome: Sendable {
    var records: [ColorRecord] = []
    /// Findings about files rather than colors (unreadable files, collisions, unknown pair names).
    var diagnostics: [Diagnostic] = []
    /// The group folders holding a colorset.
    var groups: Set<[String]> = []
    /// The colorsets written or kept (relative to the catalog) and the color file each comes from, for the next
    /// build's state.
    var colorSets: [String: String] = [:]
  }

  /// Runs the step over `files` (the color sources, in sorted order). `claimed` maps the folded lookup names of
  /// the image assets and app icons to what holds them, for collisions; `previous` maps the colorsets the last
  /// build wrote to their color files; files that `shouldDefer` names (the watch's files still being written) are
  /// not read.
  ///
  /// A color that fails keeps the set the last build wrote, and so do the colors of a file with errors (a syntax
  /// error hides every color of its file) or deferred: the catalog stays complete. Other sets of the last build
  /// are removed.
  func run(
    files: [SourceFile], claimed: [String: Claim], previous: [String: String],
    shouldDefer: (SourceFile) -> Bool = { _ in false }
  ) -> Outcome {
    var outcome = Outcome()
    let (colors, keptFiles) = readColors(files, claimed: claimed, shouldDefer: shouldDefer, outcome: &outcome)
    writeColorSets(colors, previouslyWritten: Set(previous.keys), outcome: &outcome)
    keepOrRemovePreviousSets(previous, colors: colors, keptFiles: keptFiles, outcome: &outcome)
    return outcome
  }

  /// The colors of `files` that may be written, in name order, and the files whose colors keep the sets the last
  /// build wrote: those with errors, and those deferred (not read).
  private func readColors(
    _ files: [SourceFile], claimed: [String: Claim], shouldDefer: (SourceFile) -> Bool, outcome: inout Outcome
  ) -> (colors: [ColorDefinition], keptFiles: Set<String>) {
    var colors: [ColorDefinition] = []
    var colorNames: [String: ColorDefinition] = [:]
    var seen: [String: ColorDefinition] = [:]
    var keptFiles: Set<String> = []
    for file in files {
      if shouldDefer(file) {
        keptFiles.insert(file.relativePath)
        continue
      }
      let read = ColorCatalogReader.read(file, sourceRoot: sourceRoot, maxBytes: options.inputLimits.maxColorFileBytes)
      guard isUnchanged(file) else {
        // Being written while read (the watch's next round takes it): what was read may be half a file.
        keptFiles.insert(file.relativePath)
        outcome.diagnostics.append(
          Diagnostic(
            path: file.relativePath, severity: .error, code: .sourceChanged,
            message: "the file changed while it was being read; the next build reads it again"))
        continue
      }
      outcome.diagnostics += read.diagnostics
      if read.diagnostics.contains(where: { $0.severity == .error }) { keptFiles.insert(file.relativePath) }
      for color in read.colors {
        let lookup = CatalogPlanner.folded(lookupName(group: color.groupPath, name: color.name))
        if let claim = claimed[lookup], let note = nameNote(color, claim: claim) { outcome.diagnostics.append(note) }
        if let refusal = refusal(color, earlier: seen[color.qualifiedName], namesake: colorNames[lookup]) {
          outcome.diagnostics.append(refusal)
          continue
        }
        colorNames[lookup] = color
        seen[color.qualifiedName] = color
        colors.append(color)
      }
    }
    colors.sort { CatalogPlanner.utf8Order($0.qualifiedName, $1.qualifiedName) }
    return (colors, keptFiles)
  }

  /// Whether `file` is still as the scan found it (size, modification time, inode).
  private func isUnchanged(_ file: SourceFile) -> Bool {
    guard let status = try? FileStatus(path: sourceRoot + "/" + file.relativePath, followingLinks: true) else {
      return false
    }
    return status.size == file.size && status.modificationTime == file.modificationTime && status.inode == file.inode
  }

  /// The finding for a color named like an image set, symbol set or app icon (``AssetNameRule``: a note beside an
  /// image or symbol set, nothing beside an app icon); the color is written either way.
  private func nameNote(_ color: ColorDefinition, claim: Claim) -> Diagnostic? {
    let sameBytes = CatalogPlanner.sameBytes(color.qualifiedName, claim.qualifiedName)
    guard let severity = AssetNameRule.severity(.color, claim.lookup, sameBytes: sameBytes) else { return nil }
    return Diagnostic(
      about: color, severity: severity, code: .duplicateAssetName,
      message: "color '\(color.qualifiedName)' has the name of the \(claim.kind) '\(claim.qualifiedName)' made from "
        + "\(claim.file): " + AssetNameRule.consequence(.color, claim.lookup, sameBytes: sameBytes))
  }

  /// Why `color` is skipped, or nil when it may be written: defined before (`earlier`, same qualified name), named
  /// like another color after folding (`namesake`), or with a variant for an idiom the configuration does not enable.
  private func refusal(_ color: ColorDefinition, earlier: ColorDefinition?, namesake: ColorDefinition?) -> Diagnostic? {
    let name = "color '\(color.qualifiedName)'"
    let error = { (code: DiagnosticCode, message: String) in
      Diagnostic(about: color, severity: .error, code: code, message: message)
    }
    if let earlier {
      return error(.duplicateColor, "\(name) is already defined at \(earlier.location); skipped")
    }
    if let namesake {
      return error(
        .nameCollision,
        "\(name) collides with the color '\(namesake.qualifiedName)' at \(namesake.location) (same name after "
          + "Unicode normalisation and case folding); skipped")
    }
    if let idiom = color.variants.keys.map(\.idiom).first(where: { !options.idioms.contains($0) }) {
      return error(
        .idiomNotEnabled,
        "\(name) has a variant for idiom '\(idiom.rawValue)', which is not enabled in the configuration (idioms:); "
          + "skipped")
    }
    return nil
  }

  /// Checks each color, writes its colorset, and records it with its findings and contrast results.
  private func writeColorSets(_ colors: [ColorDefinition], previouslyWritten: Set<String>, outcome: inout Outcome) {
    let mapping = options.conversion.gamutMapping
    var plans: [String: ColorSetPlan] = [:]
    for color in colors {
      plans[color.qualifiedName] = ColorSetPlan(color, policy: options.gamutPolicy, mapping: mapping)
    }
    let indistinct = ColorChecks.indistinctInSRGB(colors, plans: plans, mapping: mapping)
    let contrast = contrastResults(colors, outcome: &outcome)
    for color in colors {
      let plan = plans[color.qualifiedName]!
      var findings = ColorChecks.missingVariants(color, requireHighContrast: options.colors.requireHighContrast)
      findings += ColorChecks.replicatesSystem(color)
      let status = write(color, plan: plan, previouslyWritten: previouslyWritten, findings: &findings)
      if status == .built { outcome.colorSets[color.colorSetPath] = color.source }
      let results = contrast[color.qualifiedName] ?? []
      findings += ContrastCheck.diagnostics(results, about: color)
      findings += indistinct[color.qualifiedName] ?? []
      var record = ColorRecord(color, plan: plan, status: status, diagnostics: findings)
      record.contrast = results.filter { $0.ratio != nil }
      outcome.records.append(record)
      if status == .built, !color.groupPath.isEmpty {
        for depth in 1...color.groupPath.count { outcome.groups.insert(Array(color.groupPath.prefix(depth))) }
      }
    }
  }

  /// The sets of the last build (`previous`) not written this time: kept for a color that failed or a file in
  /// `keptFiles`, removed otherwise.
  private func keepOrRemovePreviousSets(
    _ previous: [String: String], colors: [ColorDefinition], keptFiles: Set<String>, outcome: inout Outcome
  ) {
    let failed = Set(colors.map(\.colorSetPath)).subtracting(outcome.colorSets.keys)
    for (path, source) in previous.sorted(by: { $0.key < $1.key }) where outcome.colorSets[path] == nil {
      if failed.contains(path) || keptFiles.contains(source) {
        outcome.colorSets[path] = source
        let group = path.split(separator: "/").dropLast().map(String.init)
        for depth in group.indices { outcome.groups.insert(Array(group.prefix(depth + 1))) }
      } else {
        CatalogFiles.remove(path + "/Contents.json", in: catalogPath)
      }
    }
  }

  /// Writes the colorset unless the color is outside sRGB under the `srgb` policy or its folder holds a set gamut
  /// did not write.
  private func write(
    _ color: ColorDefinition, plan: ColorSetPlan, previouslyWritten: Set<String>, findings: inout [Diagnostic]
  ) -> ColorRecord.Status {
    if options.gamutPolicy == .srgb, let slot = plan.outsideSRGB.first {
      findings.append(
        Diagnostic(
          about: color, severity: .error, code: .colorOutsideSRGB,
          message: "color '\(color.qualifiedName)' (\(slot.key)) lies outside sRGB, which the srgb gamut policy "
            + "forbids; its set is not written"))
      return .failed
    }
    for mapped in plan.mappings {
      findings.append(
        Diagnostic(
          about: color, severity: .note, code: .colorMappedToSRGB,
          message: "color '\(color.qualifiedName)' (\(mapped.slot.key)) lies outside sRGB: its sRGB entry is "
            + "\(mapped.mapped.cssText), ΔE2000 \(ColorChecks.format(mapped.deltaE2000)) from "
            + "\(mapped.original.cssText)"))
    }
    let bytes = Array(ContentsFile.colorSet(plan.entries).utf8)
    let path = catalogPath + "/" + color.colorSetPath + "/Contents.json"
    if !previouslyWritten.contains(color.colorSetPath), let existing = CatalogFiles.read(path), existing != bytes {
      findings.append(
        Diagnostic(
          about: color, severity: .error, code: .colorSetNotOurs,
          message: "the catalog already holds \(color.colorSetPath), which gamut did not write; left alone"))
      return .failed
    }
    do {
      try CatalogFiles.makeFolders(color.colorSetPath, in: catalogPath)
      try CatalogFiles.writeIfChanged(bytes, to: path)
    } catch {
      findings.append(
        Diagnostic(about: color, severity: .error, code: .writeFailed, message: "\(error)"))
      return .failed
    }
    return .built
  }

  /// The contrast results of every configured pair, by foreground color.
  private func contrastResults(_ colors: [ColorDefinition], outcome: inout Outcome) -> [String: [ContrastCheck.Result]]
  {
    var results: [String: [ContrastCheck.Result]] = [:]
    func find(_ name: String) -> ColorDefinition? { ColorCatalogReader.find(name, in: colors) }
    for pair in options.colors.pairs {
      guard let foreground = find(pair.foreground), let background = find(pair.background) else {
        let missing = find(pair.foreground) == nil ? pair.foreground : pair.background
        outcome.diagnostics.append(
          Diagnostic(
            path: BuildConfiguration.fileName, severity: .warning, code: .contrastUnknownColor,
            message: "contrast pair \(pair.foreground) on \(pair.background): no color named '\(missing)' (or more "
              + "than one: name it with its group, Group/Name)"))
        continue
      }
      var idioms: [RenditionTraits.Idiom] = [.universal]
      for idiom in ColorDefinition.Slot.idiomOrder where idiom != .universal {
        if (Array(foreground.variants.keys) + Array(background.variants.keys)).contains(where: { $0.idiom == idiom }) {
          idioms.append(idiom)
        }
      }
      for idiom in idioms {
        results[foreground.qualifiedName, default: []] += ContrastCheck.evaluate(
          foreground: foreground, background: background, text: pair.text, options: options.colors, idiom: idiom)
      }
    }
    return results
  }

  /// The name code uses for an asset or a color: namespaced groups prefix it.
  func lookupName(group: [String], name: String) -> String {
    var parts: [String] = []
    for depth in group.indices where providesNamespace(Array(group.prefix(depth + 1))) {
      parts.append(group[depth])
    }
    return (parts + [name]).joined(separator: "/")
  }
}
