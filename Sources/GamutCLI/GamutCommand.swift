public import ArgumentParser
import Foundation
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

  /// Runs the command `arguments` name (the process's own by default) and exits. Unlike `main()`, every message,
  /// ArgumentParser's help and usage errors included, goes through the one ``Printer``, and the exit status is an
  /// ``GamutKit/ExitStatus``. A plain `check` or `convert` line is parsed by `QuickParse`, into the same command.
  public static func execute(_ arguments: [String]? = nil) -> Never {
    let status: ExitStatus
    do {
      var command =
        try QuickParse.command(arguments ?? Array(CommandLine.arguments.dropFirst())) ?? parseAsRoot(arguments)
      try command.run()
      status = .clean
    } catch {
      let code = exitCode(for: error)
      status = ExitStatus(rawValue: code.rawValue) ?? .failure
      let message = fullMessage(for: error)
      if !message.isEmpty { Printer().line(message, to: code.isSuccess ? .output : .error) }
    }
    Foundation.exit(status.rawValue)
  }
}
