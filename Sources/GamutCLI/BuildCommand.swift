public import ArgumentParser
import Foundation
import GamutKit

/// `gamut build SOURCE_DIR --output Name.xcassets`: the main job.
struct BuildCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "build",
    abstract: "Build a color-managed asset catalog from a folder of PNG artwork.",
    discussion: """
      Sources are the PNGs under SOURCE_DIR; sub-folders become groups. File names follow the convention in the \
      README (Name~dark~hc@2x.png ...). Options come from SOURCE_DIR/gamut.yml (or --config), and flags override \
      them. Diagnostics are printed as 'path: warning: message' for Xcode's issue navigator.

      Exit status: 0 clean; 1 errors in some assets (the others are still written), or warnings with --strict; \
      2 clipping errors under the gamut policy (or clipping warnings with --strict); 64 usage error.
      """
  )

  @Argument(help: "The folder of PNG sources.")
  var sourceDir: String

  @Option(name: .shortAndLong, help: "The catalog to write, a folder ending in .xcassets.")
  var output: String

  @Option(help: "Configuration file (default: SOURCE_DIR/gamut.yml when present).")
  var config: String?

  @Option(help: "Where to write the manifest (default: gamut-manifest.json beside the catalog).")
  var manifest: String?

  @Option(help: "Gamut policy: auto, both or srgb (default auto).")
  var gamut: GamutPolicy?

  @OptionGroup var conversion: ConversionFlags

  @Option(help: "zlib compression level of written PNGs, 0-9 (default 6).")
  var compression: Int?

  @Flag(help: "Accept design-export suffixes such as _dark, -dark, _darkHC.")
  var aliases = false

  @Flag(help: "Make every group folder provide a namespace.")
  var namespaces = false

  @Flag(help: "Fail (exit 1 or 2) on warnings too.")
  var strict = false

  @Flag(name: .shortAndLong, help: "Print errors only.")
  var quiet = false

  @Flag(help: "Print the result as JSON (summary and diagnostics) instead of text.")
  var json = false

  @Flag(help: "Stop at once, instead of waiting, when another build holds the catalog.")
  var noWait = false

  func validate() throws {
    guard output.hasSuffix(".xcassets") || output.hasSuffix(".xcassets/") else {
      throw ValidationError("--output must name a folder ending in .xcassets")
    }
    if let compression, !(0...9).contains(compression) {
      throw ValidationError("--compression must be from 0 to 9")
    }
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: sourceDir, isDirectory: &isFolder), isFolder.boolValue else {
      throw ValidationError("SOURCE_DIR '\(sourceDir)' is not a folder")
    }
  }

  func run() throws {
    let source = sourceDir.hasSuffix("/") ? String(sourceDir.dropLast()) : sourceDir
    let catalog = output.hasSuffix("/") ? String(output.dropLast()) : output
    var options: BuildOptions
    do {
      options = try loadOptions(source: source)
    } catch {
      FileHandle.standardError.write(Data("\(error)\n".utf8))
      throw ExitCode(64)
    }
    var builder = CatalogBuilder(sourceRoot: source, catalogPath: catalog, manifestPath: manifest, options: options)
    builder.waitForLock = !noWait
    let progress = BuildProgress(mode: json || quiet ? .silent : (isatty(2) != 0 ? .bar : .lines))
    let report: BuildReport
    do {
      report = try builder.build { progress.handle($0) }
    } catch {
      progress.finish()
      FileHandle.standardError.write(Data("\(error.path): error: cannot \(error.operation): \(error.reason)\n".utf8))
      throw ExitCode(1)
    }
    progress.finish()
    let status = report.exitStatus(strict: strict)
    if json {
      print(try JSONOutput.string(BuildSummary(report: report, sourceRoot: source, exitStatus: status)))
    } else {
      for finding in report.manifest.allDiagnostics where !quiet || finding.severity == .error {
        var located = finding
        located.path = source + "/" + finding.path
        FileHandle.standardError.write(Data("\(located)\n".utf8))
      }
      if !quiet { print(BuildSummary(report: report, sourceRoot: source, exitStatus: status).text) }
    }
    if status != 0 { throw ExitCode(status) }
  }

  /// The configuration file's options with the command line's flags on top.
  private func loadOptions(source: String) throws -> BuildOptions {
    var options = BuildOptions()
    let configPath = config ?? source + "/" + BuildConfiguration.fileName
    if config != nil || FileManager.default.fileExists(atPath: configPath) {
      options = try BuildConfiguration(contentsOf: configPath).options
    }
    if let gamut { options.gamutPolicy = gamut }
    conversion.apply(to: &options.conversion)
    if let compression { options.compressionLevel = compression }
    if aliases { options.aliases = .standard }
    if namespaces { options.namespaces = .all }
    return options
  }
}

extension GamutPolicy: ExpressibleByArgument {}
