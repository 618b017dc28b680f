import ArgumentParser
import Foundation
import GamutKit

/// `gamut report CATALOG`: the HTML report of a catalog already built, from its manifest, without rebuilding.
struct ReportCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "report",
    abstract: "Write a self-contained HTML report of a built catalog from its manifest, without rebuilding.",
    discussion: """
      The report shows every asset's renditions side by side (light on white, dark on the system's dark \
      background, high contrast beside its base), sRGB and Display P3 renditions with the clipping check's figures \
      and, for sources whose verdict is not ok, a clipping map (written to NAME-maps/ beside NAME.html), and the \
      findings. It opens from disk with no network. See docs/report.md.

      Exit status: 0 written; 1 the manifest or a file could not be read or written; 64 usage error.
      """
  )

  @Argument(help: "The catalog folder (Name.xcassets).")
  var catalog: String

  @Option(name: .shortAndLong, help: "The report to write (default: gamut-report.html beside the catalog).")
  var output: String?

  @Option(help: "The manifest to read (default: gamut-manifest.json beside the catalog).")
  var manifest: String?

  @Option(help: "The source folder the catalog was built from: clipping maps are then drawn from the sources.")
  var sources: String?

  func validate() throws {
    if let output, !output.hasSuffix(".html") { throw ValidationError("--output must name a file ending in .html") }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: catalogPath, isDirectory: &isFolder), isFolder.boolValue else {
      throw ValidationError("CATALOG '\(catalog)' is not a folder")
    }
  }

  private var catalogPath: String { catalog.hasSuffix("/") ? String(catalog.dropLast()) : catalog }

  /// A file beside the catalog, spelled from the catalog's path as given (so a relative path stays relative).
  private func besideCatalog(_ name: String) -> String {
    let folder = (catalogPath as NSString).deletingLastPathComponent
    return folder.isEmpty ? name : folder + "/" + name
  }

  func run() throws {
    let printer = Printer()
    let outputPath = output ?? besideCatalog("gamut-report.html")
    let manifestPath = manifest ?? besideCatalog("gamut-manifest.json")
    let outputs = OutputPathGuard(
      inputs: [.readOnly(catalogPath, "the catalog"), .readOnly(manifestPath, "the manifest")]
        + (sources.map { [.readOnly($0, "the source folder")] } ?? []))
    let option = output == nil ? "the report (beside the catalog)" : "--output"
    try outputs.refuse(outputPath, option: option, writing: .file(ReportWriter.ownedFile))
    try outputs.refuse(ReportWriter.mapsFolder(of: outputPath), option: option + " (its maps)", writing: .folder)
    do {
      var content = try ReportContent(manifestAt: manifestPath)
      // The Icon Composer bundles beside the catalog, as `gamut build --report` shows them.
      let folder = (catalogPath as NSString).deletingLastPathComponent
      content.setIconBundles(IconBundle.bundles(in: folder.isEmpty ? "." : folder).map { IconInspection(path: $0) })
      var conversion = ConversionOptions()
      conversion.intent = RenderingIntent(rawValue: content.options.intent) ?? .relative
      conversion.blackPointCompensation = content.options.blackPointCompensation
      conversion.gamutMapping = GamutMapping(rawValue: content.options.gamutMapping) ?? .clip
      conversion.dither = content.options.dither
      let writer = ReportWriter(
        reportPath: outputPath, catalogPath: catalogPath,
        sourceRoot: sources.map { $0.hasSuffix("/") ? String($0.dropLast()) : $0 }, conversion: conversion)
      let outcome = try writer.write(content)
      for file in outcome.missingFiles {
        printer.line(
          Diagnostic.text(
            path: catalogPath + "/" + file, severity: .warning, message: "listed in the manifest but missing"),
          to: .error)
      }
      printer.line("report: \(outcome.reportPath)")
    } catch {
      printer.line("\(error)", to: .error)
      throw ExitCode(.failure)
    }
  }
}
