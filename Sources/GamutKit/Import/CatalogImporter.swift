import Foundation

/// `gamut import`: turns an existing asset catalog into a gamut source folder and checks the round trip.
///
/// Every entry gamut can express becomes sources (rendition files copied byte for byte under gamut's names,
/// colors in a colors file, app icon artwork) and `gamut.yml` keys; the folder is then built into a temporary
/// catalog with ``CatalogBuilder`` and compared with the original entry by entry (``RoundTripCheck``). An entry gamut
/// cannot express, or whose rebuild differs, is copied verbatim into the kept area (`kept/`), which `gamut build`
/// copies into the catalog unchanged: the built catalog equals the original. The original is only read; the
/// folder is written beside the destination and renamed into place at the end, so a failed import leaves nothing.
public struct CatalogImporter: Sendable {
  public var catalogPath: String
  public var destination: String
  /// Replace a destination folder that is not empty.
  public var force = false
  /// Only check: build and compare, print the table, write nothing.
  public var checkOnly = false
  /// How many times entries found to differ are moved to the kept area and the folder rebuilt, at most.
  static let maxRounds = 4

  /// How the output-path guard recognises a source folder an import wrote, which `--force` may replace: it holds
  /// a `gamut.yml` (every import writes one).
  package static let ownedDestination = OutputPathGuard.OwnedFolder(what: "a gamut source folder (with gamut.yml)") {
    (try? FileStatus(path: $0 + "/" + BuildConfiguration.fileName))?.kind == .regular
  }

  public init(catalogPath: String, destination: String) {
    self.catalogPath = catalogPath
    self.destination = destination
  }

  /// Runs the import and returns its table.
  public func run() throws(FileError) -> ImportReport {
    guard (try? FileStatus(path: catalogPath))?.kind == .folder else {
      throw FileError(path: catalogPath, operation: "import", reason: "not a catalog folder")
    }
    try checkSeparate()
    let destinationFree = try ImportFiles.isAbsentOrEmpty(destination)
    guard force || checkOnly || destinationFree else {
      throw FileError(path: destination, operation: "import into", reason: "the folder is not empty (use --force)")
    }
    let parent = (destination as NSString).deletingLastPathComponent
    let base = (destination as NSString).lastPathComponent
    let id = UUID().uuidString.prefix(8)
    let staging = (parent.isEmpty ? "." : parent) + "/.\(base).gamut-import-\(id)"
    let checkFolder = (parent.isEmpty ? "." : parent) + "/.\(base).gamut-check-\(id)"
    defer {
      ImportFiles.remove(checkFolder)
      ImportFiles.remove(staging)
    }
    let inventory = ImportInventory(CatalogReader().read(catalogPath))
    var plan = ImportPlan(inventory)
    let rebuilt = checkFolder + "/" + (catalogPath as NSString).lastPathComponent
    var rows: [ImportReport.Row] = []
    for _ in 0..<Self.maxRounds {
      // The check catalog stays between rounds: the build is incremental, so a round rebuilds only what moved.
      ImportFiles.remove(staging)
      try ImportWriter(catalogPath: catalogPath, folder: staging).write(plan)
      try build(staging, into: rebuilt, manifest: checkFolder + "/gamut-manifest.json")
      let differing: [(path: String, reason: String)]
      (rows, differing) = compare(plan, inventory: inventory, rebuilt: rebuilt)
      guard !differing.isEmpty else { break }
      for item in differing { plan.keep(item.path, reason: "rebuild differs: " + item.reason) }
    }
    if !checkOnly { try moveIntoPlace(staging) }
    return ImportReport(catalogPath: catalogPath, rows: rows)
  }

