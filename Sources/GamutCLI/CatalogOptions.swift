public import ArgumentParser
import Foundation
import GamutKit

/// The source folder, the catalog and the options that shape it: shared by `build` and `watch`.
struct CatalogOptions: ParsableArguments {
  @Argument(help: "The folder of PNG sources.")
  var sourceDir: String

  @Option(name: .shortAndLong, help: "The catalog to write, a folder ending in .xcassets.")
  var output: String

  @Option(help: "Configuration file (default: SOURCE_DIR/gamut.yml when present).")
  var config: String?

  @Option(help: "Where to write the manifest (default: gamut-manifest.json beside the catalog).")
  var manifest: String?

  @Option(
    help: "Also write an HTML report of the catalog to this file (.html); clipping maps go to NAME-maps/ beside it.")
  var report: String?

  @Option(help: "Gamut policy: auto, both or srgb (default auto).")
  var gamut: GamutPolicy?

  @OptionGroup var conversion: ConversionFlags

  @Option(help: "zlib compression level of written PNGs, 0-9 (default 6).")
  var compression: Int?

  @Flag(help: "Accept design-export suffixes such as _dark, -dark, _darkHC.")
  var aliases = false

  @Flag(help: "Make every group folder provide a namespace.")
  var namespaces = false

  @Option(
    name: .customLong("max-text-kib"),
    help:
      "Largest color file, tokens file and gamut.yml read, in KiB (default \(InputLimits.default.maxColorFileBytes / 1024) for colors and tokens, \(InputLimits.default.maxConfigurationBytes / 1024) for gamut.yml)."
  )
  var maxTextKiB: Int?

  @Option(
    name: .customLong("max-vector-mib"),
    help: "Largest PDF or SVG source read, in MiB (default \(InputLimits.default.maxVectorBytes >> 20)).")
  var maxVectorMiB: Int?

  func validate() throws {
    guard output.hasSuffix(".xcassets") || output.hasSuffix(".xcassets/") else {
      throw ValidationError("--output must name a folder ending in .xcassets")
    }
    if let report, !report.hasSuffix(".html") {
      throw ValidationError("--report must name a file ending in .html")
    }
    if let compression, !CompressionLevel.range.contains(compression) {
      throw ValidationError("--compression must be from 0 to 9")
    }
    if let maxTextKiB, !(1...(1 << 30)).contains(maxTextKiB) {
      throw ValidationError("--max-text-kib must be from 1 to \(1 << 30)")
    }
    if let maxVectorMiB, !(1...(1 << 20)).contains(maxVectorMiB) {
      throw ValidationError("--max-vector-mib must be from 1 to \(1 << 20)")
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: sourceDir, isDirectory: &isFolder), isFolder.boolValue else {
      throw ValidationError("SOURCE_DIR '\(sourceDir)' is not a folder")
    }
  }

  /// The source folder without a trailing slash.
  var source: String { sourceDir.hasSuffix("/") ? String(sourceDir.dropLast()) : sourceDir }

  /// The catalog folder without a trailing slash.
  var catalog: String { output.hasSuffix("/") ? String(output.dropLast()) : output }

  /// The configuration file the options come from: `--config`, or `SOURCE_DIR/gamut.yml` when it exists.
  var configFile: String? {
    if let config { return config }
    let path = source + "/" + BuildConfiguration.fileName
    return FileManager.default.fileExists(atPath: path) ? path : nil
  }

  /// The size limits of text and vector sources, with any raised values applied.
  var inputLimits: InputLimits {
    var limits = InputLimits.default
    if let maxTextKiB {
      limits.maxColorFileBytes = maxTextKiB * 1024
      limits.maxConfigurationBytes = maxTextKiB * 1024
    }
    if let maxVectorMiB { limits.maxVectorBytes = maxVectorMiB << 20 }
    return limits
  }

  /// A builder with the configuration file's options and the command line's flags on top; a configuration error,
  /// or a manifest or report path that the output-path guard refuses (``OutputPathGuard``: inside the source
  /// folder, the configuration or the catalog; a device, FIFO, folder or link; a file gamut did not write), is
  /// printed and exits 64.
  func makeBuilder() throws -> CatalogBuilder {
    let builder: CatalogBuilder
    do throws(BuildConfiguration.Error) {
      builder = try self.builder()
    } catch {
      Printer().line("\(error)", to: .error)
      throw ExitCode(.usage)
    }
    let outputs = OutputPathGuard(sourceRoot: source, catalog: catalog, configFile: configFile)
    try outputs.refuse(
      builder.manifestPath, option: manifest == nil ? "the manifest (beside the catalog)" : "--manifest",
      writing: .file(CatalogManifest.ownedFile))
    if let reportPath = builder.options.reportPath {
      let option = report == nil ? "report:" : "--report"
      try outputs.refuse(reportPath, option: option, writing: .file(ReportWriter.ownedFile))
      try outputs.refuse(ReportWriter.mapsFolder(of: reportPath), option: option + " (its maps)", writing: .folder)
    }
    return builder
  }

  /// A builder with the configuration file's options as the file is now (read within the size limit) and the
  /// command line's flags on top.
  func builder() throws(BuildConfiguration.Error) -> CatalogBuilder {
    var options = BuildOptions()
    let limits = inputLimits
    if let configPath = configFile {
      options = try BuildConfiguration(contentsOf: configPath, maxBytes: limits.maxConfigurationBytes).options
    }
    options.inputLimits = limits
    if let gamut { options.gamutPolicy = gamut }
    if let report { options.reportPath = report }
    conversion.apply(to: &options.conversion)
    if let compression { options.compressionLevel = compression }
    if aliases { options.aliases = .standard }
    if namespaces { options.namespaces = .all }
    return CatalogBuilder(sourceRoot: source, catalogPath: catalog, manifestPath: manifest, options: options)
  }
}

extension GamutPolicy: ExpressibleByArgument {}

/// `--min-severity note|warning|error`.
extension Diagnostic.Severity: ExpressibleByArgument {}
