import Dispatch
import Foundation
import Synchronization

/// Writes a report: `NAME.html`, and beside it `NAME-maps/` with the clipping maps of the sources whose verdict is
/// not ok. Renditions are linked relative to the report, so the report, the maps folder and the catalog are
/// opened from disk as they are, with no server and no network.
///
/// A map is made from the source when the source folder is known and the source still has the bytes the catalog
/// was built from, else from the asset's Display P3 rendition in the catalog (which holds the source's colors
/// inside Display P3). Maps are named by a hash of what they are made from, so an unchanged report reuses them;
/// maps no longer shown are removed. Everything is written atomically; unchanged files are not rewritten.
public struct ReportWriter: Sendable {
  /// What was written.
  public struct Outcome: Sendable, Equatable {
    public var reportPath: String
    public var mapsWritten: Int
    public var mapsReused: Int
    /// Rendition files the manifest lists that are missing or unreadable (shown as missing in the report).
    public var missingFiles: [String]
  }

  public var reportPath: String
  public var catalogPath: String
  /// The folder the catalog was built from, when known: maps are then made from the sources.
  public var sourceRoot: String?
  public var conversion: ConversionOptions
  public var limits: PNGLimits

  public init(
    reportPath: String, catalogPath: String, sourceRoot: String? = nil,
    conversion: ConversionOptions = ConversionOptions(), limits: PNGLimits = .default
  ) {
    self.reportPath = reportPath
    self.catalogPath = catalogPath
    self.sourceRoot = sourceRoot
    self.conversion = conversion
    self.limits = limits
  }

  /// How the output-path guard recognises a report gamut wrote: by its first lines.
  package static let ownedFile = OutputPathGuard.OwnedFile(what: "a gamut report") { head, _ in
    OutputPathGuard.OwnedFile.bytes(head, startWith: HTMLReport.opening)
  }

  /// The folder of clipping maps beside the report: `NAME-maps` for `NAME.html`.
  public var mapsFolder: String { Self.mapsFolder(of: reportPath) }

  /// The folder of clipping maps beside the report at `reportPath`.
  package static func mapsFolder(of reportPath: String) -> String {
    let url = URL(fileURLWithPath: reportPath)
    return url.deletingLastPathComponent().appendingPathComponent(
      url.deletingPathExtension().lastPathComponent + "-maps"
    )
    .path
  }

  /// Refuses a report path that does not end in `.html` or that lies inside the source folder (its maps would
  /// become sources of the next build).
  public func validate() throws(FileError) {
    guard reportPath.hasSuffix(".html") else {
      throw FileError(path: reportPath, operation: "write the report", reason: "its name must end in .html")
    }
    if let sourceRoot,
      Self.isInside(
        folder: URL(fileURLWithPath: reportPath).deletingLastPathComponent().path,
        root: sourceRoot)
    {
      throw FileError(
        path: reportPath, operation: "write the report",
        reason: "it is inside the source folder, where its clipping maps would become sources")
    }
  }

  /// Writes the report of `content`.
  public func write(_ content: ReportContent) throws(FileError) -> Outcome {
    try validate()
    let reportFolder = URL(fileURLWithPath: reportPath).deletingLastPathComponent().path
    try Self.makeFolder(reportFolder)
    let catalogURL = Self.relativePath(from: reportFolder, to: catalogPath)
    var files = ReportFiles()
    var missing: [String] = []
    let paths = Set(
      content.images.flatMap { $0.renditions.map(\.file) } + content.appIcons.flatMap { $0.images.map(\.file) }
    )
    .sorted()
    let sizes = Self.headers(paths.map { catalogPath + "/" + $0 })
    for (path, size) in zip(paths, sizes) {
      if let size {
        files.images[path] = ReportImage(
          url: catalogURL + HTML.url(forRelativePath: path), width: size.0, height: size.1)
      } else {
        missing.append(path)
      }
    }
    files.iconAssets = Self.iconAssets(content.iconBundles, reportFolder: reportFolder)
    let (mapsWritten, mapsReused) = try makeMaps(content, into: &files)
    let html = HTMLReport(content: content, files: files).render()
    try CatalogFiles.writeIfChanged(Array(html.utf8), to: reportPath)
    return Outcome(reportPath: reportPath, mapsWritten: mapsWritten, mapsReused: mapsReused, missingFiles: missing)
  }

