import ArgumentParser
import Foundation
import GamutKit

/// `gamut check FILE...`: where each file's colors clip on an sRGB display, in numbers and, with `--map`, as a
/// picture.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Measure what an sRGB display does to each PNG's colors and give a verdict: ok, warning or error.",
    discussion: """
      Measures (docs/clipping-check.md, docs/color-decisions.md): share of pixels outside sRGB, and the share \
      that changes visibly; CIEDE2000 between source and sRGB colors; \
      clipping plateaus (runs where the sRGB output stays flat while the source keeps changing); lost \
      distinctions (neighbouring colors that can be told apart in the source but not in sRGB). A color chunk that \
      cannot be used is passed over with a warning on standard error and in colorSpaceWarnings (--json).

      Exit status: 1 when any file could not be read; otherwise 2 when any verdict is error (with --strict, also \
      warning); otherwise 0. 64 for a usage error.
      """
  )

  @Option(help: "Write, per file, DIR/<name>-clipping.png: clipped pixels and plateaus over a dimmed copy.")
  var map: String?

  @Flag(help: "Fail (exit 2) on warning verdicts too.")
  var strict = false

  @Flag(help: "Print, per file, the time spent decoding, converting and analysing (for benchmarks).")
  var timings = false

  @Option(help: "A gamut.yml whose thresholds to use.")
  var config: String?

  @OptionGroup var limits: LimitOptions

  @OptionGroup(title: "Findings") var output: DiagnosticsOptions

  @Argument(help: "PNG files to check.")
  var files: [String]

  func run() throws {
    let reporter = Reporter(output, tool: .init(command: "check"))
    var thresholds = ClippingThresholds()
    if let config {
      do {
        thresholds = try BuildConfiguration(contentsOf: config).options.thresholds
      } catch {
        reporter.printer.line("\(error)", to: .error)
        throw ExitCode(.usage)
      }
    }
    if let map {
      try refuseUnsafeMaps(in: map)
      try? FileManager.default.createDirectory(atPath: map, withIntermediateDirectories: true)
    }
    let converter = ColorConverter()
    let records = files.map { check($0, converter: converter, thresholds: thresholds, printer: reporter.printer) }
    try report(records, reporter: reporter)
    let status = ExitStatus(findings: records.compactMap(\.finding), strict: strict)
    if status != .clean { throw ExitCode(status) }
  }

  /// The records in the reporter's form on standard output: the JSON array, a SARIF log of the findings, or the
  /// text of each record (and in the github form a workflow command per finding). In every form the color chunks
  /// passed over and the files that could not be read are printed on standard error.
  private func report(_ records: [CheckRecord], reporter: Reporter) throws {
    switch reporter.format {
    case .json:
      reporter.printer.document(try JSONOutput.string(records))
    case .sarif:
      reporter.printer.document(
        SARIFLog.text(records.compactMap(Self.reported).map(FindingRecord.init), tool: reporter.tool))
    case .text, .github:
      for record in records { reporter.printer.text(CheckText.render(record), to: .output) }
    }
    for record in records {
      for warning in record.colorSpaceWarnings ?? [] {
        reporter.printer.line(Diagnostic.text(path: record.path, severity: .warning, message: warning), to: .error)
      }
    }
    for record in records where record.error != nil {
      reporter.printer.line(Diagnostic.text(path: record.path, severity: .error, message: record.error!), to: .error)
    }
    guard reporter.format == .github else { return }
    for finding in records.compactMap(Self.reported) {
      reporter.printer.command(GitHubAnnotation.line(for: finding, workspace: reporter.workspace))
    }
  }

  /// The map of the file at `path` in the `--map` folder: `DIR/<name>-clipping.png`.
  static func mapPath(of path: String, in folder: String) -> String {
    folder + "/" + URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent + "-clipping.png"
  }

  /// Exits 64 when the output-path guard refuses the `--map` folder or a map in it: one of the files checked, a
  /// device, FIFO, folder or link, or a file that is not a PNG.
  private func refuseUnsafeMaps(in folder: String) throws {
    let outputs = OutputPathGuard(inputs: files.map { .readOnly($0, "a file being checked") })
    try outputs.refuse(folder, option: "--map", writing: .folder)
    for file in files {
      try outputs.refuse(Self.mapPath(of: file, in: folder), option: "--map", writing: .file(.png))
    }
  }

  /// The finding reported for a file that could not be read or whose verdict is a warning or an error (the codes
  /// `build` uses), with the verdict's reasons as the message; nil for an `ok` verdict.
  static func reported(_ record: CheckRecord) -> Diagnostic? {
    guard var finding = record.finding else { return nil }
    if finding.message.isEmpty {
      let reasons = record.reasons ?? []
      finding.message = "sRGB clips visibly" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; "))
    }
    return finding
  }

  private func check(
    _ path: String, converter: ColorConverter, thresholds: ClippingThresholds, printer: Printer
  ) -> CheckRecord {
    do {
      let check = FileCheck(converter: converter, thresholds: thresholds, limits: limits.pngLimits)
      let outcome = try check.run(path: path, makingMap: map != nil)
      if timings {
        let ms = { (d: Duration) in
          String(format: "%.1f", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
        }
        printer.line(
          "\(path): timings: decode \(ms(outcome.decodeTime)) ms, conversion \(ms(outcome.conversionTime)) ms, "
            + "analysis \(ms(outcome.analysisTime)) ms, \(outcome.width * outcome.height) pixels", to: .error)
      }
      var mapPath: String?
      if let map, let picture = outcome.map {
        mapPath = Self.mapPath(of: path, in: map)
        let bytes = try PNGEncoder().encode(picture, colorTag: ConversionTarget.sRGB.colorTag)
        try AtomicFile.write(bytes, to: mapPath!)
      }
      return CheckRecord(
        path: path, colorSpace: outcome.colorSpace, colorSpaceWarnings: outcome.colorSpaceWarnings,
        report: outcome.report, map: mapPath)
    } catch let error as PNGError {
      return CheckRecord(path: path, error: error.reason)
    } catch {
      return CheckRecord(path: path, error: "\(error)")
    }
  }
}

extension CheckRecord {
  /// The record as a finding for ``ExitStatus``: an error when the file could not be checked, else the clipping
  /// verdict at its own severity (nil for `ok`).
  var finding: Diagnostic? {
    if let error { return Diagnostic(path: path, severity: .error, code: .unreadable, message: error) }
    switch verdict {
    case .error: return Diagnostic(path: path, severity: .error, code: .clippingError, message: "")
    case .warning: return Diagnostic(path: path, severity: .warning, code: .clippingWarning, message: "")
    case .ok, nil: return nil
    }
  }
}
