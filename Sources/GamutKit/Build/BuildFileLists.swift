import Foundation

/// What a build reads and what it may write, as two Xcode file lists (`.xcfilelist`): the paths a sandboxed Run
/// Script phase must declare, and what tells Xcode when to run the phase again.
///
/// - **Inputs**: the configuration file read, the source folder and every folder below it that the scan lists (so
///   a file added or removed changes a declared input's modification time), and every source taken into an asset.
/// - **Outputs**: the catalog folder, its root `Contents.json`, each group folder and its `Contents.json`, and per
///   asset its folder, its `Contents.json` and every rendition file the build may write; gamut's own
///   `.gamut-state.json` and `.gamut.lock`; the manifest. Not listed: the temporary files of atomic writes
///   (`.gamut-tmp-*`, always inside the catalog, the manifest's too) and the journal (`.gamut-journal`), which
///   exist only while a build runs.
///
/// Before a build (``predict(for:configFile:)``), outputs are predicted from the sources' names and the
/// configuration, without reading an image. Under the gamut policy `auto`, whether an asset gets one rendition per
/// slot or an sRGB and Display P3 pair depends on its pixels, so every slot of such an asset lists all three names
/// (`Name@2x.png`, `Name~srgb@2x.png`, `Name~p3@2x.png`); with `generateScales`, the smaller scales the build makes
/// are listed too. After a build (``afterBuild(_:configFile:manifest:)``), the outputs are exactly the files the
/// build left: those its state and manifest record, the manifest, the state and the lock. Xcode takes a declared
/// output that does not exist as out of date, so a list that named files never written would rerun the phase on
/// every build.
package struct BuildFileLists: Sendable, Equatable {
  /// The inputs list's file name.
  package static let inputsFileName = "gamut-inputs.xcfilelist"
  /// The outputs list's file name.
  package static let outputsFileName = "gamut-outputs.xcfilelist"

  /// Absolute paths, sorted by their UTF-8 bytes, each once.
  package private(set) var inputs: [String]
  /// Absolute paths, sorted by their UTF-8 bytes, each once.
  package private(set) var outputs: [String]

  /// Lists of the given paths, made absolute (against the current folder), sorted and without duplicates.
  package init(inputs: some Sequence<String>, outputs: some Sequence<String>) {
    self.inputs = Self.normalised(inputs)
    self.outputs = Self.normalised(outputs)
  }

  /// The lists of `builder`'s build, from a scan of its source folder and the plan of its catalog; no image is
  /// read. `configFile` is the configuration file the options came from, if any.
  package static func predict(for builder: CatalogBuilder, configFile: String?) throws(FileError) -> Self {
    var scanner = SourceScanner(root: builder.sourceRoot, excluding: builder.catalogPath)
    scanner.alsoExcluding = builder.keptPath.map { [$0] } ?? []
    let scan = try scanner.scan()
    let options = builder.options
    var planner = CatalogPlanner(
      aliases: options.aliases, providesNamespace: { options.namespaces.providesNamespace($0) },
      allowedIdioms: options.idioms, rules: options.catalogRules)
    planner.appIconNames = options.appIcons.names
    var plan = planner.plan(scan.sources)
    // An app icon set that would collide with an Icon Composer bundle is not written, so not listed.
    IconBundleStep.guardCollisions(
      &plan,
      bundlePaths: IconBundleStep.bundlePaths(catalogPath: builder.catalogPath, configured: options.iconBundles))
    let source = builder.sourceRoot
    let catalog = builder.catalogPath
    var inputs = configFile.map { [$0] } ?? []
    inputs += scan.folders.map { $0.isEmpty ? source : source + "/" + $0 }
    var outputs = [catalog, catalog + "/Contents.json", builder.manifestPath]
    outputs += [BuildState.fileName, BuildLock.fileName].map { catalog + "/" + $0 }
    for group in plan.groups.map({ catalog + "/" + $0.joined(separator: "/") }) {
      outputs += [group, group + "/Contents.json"]
    }
    for asset in plan.assets {
      inputs += asset.sources.values.map { source + "/" + $0.relativePath }
      let folder = catalog + "/" + asset.imageSetPath
      outputs += [folder, folder + "/Contents.json"]
      let names =
        asset.isCopied
        ? copiedNames(asset, fileNames: options.catalogRules.fileNames)
        : renditionNames(asset, policy: options.gamutPolicy, generateScales: options.generateScales)
      outputs += names.map { folder + "/" + $0 }
    }
    for icon in plan.appIcons {
      inputs += icon.sources.values.map { source + "/" + $0.relativePath }
      let folder = catalog + "/" + icon.folderPath
      outputs += [folder, folder + "/Contents.json"]
      let names =
        icon.copiesUnchanged
        ? icon.sources.map {
          options.catalogRules.fileNames[$0.value.relativePath] ?? $0.key.slot.fileName(iconName: icon.name)
        }
        : icon.fileNames(platforms: options.appIcons.platforms)
      outputs += Set(names).sorted().map { folder + "/" + $0 }
    }
    // Color files are read whole; each color they define may become a colorset (and its group folders).
    for file in scan.colorSources {
      inputs.append(source + "/" + file.relativePath)
      for color in ColorCatalogReader.read(file, sourceRoot: source).colors {
        let folder = catalog + "/" + color.colorSetPath
        outputs += [folder, folder + "/Contents.json"]
        for depth in color.groupPath.indices {
          let group = catalog + "/" + color.groupPath[...depth].joined(separator: "/")
          outputs += [group, group + "/Contents.json"]
        }
      }
    }
    return Self(inputs: inputs, outputs: outputs)
  }

  /// The lists after a build: the prediction's inputs and the sources `manifest` records; as outputs, exactly the
  /// files the build left in the catalog (the catalog's and each group's folder and `Contents.json`, each asset's
  /// folder, `Contents.json` and renditions, each color set's folder and `Contents.json`, as the build's state and
  /// `manifest` record them, and gamut's state and lock files) and the manifest. A failed asset keeps the files
  /// of its last build, which are listed when they are there.
  package static func afterBuild(
    _ builder: CatalogBuilder, configFile: String?, manifest: CatalogManifest
  ) throws(FileError) -> Self {
    var inputs = try predict(for: builder, configFile: configFile).inputs
    let catalog = builder.catalogPath
    var outputs = [catalog, catalog + "/Contents.json", builder.manifestPath]
    outputs += [BuildState.fileName, BuildLock.fileName].map { catalog + "/" + $0 }
    let state = BuildState.load(catalogPath: catalog)
    for folder in state.groups + (state.colorSets ?? [:]).keys.sorted() {
      outputs += [catalog + "/" + folder, catalog + "/" + folder + "/Contents.json"]
    }
    for asset in manifest.assets {
      let folder = ["", "/Contents.json"].map { catalog + "/" + asset.imageSet + $0 }
      outputs += asset.status == .built ? folder : folder.filter { FileManager.default.fileExists(atPath: $0) }
      for rendition in asset.renditions {
        outputs.append(catalog + "/" + rendition.file)
        inputs.append(builder.sourceRoot + "/" + rendition.source)
      }
    }
    return Self(inputs: inputs, outputs: outputs)
  }

  /// The names of a copied asset's files (JPEGs, vectors, `unchanged:` PNGs), sorted: each source's canonical name
  /// with its own extension, or the one `fileNames:` gives it.
  static func copiedNames(_ asset: CatalogPlan.Asset, fileNames: [String: String]) -> [String] {
    asset.sources.map { traits, file in
      fileNames[file.relativePath]
        ?? traits.fileName(
          assetName: asset.name, extension: SourceFormat(fileName: file.fileName)?.fileExtension ?? "png")
    }.sorted()
  }

  /// The names of the rendition files an asset's build may write, sorted: with `generateScales`, also the smaller
  /// scales it makes of a PNG asset (``GeneratedScales``).
  static func renditionNames(_ asset: CatalogPlan.Asset, policy: GamutPolicy, generateScales: Bool) -> [String] {
    let slots = Set(asset.sources.keys.map(\.withoutGamut))
    let handMadeGamut = asset.sources.keys.contains { $0.gamut != nil }
    var gamuts: [RenditionTraits.DisplayGamut?]
    switch (policy, handMadeGamut) {
    case (_, true), (.both, false): gamuts = [.sRGB, .displayP3]
    case (.srgb, false): gamuts = [nil]
    case (.auto, false): gamuts = [nil, .sRGB, .displayP3]
    }
    var renditions: [RenditionTraits] = []
    for slot in slots {
      for gamut in gamuts {
        var traits = slot
        traits.gamut = gamut
        renditions.append(traits)
      }
    }
    if generateScales && !asset.isCopied {
      // A slot's traits hold its gamut: each form of the asset gets its own smaller scales.
      renditions += GeneratedScales.plan(renditions).map(\.traits)
    }
    return renditions.map { $0.fileName(assetName: asset.name) }.sorted()
  }

  /// A list's text: one path a line, each written as `prefix` followed by the path relative to `base` when a
  /// prefix is given (`$(SRCROOT)/Art/a.png`), or absolute otherwise.
  /// How the output-path guard recognises a list gamut wrote (an `.xcfilelist` of one of gamut's two names): text
  /// of non-empty lines without control characters, ending with a line break. A list has no header to recognise
  /// it by, and with `--path-prefix` its lines need not be in byte order.
  package static let ownedFile = OutputPathGuard.OwnedFile(what: "a file list gamut wrote") { head, tail in
    guard tail.last == UInt8(ascii: "\n"), let text = String(validating: head, as: UTF8.self) else { return false }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    return lines.allSatisfy { line in !line.isEmpty && !line.unicodeScalars.contains { $0.value < 0x20 } }
  }

  package static func text(of paths: [String], prefix: String?, base: String) -> String {
    // A list holds one path a line: a path with a line break (a folder named so, which the build reports as
    // invalid-name and never reads into an asset) would split into two lines, so it is left out.
    let paths = paths.filter { !$0.unicodeScalars.contains { ["\n", "\r", "\u{2028}", "\u{2029}"].contains($0) } }
    guard let prefix else { return paths.map { $0 + "\n" }.joined() }
    let baseComponents = components(absolute(base))
    return paths.map { path in
      let target = components(path)
      let common = zip(baseComponents, target).prefix { $0 == $1 }.count
      let steps = Array(repeating: "..", count: baseComponents.count - common) + target.dropFirst(common)
      return prefix + (steps.isEmpty ? "." : steps.joined(separator: "/")) + "\n"
    }.joined()
  }

  /// Writes both lists into `folder` (created when missing), each only when its content changes, so Xcode does not
  /// see a new modification time for the same list.
  package func write(to folder: String, prefix: String?, base: String) throws(FileError) {
    do {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    } catch {
      throw FileError(path: folder, operation: "create the file-list folder", reason: "\(error)")
    }
    try CatalogFiles.writeIfChanged(
      Array(Self.text(of: inputs, prefix: prefix, base: base).utf8), to: folder + "/" + Self.inputsFileName)
    try CatalogFiles.writeIfChanged(
      Array(Self.text(of: outputs, prefix: prefix, base: base).utf8), to: folder + "/" + Self.outputsFileName)
  }

  /// `path` made absolute against the current folder, with `.` and `..` resolved by name (links are not resolved:
  /// Xcode declares paths as the project spells them).
  package static func absolute(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.path
  }

  private static func components(_ path: String) -> [Substring] {
    path.split(separator: "/")
  }

  private static func normalised(_ paths: some Sequence<String>) -> [String] {
    Set(paths.map(absolute)).sorted { Array($0.utf8).lexicographicallyPrecedes($1.utf8) }
  }
}