  /// The layer files of the bundles, linked relative to the report: a PNG at its size, an SVG at 128 points.
  static func iconAssets(_ bundles: [IconInspection], reportFolder: String) -> [String: ReportImage] {
    var images: [String: ReportImage] = [:]
    for bundle in bundles {
      let folder = relativePath(from: reportFolder, to: bundle.path + "/Assets")
      for name in bundle.assets {
        let url = folder + HTML.url(forRelativePath: name)
        if name.lowercased().hasSuffix(".svg") {
          images[bundle.path + "/Assets/" + name] = ReportImage(url: url, width: 128, height: 128, isVector: true)
        } else if let size = header(bundle.path + "/Assets/" + name) {
          images[bundle.path + "/Assets/" + name] = ReportImage(url: url, width: size.0, height: size.1)
        }
      }
    }
    return images
  }

  /// One map to show: the source it is for, the file it is made from, and the name it gets.
  private struct MapJob: Sendable {
    var source: String
    var input: String
    var name: String
  }

  /// Makes (or reuses) the map of every source whose verdict is not ok, and removes maps no longer shown.
  private func makeMaps(_ content: ReportContent, into files: inout ReportFiles) throws(FileError) -> (Int, Int) {
    let jobs = mapJobs(content, into: &files)
    let folder = mapsFolder
    let folderName = URL(fileURLWithPath: folder).lastPathComponent
    if !jobs.isEmpty { try Self.makeFolder(folder) }
    let outcomes = drawMaps(jobs, in: folder)
    var (written, reused) = (0, 0)
    for (job, outcome) in zip(jobs, outcomes) {
      switch outcome {
      case .success(let (width, height, made)):
        files.maps[job.source] = ReportImage(
          url: HTML.url(forRelativePath: folderName + "/" + job.name), width: width, height: height)
        if made { written += 1 } else { reused += 1 }
      case .failure(let error):
        files.mapProblems[job.source] = "\(error.operation) failed: \(error.reason)"
      }
    }
    removeStaleMaps(in: folder, keeping: Set(jobs.map(\.name)))
    return (written, reused)
  }

  /// The map to draw for each built source whose verdict is not ok: from the source when it is unchanged, else from
  /// the catalog's Display P3 rendition, named by the hash of what decides it. A source with neither gets the reason
  /// in `files.mapProblems`.
  private func mapJobs(_ content: ReportContent, into files: inout ReportFiles) -> [MapJob] {
    var jobs: [MapJob] = []
    let settings =
      "\(GamutVersion.generator) \(conversion.intent.rawValue) \(conversion.blackPointCompensation) "
      + "\(conversion.gamutMapping.rawValue) \(conversion.dither)"
    for asset in content.images where !asset.failed {
      for check in asset.clipping where check.verdict != .ok {
        let renditions = asset.renditions.filter { $0.source == check.source }
        guard let hash = renditions.first?.sourceHash else { continue }
        let p3 = renditions.first { $0.gamut == "display-P3" }
        let input: String
        let kind: String
        let sourcePath = sourceRoot.map { $0 + "/" + check.source }
        if let sourcePath, CatalogFiles.read(sourcePath).map(ContentHash.of) == hash {
          (input, kind) = (sourcePath, "source")
        } else if let p3 {
          (input, kind) = (catalogPath + "/" + p3.file, "display-P3 rendition")
        } else {
          files.mapProblems[check.source] =
            sourceRoot == nil
            ? "the catalog has no Display P3 rendition of it; give the source folder (--sources) to draw one"
            : "the source has changed since the build, and the catalog has no Display P3 rendition of it"
          continue
        }
        let name = String(ContentHash.of(Array("\(settings)\n\(kind)\n\(hash)\n".utf8)).prefix(24)) + ".png"
        jobs.append(MapJob(source: check.source, input: input, name: name))
      }
    }
    return jobs
  }

