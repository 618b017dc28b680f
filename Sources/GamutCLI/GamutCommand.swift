public import ArgumentParser
import GamutKit

/// The `gamut` command and its subcommands.
public struct GamutCommand: ParsableCommand {
  public static let configuration = CommandConfiguration(
    commandName: "gamut",
    abstract: "Turn folders of PNG artwork into color-managed Xcode asset catalogs.",
    version: GamutVersion.number,
    subcommands: [
      BuildCommand.self, WatchCommand.self, InspectCommand.self, ConvertCommand.self, CheckCommand.self,
      ContrastCommand.self, ReportCommand.self, FileListsCommand.self, ImportCommand.self,
      LintCommand.self,
    ]
  )

  public init() {}
}
