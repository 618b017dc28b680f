import Foundation
import Testing

/// The report of a build with Icon Composer bundles beside the catalog, opened in headless Chromium
/// (`scripts/checks/check-report-in-browser`): a card per bundle, its layer images loaded, the appearance table, no console
/// error. Skipped without Chromium as ``ReportBrowserTests`` is (failing in CI).
@Suite(.tags(.process, .browser), .selectedByTags) struct IconReportBrowserTests {
  @Test(
    .enabled(
      if: ReportBrowserTests.browserFound || ReportBrowserTests.inCI,
      "no Chromium on this machine: install it (scripts/install-deps --test) to open the report in a browser"))
  func iconCardsRenderInChromium() throws {
    #expect(ReportBrowserTests.browserFound, "CI=true but no Chromium: scripts/install-deps --test must install it")
    let temporary = try TemporaryFolder()
    defer { temporary.remove() }
    let folder = temporary.path
    try FileManager.default.createDirectory(atPath: folder + "/Out", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder + "/Art", withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      atPath: GamutProcess.projectRoot.appendingPathComponent("SampleAssets/Icons/StatusDot.png").path,
      toPath: folder + "/Art/StatusDot.png")
    let fixtures = GamutProcess.projectRoot.appendingPathComponent("Tests/Fixtures")
    for bundle in [
      "testdata/icon/insidegui--AssetCatalogTinkerer--AppIconV7.icon",
      "testdata/icon/mozilla-mobile--firefox-ios--AppIcon_Beta.icon", "icon-composer/Refraction.icon",
    ] {
      let source = fixtures.appendingPathComponent(bundle)
      try FileManager.default.copyItem(atPath: source.path, toPath: folder + "/Out/" + source.lastPathComponent)
    }
    let build = try GamutProcess.run(
      ["build", "Art", "--output", "Out/S.xcassets", "--report", "Out/report.html"], in: folder)
    #expect(build.standardError.contains("icon-crashes-actool") || build.standardError.contains("Refraction.icon"))
    let html = try String(contentsOfFile: folder + "/Out/report.html", encoding: .utf8)
    #expect(html.components(separatedBy: "data-kind=\"icon composer\"").count == 4)
    #expect(html.contains("What each appearance shows"))
    #expect(html.contains("The device renders the Liquid Glass"))

    let (status, printed, _) = try ReportBrowserTests.check(
      folder + "/Out/report.html", manifest: folder + "/Out/gamut-manifest.json", screenshot: "Icon-report")
    #expect(status == 0, "\(printed)")
    #expect(printed.contains("no console error"))
  }
}
