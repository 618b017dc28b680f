import Foundation
import Testing

@testable import GamutCLI

/// docs/cli.md is the argument parser's own help of every command: it fails when a command, an option or its help
/// text changes and the page was not regenerated (`scripts/generate/cli-page`).
@Suite struct CommandReferenceTests {
  @Test func theCommandLinePageIsCurrent() throws {
    let path = TestData.project("docs/cli.md")
    let page = CommandReference.page
    if ProcessInfo.processInfo.environment["GAMUT_WRITE_CLI_PAGE"] == "1" {
      try Data(page.utf8).write(to: URL(fileURLWithPath: path))
    }
    let written = try String(contentsOfFile: path, encoding: .utf8)
    #expect(written == page, "docs/cli.md is stale: run scripts/generate/cli-page")
  }

  @Test func everyCommandHasASection() {
    let page = CommandReference.page
    for command in GamutCommand.configuration.subcommands {
      let name = command.configuration.commandName ?? ""
      #expect(page.contains("\n## `gamut \(name)`\n"), "\(name)")
    }
  }
}
