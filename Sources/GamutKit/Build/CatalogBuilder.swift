import Dispatch
import Foundation
import Synchronization

/// `gamut build`: turns a source folder into an asset catalog, incrementally and atomically.
///
/// Each asset is fingerprinted from its sources' content hashes and the options that decide its files; an asset
/// whose fingerprint matches the previous build's and whose files are all present is reused without decoding
/// anything. Unchanged sources are recognised by size, modification time and inode without being read. Assets are
/// built in parallel; every file is written atomically; the catalog is locked against a second build.
public struct CatalogBuilder: Sendable {
  /// Progress reports, delivered from worker threads.
  public enum Event: Sendable {
    /// Planning finished: this many assets will be looked at.
    case planned(assets: Int)
    /// An asset is done; `rebuilt` is false when its previous outputs were reused, `failed` is true when it could
    /// not be built (its previous outputs, if any, stay). `sources` are its source files as scanned.
    case finished(asset: String, rebuilt: Bool, failed: Bool, sources: [SourceFile])
    /// The files of an asset whose sources are all gone were removed.
    case removed(asset: String)
    /// Another build holds the catalog's lock; this one waits for it.
    case waitingForLock
  }

  public var sourceRoot: String
  public var catalogPath: String
  /// Where the manifest goes; by default `gamut-manifest.json` beside the catalog.
  public var manifestPath: String
  public var options: BuildOptions
  /// Wait for another build's lock (true) or fail at once (false).
  public var waitForLock = true
  /// Sources to leave alone this time: their assets keep their previous outputs, or are not created yet; a color
  /// file's colors keep their sets. The watch command defers files still being written.
  package var shouldDefer: @Sendable (SourceFile) -> Bool = { _ in false }

  public init(sourceRoot: String, catalogPath: String, manifestPath: String? = nil, options: BuildOptions) {
    self.sourceRoot = sourceRoot
    self.catalogPath = catalogPath
    self.manifestPath =
      manifestPath
      ?? (URL(fileURLWithPath: catalogPath).deletingLastPathComponent().appendingPathComponent("gamut-manifest.json")
        .path)
    self.options = options
  }

  /// The version written into manifests and fingerprints (``GamutVersion``): a new version rebuilds everything.
  public static var toolVersion: String { GamutVersion.generator }

