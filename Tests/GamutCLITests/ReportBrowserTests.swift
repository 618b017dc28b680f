import Foundation
import Testing

/// Opens the report of `SampleAssets/` in headless Chromium (`scripts/checks/check-report-in-browser`): every asset has
/// its card, every image loads with its natural size, no console error, no request leaves the file system. The
/// screenshots are kept in `.build/report-browser-test/` for a person to look at.
///
/// Chromium is a test dependency (`scripts/install-deps --test`). Without it the test is skipped on a developer's
/// machine and fails in CI (`CI=true`), so a CI image without a browser cannot pass silently.
@Suite(.tags(.process, .browser), .selectedByTags) struct ReportBrowserTests {
  static let environment = ProcessInfo.processInfo.environment
  static let inCI = environment["CI"] == "true"
  /// Found as `scripts/checks/check-report-in-browser` finds it: `GAMUT_CHROMIUM` when set, else a browser on `PATH`.
  static let browserFound: Bool = {
    if let explicit = environment["GAMUT_CHROMIUM"] { return FileManager.default.isExecutableFile(atPath: explicit) }
    let names = ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"]
    let candidates =
      names.flatMap { name in (environment["PATH"] ?? "").split(separator: ":").map { "\($0)/\(name)" } }
      + ["/Applications/Google Chrome.app/Contents/MacOS/Google Chrome"]
    return candidates.contains { FileManager.default.isExecutableFile(atPath: $0) }
  }()

  @Test(
    .enabled(
      if: browserFound || inCI,
      "no Chromium on this machine: install it (scripts/install-deps --test) to open the report in a browser"))
  func sampleReportRendersInChromium() throws {
    #expect(Self.browserFound, "CI=true but no Chromium: scripts/install-deps --test must install it")
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets").path, toPath: folder + "/Art")
    let build = try GamutProcess.run(
      ["build", "Art", "--output", "Out/Sample.xcassets", "--report", "Out/Sample-report.html"], in: folder)
    #expect(build.status == 1, "SampleAssets holds one broken file")
    #expect(build.standardOutput.contains("report: Out/Sample-report.html"))

    let (status, printed, shot) = try Self.check(
      folder + "/Out/Sample-report.html", manifest: folder + "/Out/gamut-manifest.json", screenshot: "Sample-report")
    #expect(status == 0, "\(printed)")
    #expect(printed.contains("images loaded at their natural size"))
    #expect(FileManager.default.fileExists(atPath: shot))
  }

  /// Runs `scripts/checks/check-report-in-browser` on `report` with its `manifest`, saving a screenshot named
  /// `screenshot` under `.build/report-browser-test/`; returns its exit status, what it printed (standard output,
  /// then standard error) and the screenshot's path.
  static func check(_ report: String, manifest: String, screenshot: String) throws -> (
    status: Int32, printed: String, screenshot: String
  ) {
    let shots = GamutProcess.projectRoot.appendingPathComponent(".build/report-browser-test")
    try FileManager.default.createDirectory(at: shots, withIntermediateDirectories: true)
    let shot = shots.appendingPathComponent(screenshot + ".png").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3", GamutProcess.projectRoot.appendingPathComponent("scripts/checks/check-report-in-browser").path,
      report, "--manifest", manifest, "--screenshot", shot,
    ]
    let errors = Pipe()
    let output = Pipe()
    process.standardError = errors
    process.standardOutput = output
    try process.run()
    let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, printed + said, shot)
  }
}
