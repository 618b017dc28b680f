/// `gamut import`: turns an existing asset catalog into a gamut source folder and checks the round trip.
///
/// Every entry gamut can express becomes sources (rendition files copied byte for byte, colors in a colors file,
/// app icon images) and `gamut.yml` keys; the folder is then built into a temporary catalog with ``CatalogBuilder``
/// and compared with the original entry by entry (`RoundTripCheck`, `CatalogEquivalence`). An entry gamut cannot
/// express, or whose rebuild is not equivalent, is copied verbatim into the kept area (`kept/`), which `gamut build`
/// copies into the catalog unchanged. What cannot be carried at all (`ImportSurvey`) makes its row `differs`, and
/// an import with a row that differs writes nothing. The original is only read; the folder is written in a hidden
/// work folder beside the destination and renamed into place at the end, so a failed import leaves nothing.
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

  /// Why the import must not run with these paths (a usage error), or nil: `catalogProblem()`, then
  /// `destinationProblem()`.
  public func refusal() -> String? {
    catalogProblem() ?? destinationProblem()
  }

  /// What is wrong with the catalog path, or nil: it must be a folder named `*.xcassets` (`gamut import /` would
  /// otherwise read the whole file system as a catalog).
  package func catalogProblem() -> String? {
    guard !catalogPath.isEmpty else { return "the catalog path is empty" }
    guard CatalogReader.lastComponent(of: catalogPath).lowercased().hasSuffix(".xcassets") else {
      return "\(quoted(catalogPath)) is not an asset catalog: gamut imports a folder named *.xcassets"
    }
    guard (try? FileStatus(path: catalogPath, followingLinks: true))?.kind == .folder else {
      return "the catalog \(quoted(catalogPath)) is not a folder"
    }
    return nil
  }

  /// What is wrong with `--to` as a path, or nil: what the output-path guard refuses for a folder an import replaces
  /// (empty, inside the catalog or holding it, a link, a FIFO, a folder gamut did not write), and a path under
  /// something that is not a folder.
  package func destinationProblem() -> String? {
    let outputs = OutputPathGuard(inputs: [.readOnly(catalogPath, "the catalog being imported")])
    if let problem = outputs.problem(destination, option: "--to", writing: .replacedFolder(Self.ownedDestination)) {
      return problem
    }
    var parent = ImportFiles.parentOf(OutputPathGuard.canonical(destination))
    while (try? FileStatus(path: parent, followingLinks: true)) == nil && parent != "/" {
      parent = ImportFiles.parentOf(parent)
    }
    guard (try? FileStatus(path: parent, followingLinks: true))?.kind == .folder else {
      return "--to \(quoted(destination)): \(quoted(parent)) is not a folder"
    }
    return nil
  }

  /// A path in a message: whole, in quotes (only a path longer than any real one is shortened).
  private func quoted(_ path: String) -> String { "'" + QuotedValue.path(path) + "'" }

  /// Runs the import and returns its table.
  public func run() throws(FileError) -> ImportReport {
    if let problem = refusal() { throw FileError(path: destination, operation: "import", reason: problem) }
    let target = OutputPathGuard.canonical(destination)
    let destinationFree = try ImportFiles.isAbsentOrEmpty(target)
    guard force || checkOnly || destinationFree else {
      throw FileError(path: destination, operation: "import into", reason: "the folder is not empty (use --force)")
    }
    let work = try ImportFiles.WorkFolder(
      parent: ImportFiles.parentOf(target), base: CatalogReader.lastComponent(of: target))
    defer { work.finish() }
    let staging = work.path + "/folder"
    let checkFolder = work.path + "/check"
    let inventory = ImportInventory(CatalogReader().read(catalogPath))
    var plan = ImportPlan(inventory)
    let rebuilt = checkFolder + "/" + CatalogReader.lastComponent(of: catalogPath)
    var rows: [ImportReport.Row] = []
    for _ in 0..<Self.maxRounds {
      // The check catalog stays between rounds: the build is incremental, so a round rebuilds only what moved.
      ImportFiles.remove(staging)
      try ImportWriter(catalogPath: catalogPath, folder: staging).write(plan, leftOut: inventory.survey.leftOutPaths)
      try build(staging, into: rebuilt, manifest: checkFolder + "/gamut-manifest.json")
      let differing: [(path: String, reason: String)]
      (rows, differing) = RoundTripComparison(plan: plan, inventory: inventory, original: catalogPath, rebuilt: rebuilt)
        .rows()
      guard !differing.isEmpty else { break }
      for item in differing { plan.keep(item.path, reason: KeepReason(.rebuild, item.reason)) }
    }
    let leftOut = inventory.survey.leftOut.map { ImportReport.LeftOut(path: $0.path, reason: $0.reason) }
    let report = ImportReport(catalogPath: catalogPath, rows: rows, leftOut: leftOut)
    if !checkOnly && report.differsCount == 0 { try moveIntoPlace(staging, to: target, aside: work.path + "/old") }
    return report
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

  /// Renames the staged folder to the destination; a destination that exists (empty, or replaced with `force`) is
  /// moved aside into the work folder first, and goes with it.
  private func moveIntoPlace(_ staging: String, to target: String, aside: String) throws(FileError) {
    let exists = (try? FileStatus(path: target)) != nil
    do {
      if exists { try FileSystem.rename(target, to: aside) }
      try FileSystem.rename(staging, to: target)
    } catch {
      if exists { try? FileSystem.rename(aside, to: target) }
      throw FileError(path: destination, operation: "move the imported folder into place", errno: error)
    }
  }
}