  /// Runs the build.
  public func build(progress: @escaping @Sendable (Event) -> Void = { _ in }) throws(FileError) -> BuildReport {
    let started = ContinuousClock.now
    try reportWriter?.validate()
    try prepareCatalogFolder()
    let lock = try BuildLock(catalogPath: catalogPath, wait: waitForLock) { progress(.waitingForLock) }
    defer { withExtendedLifetime(lock) {} }
    // The previous build's state is read while the sources are scanned and planned: neither needs the other.
    let loading = BackgroundValue { [catalogPath] in PreviousBuild(catalogPath: catalogPath) }
    defer { loading.wait() }
    var scanner = SourceScanner(root: sourceRoot, excluding: catalogPath)
    scanner.alsoExcluding = keptPath.map { [$0] } ?? []
    let scan = try scanner.scan()
    var planner = CatalogPlanner(
      aliases: options.aliases,
      providesNamespace: { [namespaces = options.namespaces] in
        namespaces.providesNamespace($0)
      }, allowedIdioms: options.idioms, rules: options.catalogRules)
    planner.appIconNames = options.appIcons.names
    var plan = planner.plan(scan.sources)
    let iconBundles = IconBundleStep(
      catalogPath: catalogPath, configured: options.iconBundles, limits: options.limits)
    iconBundles.guardCollisions(&plan)
    let converter = ColorConverter(options: options.conversion)
    let builder = AssetBuilder(
      options: options, converter: converter, catalogPath: catalogPath, sourceRoot: sourceRoot)
    // Each asset's job is made by the worker that runs it.
    let jobCount = plan.assets.count + plan.appIcons.count
    let job: @Sendable (Int) -> Job = { [assets = plan.assets, icons = plan.appIcons] index in
      index < assets.count
        ? imageSetJob(assets[index], builder: builder) : appIconJob(icons[index - assets.count], converter)
    }
    let previousBuild = loading.take()
    let previous = previousBuild.state
    let replayed = previousBuild.replayed
    // Only a build that did not finish leaves temporary files behind: the lock says so, and a journal or a catalog
    // without a state (from before the lock said it) is reason enough to search the catalog for them.
    if lock.lastBuildUnfinished || !previousBuild.hadState || replayed {
      CatalogFiles.removeTemporaryFiles(in: catalogPath)
    }
    let journal = BuildJournal(catalogPath: catalogPath)
    progress(.planned(assets: jobCount))

    let outcomes = buildAssets(
      jobCount, job: job, groups: plan.groups, previous: previous, journal: journal, progress: progress)
    if let reason = outcomes.lazy.compactMap(\.unencodable).first {
      throw FileError(path: manifestPath, operation: "encode the manifest", reason: reason)
    }
    var state = BuildState()
    var records: [StoredRecord] = []
    state.assets.reserveCapacity(outcomes.count)
    state.sources.reserveCapacity(previous.sources.count)
    records.reserveCapacity(outcomes.count)
    for outcome in outcomes {
      state.sources.merge(outcome.sources) { new, _ in new }
      if let record = outcome.record {
        state.assets[record.key] = record
        records.append(record)
      }
    }
    let assetsUnchanged = state.assets == previous.assets
    if !assetsUnchanged { removeVanishedAssets(previous: previous, current: state, progress: progress) }
    let colors = buildColors(scan.colorSources, plan: plan, previous: previous)
    state.colorSets = colors.colorSets
    let groups = Set(plan.groups).union(colors.groups).sorted {
      CatalogPlanner.utf8Order($0.joined(separator: "/"), $1.joined(separator: "/"))
    }
    state.groups = try writeGroups(groups, previous: previous.groups)
    try CatalogFiles.writeIfChanged(
      Array(ContentsFile.root(options.catalogRules).utf8), to: catalogPath + "/Contents.json")
    if let keptPath { _ = try KeptSets.copy(from: keptPath, into: catalogPath) }
    let shell = CatalogManifest(
      catalogName: URL(fileURLWithPath: catalogPath).lastPathComponent, options: .init(options), records: records,
      colors: colors.records,
      diagnostics: scan.diagnostics + plan.diagnostics + colors.diagnostics + iconBundles.diagnostics)
    // A rerun that changed nothing leaves the manifest and the state as they are, without encoding either.
    let recordsUnchanged =
      !replayed && assetsUnchanged && state.sources == previous.sources
      && state.groups == previous.groups && state.colorSets == previous.colorSets
    state.manifest = try writeManifest(
      shell, records: records, recordsUnchanged: recordsUnchanged, previous: previous.manifest)
    if !recordsUnchanged || state.manifest != previous.manifest {
      try state.write(catalogPath: catalogPath)
    }
    journal.remove()
    lock.finish()
    let rebuiltAssets = outcomes.filter(\.rebuilt).count
    // The two states, the plan and the outcomes of 20,000 assets take 30 ms to free: the caller need not wait.
    BackgroundRelease.release(
      (consume previousBuild, consume previous, state, consume outcomes, consume plan, consume job))
    var report = BuildReport(
      shell: shell, records: records, rebuiltAssets: rebuiltAssets, duration: ContinuousClock.now - started)
    // Only a report asked for reads every record (decoding the ones a rerun kept as JSON).
    if let reportWriter {
      var content = ReportContent(manifest: report.manifest)
      content.setIconBundles(iconBundles.bundles)
      report.report = try reportWriter.write(content)
    }
    return report
  }

  /// The kept area's folder, when the options name one.
  var keptPath: String? { options.keptFolder.map { sourceRoot + "/" + $0 } }

  /// The writer of the report the options ask for, with the sources to draw clipping maps from.
  private var reportWriter: ReportWriter? {
    options.reportPath.map {
      ReportWriter(
        reportPath: $0, catalogPath: catalogPath, sourceRoot: sourceRoot, conversion: options.conversion,
        limits: options.limits)
    }
  }

