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

  @Flag(help: "Print one JSON array with an object per file (schema in docs/clipping-check.md).")
  var json = false

  @Option(help: "Write, per file, DIR/<name>-clipping.png: clipped pixels and plateaus over a dimmed copy.")
  var map: String?

  @Flag(help: "Fail (exit 2) on warning verdicts too.")
  var strict = false

  @Flag(help: "Print, per file, the time spent decoding, converting and analysing (for benchmarks).")
  var timings = false

  @Option(help: "A gamut.yml whose thresholds to use.")
  var config: String?

  @OptionGroup var limits: LimitOptions

  @Option(
    help: """
      Also print a GitHub Actions workflow command per unreadable file and per warning or error verdict on standard \
      output: text or github (default: github when GITHUB_ACTIONS=true, except with --json).
      """)
  var diagnostics: DiagnosticsFormat?

  @Argument(help: "PNG files to check.")
  var files: [String]

  func validate() throws {
    if diagnostics == .sarif { throw ValidationError("--diagnostics sarif is for gamut lint") }
    if json && diagnostics == .github {
      throw ValidationError("--diagnostics github cannot be combined with --json (both use standard output)")
    }
  }

  func run() throws {
    var thresholds = ClippingThresholds()
    if let config {
      do {
        thresholds = try BuildConfiguration(contentsOf: config).options.thresholds
      } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        throw ExitCode(ExitStatus.usage.rawValue)
      }
    }
    if let map {
      try? FileManager.default.createDirectory(atPath: map, withIntermediateDirectories: true)
    }
    let converter = ColorConverter()
    let records = files.map { check($0, converter: converter, thresholds: thresholds) }
    if json {
      print(try JSONOutput.string(records))
    } else {
      for record in records { print(CheckText.render(record), terminator: "") }
    }
    for record in records {
      for warning in record.colorSpaceWarnings ?? [] {
        FileHandle.standardError.write(Data("\(record.path): warning: \(warning)\n".utf8))
      }
    }
    for record in records where record.error != nil {
      FileHandle.standardError.write(Data("\(record.path): error: \(record.error!)\n".utf8))
    }
    let environment = ProcessInfo.processInfo.environment
    if !json && DiagnosticsFormat.resolved(diagnostics, environment: environment) == .github {
      for record in records {
        if let annotation = Self.annotation(record, workspace: environment["GITHUB_WORKSPACE"]) { print(annotation) }
      }
    }
    let status = ExitStatus(findings: records.compactMap(\.finding), strict: strict)
    if status != .clean { throw ExitCode(status.rawValue) }
  }

  /// The workflow command for a file that could not be read or whose verdict is a warning or an error (the
  /// codes `build` uses), with the verdict's reasons as the message; nil for an `ok` verdict.
  static func annotation(_ record: CheckRecord, workspace: String?) -> String? {
    guard var finding = record.finding else { return nil }
    if finding.message.isEmpty {
      let reasons = record.reasons ?? []
      finding.message = "sRGB clips visibly" + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: "; "))
    }
    return GitHubAnnotation.line(for: finding, workspace: workspace)
  }

  private func check(_ path: String, converter: ColorConverter, thresholds: ClippingThresholds) -> CheckRecord {
    do {
      let check = FileCheck(converter: converter, thresholds: thresholds, limits: limits.pngLimits)
      let outcome = try check.run(path: path, makingMap: map != nil)
      if timings {
        let ms = { (d: Duration) in
          String(format: "%.1f", Double(d.components.attoseconds) / 1e15 + Double(d.components.seconds) * 1000)
        }
        FileHandle.standardError.write(
          Data(
            ("\(path): timings: decode \(ms(outcome.decodeTime)) ms, conversion \(ms(outcome.conversionTime)) ms, "
              + "analysis \(ms(outcome.analysisTime)) ms, \(outcome.width * outcome.height) pixels\n").utf8))
      }
      var mapPath: String?
      if let map, let picture = outcome.map {
        let name = URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        mapPath = map + "/" + name + "-clipping.png"
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
  fileprivate var finding: Diagnostic? {
    if let error { return Diagnostic(path: path, severity: .error, code: .unreadable, message: error) }
    switch verdict {
    case .error: return Diagnostic(path: path, severity: .error, code: .clippingError, message: "")
    case .warning: return Diagnostic(path: path, severity: .warning, code: .clippingWarning, message: "")
    case .ok, nil: return nil
    }
  }
}
