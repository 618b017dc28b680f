// The examples of docs/embedding.md and of GamutKit's DocC articles (Sources/GamutKit/GamutKit.docc), as they are
// written there: `EmbeddingExamplesTests.examplesAreThoseOfTheDocs` fails when a code block of either is not in this
// file word for word. It imports GamutKit as a program that embeds it does, so only the public API compiles here.
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

/// The color space gamut reads in a PNG (`Display P3`, `sRGB`...) and its size, or why it cannot read it.
func describe(_ path: String) -> String {
  let inspection = FileInspection(path: path)
  if let error = inspection.error { return "unreadable: \(error)" }
  let size = "\(inspection.width ?? 0)x\(inspection.height ?? 0)"
  return "\(size), \(inspection.colorSpace?.name ?? "no color space")"
}

/// A PNG's pixels encoded again, tagged sRGB (the pixels are not converted: for files already in sRGB).
func retagged(_ path: String) throws -> [UInt8] {
  let image = try PNGDecoder().decode(contentsOf: path)
  return try PNGEncoder(compressionLevel: 9).encode(image.pixels, colorTag: .sRGB(intent: 0))
}

/// Lints catalogs (or folders holding them), leaving out the findings `baseline` records; prints the rest and
/// returns the exit status `gamut lint` would.
func lintCatalogs(_ paths: [String], baseline: String?) throws -> ExitStatus {
  // LintConfiguration(contentsOf: "gamut.yml") reads the `lint:` rules of a configuration file instead.
  var result = Linter(configuration: LintConfiguration()).lint(paths)
  guard result.refused.isEmpty else {
    for refusal in result.refused { print("\(refusal.path): \(refusal.reason)") }
    return .usage  // nothing was linted
  }
  if let baseline {
    result = try LintBaseline(contentsOf: baseline).filter(result)
  }
  for finding in result.findings {
    let diagnostic = finding.diagnostic
    print("\(finding.assetPath): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]")
  }
  return result.exitStatus(strict: false)
}

/// Records every finding lint makes today in a baseline file: later runs fail only on new findings.
func adoptLint(_ paths: [String], baseline: String) throws {
  let result = Linter().lint(paths)
  try LintBaseline(result.findings).write(to: baseline)
}

/// Fixes the safe set in catalogs kept in Xcode (or, with `dryRun`, only says what it would do), keeping the
/// original bytes of every file it replaces under `backup`; returns the findings that remain.
func fixCatalogs(_ paths: [String], backup: String, dryRun: Bool) -> [LintFinding] {
  var fixer = CatalogFixer(linter: Linter(), selection: FixSelection())
  fixer.dryRun = dryRun
  fixer.backupFolder = backup  // outside the catalogs
  let run = fixer.run(paths)
  for refusal in run.refused { print("\(refusal.path): \(refusal.reason)") }
  for change in run.report.changes {
    print(change.path, change.codes.map(\.rawValue), change.written.map(\.name), change.removed)
    if let diff = change.contentsDiff { print(diff) }
  }
  for rendition in run.report.renditions { print("\(rendition.path): clipping \(rendition.verdict.rawValue)") }
  for failure in run.report.failures { print(failure) }  // that folder is as it was
  for (code, count) in run.report.fixedByCode { print("fixed \(count) \(code)") }
  return run.after.findings
}

/// Turns an existing catalog into a gamut source folder; false, with nothing written, when an entry would not come
/// back from a build as it was.
func importCatalog(_ catalog: String, into folder: String) throws -> Bool {
  let report = try CatalogImporter(catalogPath: catalog, destination: folder).run()
  for row in report.rows {
    if case .differs(let reason) = row.outcome { print("\(row.path) differs: \(reason)") }
  }
  return report.differsCount == 0
}

/// Writes the HTML report of a catalog gamut built, from the manifest the build left beside it.
func writeReport(catalog: String, manifest: String, page: String) throws -> String {
  let content = try ReportContent(manifestAt: manifest)
  let outcome = try ReportWriter(reportPath: page, catalogPath: catalog).write(content)
  return outcome.reportPath
}

/// Keeps `catalog` built from `sources`: one build at the start, then one per round of changed files (each read
/// once it is complete), until `stop()` is called on the loop handed to `started` (from another thread).
func watchCatalog(from sources: String, into catalog: String, started: (WatchLoop) -> Void) throws {
  var watched = try WatchedCatalog {
    let options = (try? BuildConfiguration(contentsOf: sources + "/gamut.yml"))?.options ?? BuildOptions()
    return CatalogBuilder(sourceRoot: sources, catalogPath: catalog, options: options)
  }
  let scanner = SourceScanner(root: sources, excluding: catalog)
  let changes = try makeChangeSource(scanner: scanner)
  let loop = WatchLoop(
    source: changes, scanner: scanner, options: WatchLoop.Options(), isComplete: SourceReadiness.check)
  started(loop)
  try loop.run { round in
    let outcome = try watched.rebuild(round)
    print("\(round.ready.count) files built, \(outcome.report.diagnostics.count) findings")
  }
}