  /// Writes the manifest, unless the records are those of the previous build, the rest of the manifest is the
  /// same, and the file the previous build wrote is still in place with the same bytes: unchanged since the state
  /// was written (``manifestUnchangedSinceState``), or else its hash, read back. Returns what the next build needs
  /// to know the same.
  private func writeManifest(
    _ shell: CatalogManifest, records: [StoredRecord], recordsUnchanged: Bool, previous: BuildState.ManifestStamp?
  ) throws(FileError) -> BuildState.ManifestStamp? {
    let shellHash = try ManifestWriter.shellHash(shell, path: manifestPath)
    if recordsUnchanged, let previous, previous.shellHash == shellHash,
      manifestUnchangedSinceState || ContentHash.ofFile(manifestPath) == previous.hash
    {
      return previous
    }
    try ManifestWriter.write(shell, records: records, to: manifestPath, temporaryFolder: catalogPath)
    return ContentHash.ofFile(manifestPath).map { BuildState.ManifestStamp(shellHash: shellHash, hash: $0) }
  }

  /// Whether the manifest is a regular file whose content and status last changed before the state file was last
  /// written (its change time, which only the system sets, to the present, strictly before the state's
  /// modification time). A build writes the state only after writing the manifest, so such a manifest holds the
  /// bytes whose hash the state records, and a rerun that changed nothing need not read 30 MB back to know it. A
  /// manifest changed in any way since (edited, replaced, copied, its time set) has a later change time and is
  /// hashed; one changed within the same tick of the clock as the state is hashed too.
  private var manifestUnchangedSinceState: Bool {
    guard let manifest = try? FileStatus(path: manifestPath), manifest.kind == .regular,
      let state = try? FileStatus(path: catalogPath + "/" + BuildState.fileName), state.kind == .regular
    else { return false }
    return manifest.statusChangeTime < state.modificationTime
  }

  /// Reads the color files and writes their colorsets, in the asset namespace the image assets already hold.
  private func buildColors(_ files: [SourceFile], plan: CatalogPlan, previous: BuildState) -> ColorCatalogStep.Outcome {
    let step = ColorCatalogStep(
      sourceRoot: sourceRoot, catalogPath: catalogPath, options: options,
      providesNamespace: { [namespaces = options.namespaces] in namespaces.providesNamespace($0) })
    var claimed: [String: ColorCatalogStep.Claim] = [:]
    func claim(_ group: [String], _ name: String, kind: String, lookup: AssetNameRule.Lookup, sources: [SourceFile]) {
      let first = sources.map(\.relativePath).min { CatalogPlanner.utf8Order($0, $1) } ?? ""
      claimed[CatalogPlanner.folded(step.lookupName(group: group, name: name))] = ColorCatalogStep.Claim(
        qualifiedName: (group + [name]).joined(separator: "/"), kind: kind, lookup: lookup, file: first)
    }
    // The names the images claim matter only to colors read from files.
    for asset in plan.assets where !files.isEmpty {
      let kind = asset.kind == .symbolSet ? "symbol set" : "image set"
      claim(asset.groupPath, asset.name, kind: kind, lookup: .image, sources: Array(asset.sources.values))
    }
    for icon in plan.appIcons where !files.isEmpty {
      claim(icon.groupPath, icon.name, kind: "app icon", lookup: .appIcon, sources: Array(icon.sources.values))
    }
    return step.run(files: files, claimed: claimed, previous: previous.colorSets ?? [:], shouldDefer: shouldDefer)
  }

  /// What happened to one asset.
  private struct Outcome: Sendable {
    var record: StoredRecord?
    var rebuilt = false
    /// Why the rebuilt record could not be encoded (a value JSON cannot hold), when it could not.
    var unencodable: String?
    /// The hashed state of its sources, for the next build.
    var sources: [String: BuildState.SourceRecord] = [:]
  }

  /// One catalog folder to build from sources: an image set or an app icon set.
  struct Job: Sendable {
    /// The folder, relative to the catalog: the key of its record.
    var key: String
    /// `group/name`, for progress reports.
    var name: String
    /// Each source with the name of the slot it fills, in a fixed order, for the fingerprint.
    var sources: [(slot: String, file: SourceFile)]
    /// Options besides ``BuildOptions/outputFingerprint`` that decide the files.
    var options = ""
    /// Builds the folder from the opened sources, their hashes, the fingerprint and the previous record.
    var build: @Sendable ([String: OpenedSource], [String: String], String, AssetRecord?) -> AssetRecord
  }

