/// The HTML report of a lint run (`gamut lint --report`): the report page of `gamut build` (``ReportWriter``) fed with
/// the neutral view of each linted catalog (``ReportImageSet``, ``AppIconEntry``: its sets, their files and lint's
/// findings), under lint's own heading, whose counts are the terminal's. Several catalogs go into one report, each
/// set titled with its catalog when there are several. Color sets are not shown (the report shows colors a build
/// wrote, with their checks).
package enum LintReport {
  /// Writes the report of every catalog of `result` to `reportPath`.
  package static func write(_ result: LintResult, to reportPath: String, options: BuildOptions) throws(FileError)
    -> ReportWriter.Outcome
  {
    let base = Self.commonFolder(result.catalogs.map(\.path))
    let findings = result.findings.map(\.diagnostic)
    var images: [ReportImageSet] = []
    var icons: [AppIconEntry] = []
    var claimed: Set<Int> = []
    let labels = Self.labels(result.catalogs.map(\.path), base: base)
    for (catalog, label) in zip(result.catalogs, labels) {
      let prefix = result.catalogs.count > 1 ? [label] : []
      for placed in catalog.sets {
        let folder = catalog.path(of: placed.set.relativePath)
        let own = findings.indices.filter { findings[$0].path == folder || findings[$0].path.hasPrefix(folder + "/") }
        claimed.formUnion(own)
        let group = (prefix + placed.groups.map(\.name)).joined(separator: "/")
        let files = Self.relative(folder, to: base)
        switch placed.set.kind {
        case .imageSet:
          images.append(imageSet(placed.set, group: group, folder: files, findings: own.map { findings[$0] }))
        case .appIconSet:
          icons.append(appIcon(placed.set, group: group, folder: files, findings: own.map { findings[$0] }))
        case .colorSet, .symbolSet: break
        }
      }
    }
    let general = findings.indices.filter { !claimed.contains($0) }.map { findings[$0] }
    let content = ReportContent(
      heading: heading(result), images: images, appIcons: icons, diagnostics: general)
    let writer = ReportWriter(reportPath: reportPath, catalogPath: base, limits: options.limits)
    return try writer.write(content)
  }

  /// `gamut lint: Assets.xcassets` (or `3 catalogs`), what was read, and the counts the terminal gives.
  static func heading(_ result: LintResult) -> ReportHeading {
    let names = result.catalogs.map { CatalogReader.lastComponent(of: $0.path) }
    let title = names.count == 1 ? names[0] : "\(names.count) catalogs"
    let sets = result.catalogs.flatMap(\.sets)
    func count(_ severity: Diagnostic.Severity) -> Int { result.findings.count { $0.diagnostic.severity == severity } }
    var counts: [ReportHeading.Count] = [
      ReportHeading.Count("sets", sets.count),
      ReportHeading.Count("image sets", sets.count { $0.set.kind == .imageSet }),
      ReportHeading.Count("app icon sets", sets.count { $0.set.kind == .appIconSet }),
      ReportHeading.Count("color sets", sets.count { $0.set.kind == .colorSet }),
      ReportHeading.Count("errors", count(.error)), ReportHeading.Count("warnings", count(.warning)),
      ReportHeading.Count("notes", count(.note)),
    ]
    if result.baselined > 0 { counts.append(ReportHeading.Count("accepted by the baseline", result.baselined)) }
    let line =
      "Linted by \(GamutVersion.generator), read only: "
      + (names.count == 1
        ? result.catalogs[0].path
        : labels(result.catalogs.map(\.path), base: commonFolder(result.catalogs.map(\.path))).joined(separator: ", "))
    return ReportHeading(title: "gamut lint: " + title, line: line, counts: counts)
  }

  /// An image set: each filled entry gamut's traits describe, its file as its own source.
  private static func imageSet(_ set: CatalogSet, group: String, folder: String, findings: [Diagnostic])
    -> ReportImageSet
  {
    let renditions = set.entries.compactMap { entry -> ReportImageSet.Rendition? in
      guard let file = entry.filename, let traits = entry.traits else { return nil }
      let path = folder + "/" + file
      return ReportImageSet.Rendition(
        idiom: traits.idiom.rawValue, scale: traits.isSingleScale ? "any" : "\(traits.scale)x",
        appearance: traits.appearance.rawValue, contrast: traits.highContrast ? "high" : "normal",
        gamut: traits.gamut?.rawValue ?? "any", file: path, source: path)
    }
    return ReportImageSet(
      name: set.name, group: group, template: set.templateRenderingIntent == "template", renditions: renditions,
      diagnostics: findings)
  }

  private static func appIcon(_ set: CatalogSet, group: String, folder: String, findings: [Diagnostic]) -> AppIconEntry
  {
    let images = set.entries.compactMap { entry in
      entry.filename.map {
        AppIconEntry.Image(
          appearance: entry.luminosity ?? "any", file: folder + "/" + $0, platform: entry.platform, size: entry.size)
      }
    }
    return AppIconEntry(name: set.name, group: group, images: images, diagnostics: findings)
  }

  /// How each catalog is named in a report of several: its folder name, or its path from `base` when another
  /// catalog has the same name (two apps' `Assets.xcassets`).
  static func labels(_ paths: [String], base: String) -> [String] {
    let names = paths.map { CatalogReader.lastComponent(of: $0) }
    return zip(paths, names).map { path, name in
      names.count { $0 == name } > 1 ? relative(path, to: base) : name
    }
  }

  /// The deepest folder holding every path ("." when they share none).
  static func commonFolder(_ paths: [String]) -> String {
    let parents = paths.map { $0.split(separator: "/", omittingEmptySubsequences: false).dropLast() }
    guard var common = parents.first.map(Array.init) else { return "." }
    for parent in parents.dropFirst() {
      common = Array(zip(common, parent).prefix { $0.0 == $0.1 }.map(\.0))
    }
    let joined = common.joined(separator: "/")
    return joined.isEmpty ? (paths.first?.hasPrefix("/") == true && !common.isEmpty ? "/" : ".") : joined
  }

  /// `path` relative to `base` (a folder holding it).
  static func relative(_ path: String, to base: String) -> String {
    if base == "." { return path.hasPrefix("./") ? String(path.dropFirst(2)) : path }
    let prefix = base == "/" ? "/" : base + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
  }
}