  /// Draws the maps of `jobs` into `folder` in parallel, one task per map, reusing a map already there: for each,
  /// its size and whether it was drawn now, or why it could not be.
  private func drawMaps(_ jobs: [MapJob], in folder: String) -> [Result<(Int, Int, Bool), FileError>] {
    let check = FileCheck(
      converter: ColorConverter(options: conversion), thresholds: ClippingThresholds(), limits: limits)
    let results = Mutex([Result<(Int, Int, Bool), FileError>?](repeating: nil, count: jobs.count))
    DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
      let job = jobs[index]
      let path = folder + "/" + job.name
      let result: Result<(Int, Int, Bool), FileError>
      if let size = Self.header(path) {
        result = .success((size.0, size.1, false))
      } else {
        do {
          if let map = try check.run(path: job.input, makingMap: true).map {
            try AtomicFile.write(try PNGEncoder().encode(map, colorTag: ConversionTarget.sRGB.colorTag), to: path)
            result = .success((map.width, map.height, true))
          } else {
            result = .failure(FileError(path: job.input, operation: "draw the clipping map", reason: "no map"))
          }
        } catch let error as FileError {
          result = .failure(error)
        } catch {
          result = .failure(FileError(path: job.input, operation: "draw the clipping map", reason: "\(error)"))
        }
      }
      results.withLock { $0[index] = result }
    }
    return results.withLock { $0.map { $0! } }
  }

  /// Removes the maps this writer made that the report no longer shows, and the folder when it is left empty.
  private func removeStaleMaps(in folder: String, keeping names: Set<String>) {
    guard let entries = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    for entry in entries where !names.contains(entry) && Self.isMapName(entry) {
      CatalogFiles.remove(entry, in: folder)
    }
    if (try? FileManager.default.contentsOfDirectory(atPath: folder))?.isEmpty == true {
      try? FileManager.default.removeItem(atPath: folder)
    }
  }

  /// Creates `path` and its parents unless it is a folder; refuses a symbolic link or a file.
  private static func makeFolder(_ path: String) throws(FileError) {
    let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
    switch type {
    case .typeDirectory?: return
    case nil:
      do {
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
      } catch {
        throw FileError(path: path, operation: "create the folder", reason: "\(error)")
      }
    case .typeSymbolicLink?:
      throw FileError(path: path, operation: "write the report", reason: "it is a symbolic link")
    default:
      throw FileError(path: path, operation: "write the report", reason: "it is not a folder")
    }
  }

  /// Whether a file name is one of the maps' names: 24 hexadecimal digits and `.png`.
  static func isMapName(_ name: String) -> Bool {
    name.count == 28 && name.hasSuffix(".png") && name.dropLast(4).allSatisfy { $0.isHexDigit && !$0.isUppercase }
  }

  /// The width and height in a PNG's IHDR chunk, or nil when the file is missing or not a PNG.
  static func header(_ path: String) -> (Int, Int)? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let data = try? handle.read(upToCount: 24), data.count == 24 else { return nil }
    let bytes = [UInt8](data)
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
    guard Array(bytes[0..<16]) == signature else { return nil }
    func number(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
    let (width, height) = (number(16), number(20))
    return width > 0 && height > 0 ? (width, height) : nil
  }

  /// The headers of many files, read in parallel.
  private static func headers(_ paths: [String]) -> [(Int, Int)?] {
    let results = Mutex([(Int, Int)?](repeating: nil, count: paths.count))
    let chunk = 256
    DispatchQueue.concurrentPerform(iterations: (paths.count + chunk - 1) / chunk) { part in
      let range = part * chunk..<min(paths.count, (part + 1) * chunk)
      let found = range.map { header(paths[$0]) }
      results.withLock { $0.replaceSubrange(range, with: found) }
    }
    return results.withLock { $0 }
  }

  /// The path from `folder` to `target` (both made absolute), ending in `/` unless empty: the prefix of the
  /// catalog's files as seen from the report.
  static func relativePath(from folder: String, to target: String) -> String {
    let from = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
    let to = URL(fileURLWithPath: target).standardizedFileURL.pathComponents
    var common = 0
    while common < from.count, common < to.count, from[common] == to[common] { common += 1 }
    let parts = Array(repeating: "..", count: from.count - common) + to[common...]
    return parts.isEmpty ? "" : parts.map { HTML.url(forRelativePath: $0) }.joined(separator: "/") + "/"
  }

  /// Whether `folder` is `root` or inside it (paths made absolute, not following links).
  static func isInside(folder: String, root: String) -> Bool {
    let inner = URL(fileURLWithPath: folder).standardizedFileURL.pathComponents
    let outer = URL(fileURLWithPath: root).standardizedFileURL.pathComponents
    return inner.count >= outer.count && Array(inner.prefix(outer.count)) == outer
  }
}