  /// The job of an image set.
  private func imageSetJob(_ asset: CatalogPlan.Asset, builder: AssetBuilder) -> Job {
    Job(
      key: asset.imageSetPath, name: asset.qualifiedName,
      sources: asset.sources.sorted(by: { $0.key < $1.key }).map { ($0.key.fileName(assetName: asset.name), $0.value) },
      options: "\(asset.properties)\n" + copyOptions(asset)
    ) { builder.build(asset, sources: $0, hashes: $1, fingerprint: $2, previous: $3) }
  }

  /// What decides a copied asset's files besides its properties: that it is copied, and its files' names.
  private func copyOptions(_ asset: CatalogPlan.Asset) -> String {
    guard asset.isCopied else { return "" }
    let names = asset.sources.values.map(\.relativePath).sorted().compactMap { path in
      options.catalogRules.fileNames[path].map { path + "=" + $0 }
    }
    return "copied\n" + names.map { $0 + "\n" }.joined()
  }

  /// Builds or reuses every asset, the `jobCount` jobs that `job` makes, in parallel, and returns the outcomes in
  /// plan order.
  private func buildAssets(
    _ jobCount: Int, job: @Sendable (Int) -> Job, groups: [[String]], previous: BuildState, journal: BuildJournal,
    progress: @escaping @Sendable (Event) -> Void
  ) -> [Outcome] {
    let results = Mutex([Outcome?](repeating: nil, count: jobCount))
    let realSourceRoot = SourceScanner.realPath(sourceRoot) ?? sourceRoot
    // What every asset's fingerprint starts with, worked out once.
    let fingerprintPrefix = Self.toolVersion + "\n" + options.outputFingerprint + "\n"
    let outputs = CatalogOutputCheck(catalogPath: catalogPath, groups: groups)
    defer { outputs.close() }
    DispatchQueue.concurrentPerform(iterations: jobCount) { index in
      let job = job(index)
      var outcome = process(
        job, previous: previous, realSourceRoot: realSourceRoot, fingerprintPrefix: fingerprintPrefix,
        outputs: outputs)
      if outcome.rebuilt, let record = outcome.record {
        outcome.record = journal.append(record, sources: outcome.sources)
      }
      results.withLock { $0[index] = outcome }
      progress(
        .finished(
          asset: job.name, rebuilt: outcome.rebuilt, failed: outcome.record?.essentials.status == .failed,
          sources: job.sources.map(\.file).sorted { $0.relativePath < $1.relativePath }))
    }
    return results.withLock { $0.map { $0! } }
  }

  /// Hashes an asset's sources (reading only those whose file changed), then reuses or rebuilds it.
  private func process(
    _ job: Job, previous: BuildState, realSourceRoot: String, fingerprintPrefix: String, outputs: CatalogOutputCheck
  ) -> Outcome {
    let old = previous.assets[job.key]
    let files = job.sources.map(\.file)
    if files.contains(where: shouldDefer) {
      var outcome = Outcome(record: old)
      for file in files { outcome.sources[file.relativePath] = previous.sources[file.relativePath] }
      return outcome
    }
    var outcome = Outcome()
    var opened: [String: OpenedSource] = [:]
    var hashes: [String: String] = [:]
    for file in files {
      let path = file.relativePath
      if let known = previous.sources[path], known.size == file.size,
        known.modificationTime == file.modificationTime, known.inode == file.inode
      {
        hashes[path] = known.contentHash
        outcome.sources[path] = known
      } else if let source = OpenedSource(path, root: sourceRoot, realRoot: realSourceRoot),
        let hash = source.contentHash()
      {
        opened[path] = source
        hashes[path] = hash
        outcome.sources[path] = BuildState.SourceRecord(
          size: file.size, modificationTime: file.modificationTime, inode: file.inode, contentHash: hash)
      }
    }
    let fingerprint = Self.fingerprint(job, hashes: hashes, prefix: fingerprintPrefix)
    if let old, old.essentials.fingerprint == fingerprint, outputs.outputsPresent(old.essentials) {
      outcome.record = old
      return outcome
    }
    // The asset is rebuilt: open the sources known by their size and time too, and hash what is read.
    for file in files where opened[file.relativePath] == nil && hashes[file.relativePath] != nil {
      let path = file.relativePath
      guard let source = OpenedSource(path, root: sourceRoot, realRoot: realSourceRoot),
        let hash = source.contentHash()
      else {
        hashes[path] = nil
        continue
      }
      opened[path] = source
      if hash != hashes[path] {
        // Changed since its size and time were recorded, yet with the same size and time: trust the bytes.
        hashes[path] = hash
        outcome.sources[path]?.contentHash = hash
      }
    }
    let record = job.build(
      opened, hashes, Self.fingerprint(job, hashes: hashes, prefix: fingerprintPrefix), try? old?.record())
    do {
      outcome.record = try StoredRecord(record)
    } catch {
      outcome.unencodable = "\(record.imageSet): \(error)"
    }
    outcome.rebuilt = true
    return outcome
  }

