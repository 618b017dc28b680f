import ArgumentParser
import Dispatch
import Foundation
import GamutKit
import Logging

/// `gamut watch SOURCE_DIR --output Name.xcassets`: keeps a catalog up to date while files arrive.
struct WatchCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "watch",
    abstract: "Keep a catalog up to date with a source folder, unattended, until SIGINT or SIGTERM.",
    discussion: """
      Takes the same options and configuration as 'build'. On start it brings the catalog up to date, then follows \
      changes (inotify on Linux, or polling with --poll) to every kind of file 'build' reads: PNG, PDF, SVG and \
      symbol sources, app icons, colors and tokens files, and SOURCE_DIR/gamut.yml, whose changes apply to the \
      whole catalog. A file is taken only when its size, modification time and inode stay the same for --settle \
      milliseconds and it is complete (a PNG decodes, an SVG parses, a PDF ends with %%EOF, a colors, tokens or \
      configuration file reads without an error); hidden and temporary names \
      (.*, *.tmp, *.part, *.crdownload, *~) are ignored. A file that stays broken is reported once and taken again \
      when it changes. Work is keyed by content hash, so a save without change or a touch does nothing. SIGINT or \
      SIGTERM ends the watch after the build in progress; a restart resumes from the catalog's state.
      """
  )

  enum LogFormat: String, ExpressibleByArgument {
    case text, json
  }

  @OptionGroup var catalog: CatalogOptions

  @Option(help: "Poll every this many seconds instead of using file-system events (for network file systems).")
  var poll: Double?

  @Option(help: "Milliseconds a changed file must stay the same before it is taken (default 300).")
  var settle = 300

  @Option(help: "Seconds between full re-scans that catch anything events missed (default 60).")
  var rescanInterval = 60.0

  @Option(help: "Log lines as text or json (JSON lines).")
  var logFormat: LogFormat = .text

  func validate() throws {
    if let poll, poll <= 0 { throw ValidationError("--poll must be positive") }
    if settle < 0 { throw ValidationError("--settle must not be negative") }
    if rescanInterval <= 0 { throw ValidationError("--rescan-interval must be positive") }
  }

  func run() throws {
    let logger = makeLogger()
    let catalogOptions = catalog
    // Output paths are checked once, as a build checks them.
    _ = try catalogOptions.makeBuilder()
    var watched: WatchedCatalog
    do throws(BuildConfiguration.Error) {
      watched = try WatchedCatalog { () throws(BuildConfiguration.Error) in try catalogOptions.builder() }
    } catch {
      Printer().line("\(error)", to: .error)
      throw ExitCode(.usage)
    }
    let scanner = SourceScanner(root: catalog.source, excluding: catalog.catalog)
    var options = WatchLoop.Options()
    options.settle = .milliseconds(settle)
    options.fullRescanInterval = .milliseconds(Int(rescanInterval * 1000))
    let loop: WatchLoop
    do {
      let source = try makeChangeSource(scanner: scanner, pollInterval: poll.map { .milliseconds(Int($0 * 1000)) })
      loop = WatchLoop(source: source, scanner: scanner, options: options, isComplete: SourceReadiness.check)
    } catch {
      logger.error("cannot watch the source folder", metadata: ["path": "\(error.path)", "reason": "\(error.reason)"])
      throw ExitCode(.failure)
    }
    let signals = Self.stopOnSignals(loop, logger: logger)
    defer { withExtendedLifetime(signals) {} }
    logger.info(
      "watching",
      metadata: [
        "source": "\(catalog.source)", "catalog": "\(catalog.catalog)", "mode": "\(poll == nil ? "events" : "polling")",
      ])
    do {
      try loop.run(onNotice: { notice in
        switch notice {
        case .rescan(let reason):
          logger.notice("re-scanning the whole folder", metadata: ["reason": "\(reason)"])
        case .broken(let file):
          logger.warning(
            "incomplete or broken; waiting for it to change",
            metadata: ["file": "\(Diagnostic.printable(file.path))", "reason": "\(file.reason)"])
        }
      }) { round in
        try Self.rebuild(round, of: &watched, logger: logger)
      }
    } catch {
      logger.error("the watch stopped", metadata: ["reason": "\(error)"])
      throw ExitCode(.failure)
    }
    logger.info("stopped")
  }

  /// Builds one round, logging it, each asset built or removed, a configuration read again, and every error
  /// finding of the build.
  private static func rebuild(_ round: WatchRound, of watched: inout WatchedCatalog, logger: Logger) throws {
    logger.info(
      "round",
      metadata: [
        "ready": "\(round.ready.map { Diagnostic.printable($0.relativePath) }.joined(separator: ","))",
        "removed": "\(round.removed.map(Diagnostic.printable).joined(separator: ","))",
      ])
    let outcome = try watched.rebuild(round) { event in log(event, logger: logger) }
    if let reason = outcome.configurationError {
      logger.error("the configuration cannot be read; the previous one stays", metadata: ["reason": "\(reason)"])
    } else if outcome.reconfigured {
      logger.info("configuration read again")
    }
    for finding in outcome.report.diagnostics where finding.severity == .error {
      logger.error("\(Diagnostic.printable(finding.message))", metadata: metadata(of: finding))
    }
  }

  /// A finding's fields as log metadata, in the one shape of a finding (`code`, `line` when it has one, `path`,
  /// `severity`; the message is the log line's). Escaped: the text log is one line per event, and a file name may
  /// hold a newline.
  static func metadata(of finding: Diagnostic) -> Logger.Metadata {
    var metadata: Logger.Metadata = [
      "code": "\(finding.code)", "path": "\(Diagnostic.printable(finding.path))",
      "severity": "\(finding.severity.rawValue)",
    ]
    if let line = finding.line { metadata["line"] = .stringConvertible(line) }
    return metadata
  }

  /// One line per rebuilt or removed asset, with the time from its newest source's last write to now.
  private static func log(_ event: CatalogBuilder.Event, logger: Logger) {
    switch event {
    case .finished(let asset, true, let failed, let sources):
      let newest = sources.map(\.modificationTime).max() ?? 0
      let now = Int64(Date().timeIntervalSince1970 * 1_000_000_000)
      logger.log(
        level: failed ? .warning : .info, failed ? "failed" : "built",
        metadata: [
          "asset": "\(asset)", "sources": "\(sources.map(\.relativePath).joined(separator: ","))",
          "latencyMs": "\((now - newest) / 1_000_000)",
        ])
    case .removed(let asset):
      logger.info("removed", metadata: ["asset": "\(asset)"])
    case .waitingForLock:
      logger.notice("another build is writing this catalog; waiting")
    default:
      break
    }
  }

  /// Makes SIGINT and SIGTERM stop the loop after the round in progress.
  private static func stopOnSignals(_ loop: WatchLoop, logger: Logger) -> [any DispatchSourceSignal] {
    [SIGINT, SIGTERM].map { number in
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler {
        logger.info("stopping after the build in progress", metadata: ["signal": "\(number)"])
        loop.stop()
      }
      source.resume()
      return source
    }
  }

  private func makeLogger() -> Logger {
    let format = logFormat
    return Logger(label: "gamut.watch") { label in
      switch format {
      case .text: StreamLogHandler(label: label, stream: PrinterStream())
      case .json: JSONLinesLogHandler(label: label)
      }
    }
  }
}
