import ArgumentParser
import Foundation
import GamutKit

/// `gamut inspect FILE...`: what each PNG stores and which color space it is in, and what each Icon Composer
/// bundle (`X.icon`) holds, shows per appearance and needs.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract:
      "Show each PNG's size, layout, color chunks, decided color space and ICC profile, or an Icon Composer "
      + "bundle's layers, appearances, colors, compatibility and findings.",
    discussion: """
      Exit status: 0 when every file was read, 1 when any could not be read, 64 for a usage error.
      One unreadable file does not stop the others.
      """
  )

  @Flag(help: "Print one JSON array with an object per file (schemas in docs/inspect.md, docs/icon-composer.md).")
  var json = false

  @OptionGroup var limits: LimitOptions

  @Argument(help: "PNG files and Icon Composer bundles (X.icon) to inspect.")
  var files: [String]

  func run() throws {
    let printer = Printer()
    let decodeLimits = limits.pngLimits
    let inspections = files.map { Inspected(path: $0, limits: decodeLimits) }
    if json {
      printer.document(try JSONOutput.string(inspections))
    } else {
      for (index, inspection) in inspections.enumerated() {
        printer.text((index > 0 ? "\n" : "") + inspection.text, to: .output)
      }
      for inspection in inspections {
        if let error = inspection.error {
          printer.line(Diagnostic.text(path: inspection.path, severity: .error, message: error), to: .error)
        }
      }
    }
    if inspections.contains(where: { $0.error != nil }) { throw ExitCode(.failure) }
  }
}

/// One argument's inspection: a PNG's or an Icon Composer bundle's (a path ending in `.icon`), encoded as the
/// object of its kind.
private enum Inspected: Encodable {
  case file(FileInspection)
  case icon(IconInspection)

  init(path: String, limits: PNGLimits) {
    let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
    self =
      trimmed.hasSuffix(".icon")
      ? .icon(IconInspection(path: trimmed, limits: limits)) : .file(FileInspection(path: path, limits: limits))
  }

  var path: String {
    switch self {
    case .file(let inspection): inspection.path
    case .icon(let inspection): inspection.path
    }
  }

  var error: String? {
    switch self {
    case .file(let inspection): inspection.error
    case .icon(let inspection): inspection.error
    }
  }

  var text: String {
    switch self {
    case .file(let inspection): InspectionText.render(inspection)
    case .icon(let inspection): IconInspectionText.render(inspection)
    }
  }

  func encode(to encoder: any Encoder) throws {
    switch self {
    case .file(let inspection): try inspection.encode(to: encoder)
    case .icon(let inspection): try inspection.encode(to: encoder)
    }
  }
}
