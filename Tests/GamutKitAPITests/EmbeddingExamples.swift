// The examples of docs/embedding.md, as they are written there (keep the two in step): this file imports GamutKit
// as a program that embeds it does, so only the public API compiles here.
import GamutKit

func buildCatalog(from sources: String, into catalog: String) -> Int32 {
  // The folder's gamut.yml if it has one, the defaults otherwise; then options set in code.
  var options = (try? BuildConfiguration(contentsOf: sources + "/gamut.yml"))?.options ?? BuildOptions()
  options.gamutPolicy = .auto
  options.aliases = .standard

  let builder = CatalogBuilder(sourceRoot: sources, catalogPath: catalog, options: options)
  do {
    let report = try builder.build { event in
      if case .finished(let asset, let rebuilt, let failed, _) = event, rebuilt {
        print(failed ? "failed \(asset)" : "built \(asset)")
      }
    }
    for finding in report.diagnostics where finding.code != .folderLink {
      print(finding)  // path: severity: message, the form Xcode shows
    }
    return report.exitStatus(strict: false)
  } catch {
    print(error)  // a FileError: the catalog could not be written at all
    return ExitStatus.failure.rawValue
  }
}

/// Checks a PNG for clipping on sRGB displays; when it clips, writes a Display P3 copy beside it (`-p3.png`).
func keepWideGamut(_ path: String) throws -> Bool {
  let converter = ColorConverter(options: ConversionOptions(intent: .relative, gamutMapping: .clip))
  let outcome = try FileCheck(converter: converter, thresholds: ClippingThresholds()).run(path: path)
  guard outcome.report.verdict != .ok else { return false }
  print(path, "clips on sRGB displays:", outcome.report.reasons.joined(separator: "; "))
  let copy = String(path.dropLast(".png".count)) + "-p3.png"
  _ = try FileConversion(converter: converter).run(input: path, output: copy, target: .displayP3)
  return true
}