  /// Refuses a destination inside the catalog (the import would write into the original) or holding it (`--force`
  /// would replace the original with the import).
  private func checkSeparate() throws(FileError) {
    let catalog = (try? FileSystem.realPath(catalogPath)) ?? catalogPath
    let parent = (destination as NSString).deletingLastPathComponent
    let realParent = (try? FileSystem.realPath(parent.isEmpty ? "." : parent)) ?? parent
    let target = realParent + "/" + (destination as NSString).lastPathComponent
    if target == catalog || target.hasPrefix(catalog + "/") || catalog.hasPrefix(target + "/") {
      throw FileError(path: destination, operation: "import into", reason: "it is inside the catalog or holds it")
    }
  }

  /// Builds the staged source folder into `catalog`.
  private func build(_ source: String, into catalog: String, manifest: String) throws(FileError) {
    let options: BuildOptions
    do {
      options = try BuildConfiguration(contentsOf: source + "/" + BuildConfiguration.fileName).options
    } catch {
      throw FileError(path: source, operation: "read the imported configuration", reason: error.message)
    }
    var builder = CatalogBuilder(sourceRoot: source, catalogPath: catalog, manifestPath: manifest, options: options)
    builder.waitForLock = false
    _ = try builder.build()
  }

  /// Compares every entry, group and loose file; returns the table's rows and the translated entries or folder
  /// files that differ (to keep next round).
  private func compare(
    _ plan: ImportPlan, inventory: ImportInventory, rebuilt: String
  ) -> ([ImportReport.Row], [(path: String, reason: String)]) {
    var rows: [ImportReport.Row] = []
    var differing: [(path: String, reason: String)] = []
    let keptReasons = Dictionary(plan.kept.map { ($0.path, $0.reason) }) { first, _ in first }
    let folders = [""] + inventory.groupPaths
    let folderFiles = folders.map { $0.isEmpty ? "Contents.json" : $0 + "/Contents.json" }
    let notes = Dictionary(plan.translated.map { ($0.path, $0.note) }) { first, _ in first }
    let looseFiles = Set(inventory.looseFiles)
    for path in folderFiles + inventory.entries.map(\.path) + inventory.looseFiles {
      let isEntry = !path.hasSuffix("Contents.json") && !looseFiles.contains(path)
      if !isEntry && !looseFiles.contains(path) && (try? FileStatus(path: catalogPath + "/" + path)) == nil {
        // A folder without Contents.json cannot be kept: gamut writes one for every group it builds.
        let written = (try? FileStatus(path: rebuilt + "/" + path)) != nil
        let how = "the original has no Contents.json here; the build writes one"
        rows.append(.init(path: path, outcome: written ? .differs(how) : .identical, note: ""))
        continue
      }
      let verdict =
        isEntry
        ? RoundTripCheck.compareEntry(path, original: catalogPath, rebuilt: rebuilt)
        : RoundTripCheck.compareFile(catalogPath + "/" + path, rebuilt + "/" + path, isContents: true)
      switch (verdict, keptReasons[path]) {
      case (.identical, let reason?):
        rows.append(.init(path: path, outcome: .kept(reason), note: ""))
      case (.identical(let note), nil):
        rows.append(
          .init(
            path: path, outcome: .identical,
            note: [notes[path] ?? "", note].filter { !$0.isEmpty }
              .joined(separator: "; ")))
      case (.differs(let how), let reason?):
        rows.append(.init(path: path, outcome: .differs("kept (\(reason)) yet " + how), note: ""))
      case (.differs(let how), nil):
        differing.append((path, how))
        rows.append(.init(path: path, outcome: .differs(how), note: ""))
      }
    }
    return (rows, differing)
  }

  /// Renames the staged folder to the destination; a destination that exists (empty, or replaced with `force`) is
  /// moved aside first and removed after.
  private func moveIntoPlace(_ staging: String) throws(FileError) {
    let aside = staging + "-old"
    let exists = (try? FileStatus(path: destination)) != nil
    do {
      if exists { try FileSystem.rename(destination, to: aside) }
      try FileSystem.rename(staging, to: destination)
    } catch {
      if exists { try? FileSystem.rename(aside, to: destination) }
      throw FileError(path: destination, operation: "move the imported folder into place", errno: error)
    }
    ImportFiles.remove(aside)
  }
}
