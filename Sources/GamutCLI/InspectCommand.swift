import ArgumentParser
import Foundation
import GamutKit

/// `gamut inspect FILE...`: what each PNG stores and which color space it is in.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show each PNG's size, layout, color chunks, decided color space and ICC profile.",
    discussion: """
      Exit status: 0 when every file was read, 1 when any could not be read, 64 for a usage error.
      One unreadable file does not stop the others.
      """
  )

  @Flag(help: "Print one JSON array with an object per file (schema in docs/inspect.md).")
  var json = false

  @OptionGroup var limits: LimitOptions

  @Argument(help: "PNG files to inspect.")
  var files: [String]

  func run() throws {
    let decodeLimits = limits.pngLimits
    let inspections = files.map { FileInspection(path: $0, limits: decodeLimits) }
    if json {
      print(try JSONOutput.string(inspections))
    } else {
      for (index, inspection) in inspections.enumerated() {
        if index > 0 { print() }
        print(InspectionText.render(inspection), terminator: "")
      }
      for inspection in inspections where inspection.error != nil {
        FileHandle.standardError.write(Data("\(inspection.path): error: \(inspection.error!)\n".utf8))
      }
    }
    if inspections.contains(where: { $0.error != nil }) { throw ExitCode(ExitStatus.failure.rawValue) }
  }
}
