import Foundation
import Testing

/// The commands the docs show, run: every page of `docs/` with `console` blocks (the tutorial,
/// docs/getting-started.md, first) is run end to end, its blocks' commands (the lines after `$ `) in order, in one
/// clean temporary folder per page holding copies of `SampleAssets` and `SampleCatalog` (the reader's clone), with the
/// built `gamut` first on `PATH`; each command's output (standard error and standard output as a terminal interleaves
/// them) must be the lines the page shows under it. Only what differs from run to run is normalised, on both sides:
/// the temporary folder's path, durations (`0.41 s`, `12 ms`), and the order of the build's progress lines (`built
/// NAME`, `failed NAME`), which is the order the assets finish in.
@Suite(.tags(.process), .selectedByTags) struct ConsoleExamplesTests {
  /// The pages of `docs/` that have a `console` block.
  static var pages: [String] {
    let docs = TestData.project("docs")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: docs)) ?? []
    return names.filter { $0.hasSuffix(".md") }.sorted().filter { name in
      ((try? String(contentsOfFile: docs + "/" + name, encoding: .utf8)) ?? "").contains("\n```console\n")
    }
  }

  /// One command of the page and the output it shows.
  struct Step {
    var command: String
    var output: [String]
  }

  /// The steps of every `console` block of the page, in order.
  static func steps(of page: String) -> [Step] {
    var steps: [Step] = []
    var inConsole = false
    for line in page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
      if line.hasPrefix("```") {
        inConsole = !inConsole && line == "```console"
        continue
      }
      guard inConsole else { continue }
      if line.hasPrefix("$ ") {
        steps.append(Step(command: String(line.dropFirst(2)), output: []))
      } else if !steps.isEmpty {
        steps[steps.count - 1].output.append(line)
      }
    }
    return steps
  }

  /// `lines` with what differs between runs made the same: the folder's path, durations, the progress lines' order.
  static func normalised(_ lines: [String], folder: String) -> [String] {
    let duration = /[0-9]+(\.[0-9]+)? (s|ms)\b/
    var result = lines.map { $0.replacingOccurrences(of: folder + "/", with: "").replacing(duration, with: "N s") }
    var start = 0
    while start < result.count {
      var end = start
      while end < result.count, result[end].hasPrefix("built ") || result[end].hasPrefix("failed ") { end += 1 }
      if end > start { result[start..<end].sort() }
      start = max(end, start + 1)
    }
    while result.last == "" { result.removeLast() }
    return result
  }

  /// Runs `command` with `sh` in `folder`, the built gamut first on PATH; standard error joined to standard output.
  static func run(_ command: String, in folder: String) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    process.arguments = ["-c", command + " 2>&1"]
    process.currentDirectoryURL = URL(fileURLWithPath: folder)
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = GamutProcess.productsFolder.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["GITHUB_ACTIONS"] = nil
    process.environment = environment
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
  }

  @Test func thePageFindsItsSteps() {
    let page = "text\n```console\n$ gamut a\none\n\n$ gamut b\n```\n```sh\n$ not run\n```\n"
    let steps = Self.steps(of: page)
    #expect(steps.map(\.command) == ["gamut a", "gamut b"])
    #expect(steps.first?.output == ["one", ""])
  }

  /// The README's one example is a command of the tutorial, so the test below runs it too.
  @Test func theReadmeExampleIsAStepOfTheTutorial() throws {
    let readme = try String(contentsOfFile: TestData.project("README.md"), encoding: .utf8)
    let page = try String(contentsOfFile: TestData.project("docs/getting-started.md"), encoding: .utf8)
    let example = readme.components(separatedBy: "## Example\n\n```sh\n").dropFirst().first?
      .components(separatedBy: "\n").first
    #expect(example != nil)
    #expect(Self.steps(of: page).map(\.command).contains(example ?? "-"))
  }

  /// Runs every step of `page` in a new folder holding the sample folders, and returns the folder (for more checks;
  /// the caller removes it).
  static func runSteps(of page: String) throws -> TemporaryFolder {
    let folder = try TemporaryFolder()
    try folder.copy(TestData.sampleAssets, as: "SampleAssets")
    try folder.copy(TestData.project("SampleCatalog"), as: "SampleCatalog")
    let text = try String(contentsOfFile: TestData.project("docs/" + page), encoding: .utf8)
    for step in Self.steps(of: text) {
      let printed = try Self.run(step.command, in: folder.path)
      let expected = Self.normalised(step.output, folder: folder.path)
      #expect(Self.normalised(printed, folder: folder.path) == expected, "\(page): $ \(step.command)")
    }
    return folder
  }

  @Test func theTutorialRunsAsShown() throws {
    let page = try String(contentsOfFile: TestData.project("docs/getting-started.md"), encoding: .utf8)
    #expect(Self.steps(of: page).count >= 7, "the tutorial's console blocks")
    let folder = try Self.runSteps(of: "getting-started.md")
    defer { folder.remove() }
    #expect(FileManager.default.fileExists(atPath: folder.path + "/out/Sample-report.html"))
  }

  @Test(arguments: pages.filter { $0 != "getting-started.md" })
  func everyOtherPageRunsAsShown(_ page: String) throws {
    try Self.runSteps(of: page).remove()
  }
}