  /// The hash of everything that decides an asset's files: `prefix` (the tool's version and the options that
  /// decide every asset's files), the asset's folder and options, and each source's slot, path and content hash.
  private static func fingerprint(_ job: Job, hashes: [String: String], prefix: String) -> String {
    var text = prefix + job.key + "\n" + job.options
    for (slot, file) in job.sources {
      text += slot + " " + file.relativePath + " " + (hashes[file.relativePath] ?? "-") + "\n"
    }
    return ContentHash.of(Array(text.utf8))
  }

  /// Removes the files of assets that the previous build wrote and this one no longer has.
  private func removeVanishedAssets(
    previous: BuildState, current: BuildState, progress: @Sendable (Event) -> Void
  ) {
    let vanished = previous.assets.filter { current.assets[$0.key] == nil }
    for (_, stored) in vanished.sorted(by: { $0.key < $1.key }) {
      let record = stored.essentials
      progress(.removed(asset: record.group.isEmpty ? record.name : record.group + "/" + record.name))
      for rendition in record.renditions { CatalogFiles.remove(rendition.file, in: catalogPath) }
      CatalogFiles.remove(record.imageSet + "/Contents.json", in: catalogPath)
    }
  }

  /// Writes each group folder's `Contents.json` and removes those of groups that no longer hold assets.
  private func writeGroups(_ groups: [[String]], previous: [String]) throws(FileError) -> [String] {
    var written: [String] = []
    for group in groups {
      let path = group.joined(separator: "/")
      try CatalogFiles.makeFolders(path, in: catalogPath)
      let text = ContentsFile.folder(
        providesNamespace: options.namespaces.providesNamespace(group),
        compressionType: options.catalogRules.compressionType(path))
      try CatalogFiles.writeIfChanged(Array(text.utf8), to: catalogPath + "/" + path + "/Contents.json")
      written.append(path)
    }
    let current = Set(written)
    for path in previous.sorted(by: { $0.count > $1.count }) where !current.contains(path) {
      CatalogFiles.remove(path + "/Contents.json", in: catalogPath)
    }
    return written
  }

  /// Creates the catalog folder (and its parents) unless it exists; refuses a symbolic link or a file.
  private func prepareCatalogFolder() throws(FileError) {
    var isFolder: ObjCBool = false
    let attributes = try? FileManager.default.attributesOfItem(atPath: catalogPath)
    if (attributes?[.type] as? FileAttributeType) == .typeSymbolicLink {
      throw FileError(path: catalogPath, operation: "write the catalog", reason: "it is a symbolic link")
    }
    if FileManager.default.fileExists(atPath: catalogPath, isDirectory: &isFolder) {
      guard isFolder.boolValue else {
        throw FileError(path: catalogPath, operation: "write the catalog", reason: "it is not a folder")
      }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: catalogPath, withIntermediateDirectories: true)
    } catch {
      throw FileError(path: catalogPath, operation: "create the catalog folder", reason: "\(error)")
    }
  }

}
