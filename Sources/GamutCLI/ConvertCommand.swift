public import ArgumentParser
import Foundation
import GamutKit

/// `gamut convert IN --to srgb|p3 -o OUT`: one file to one of gamut's renditions.
struct ConvertCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "convert",
    abstract: "Convert a PNG to sRGB (8-bit) or Display P3 (16-bit), with the profile embedded.",
    discussion: """
      A color chunk that cannot be used (a broken, CMYK or mismatched ICC profile, an unreadable iCCP chunk, an \
      invalid cICP) is passed over for the next one, with a warning on standard error saying what was used instead.

      Exit status: 0 written, 1 the file could not be read or converted, 64 usage error.
      """
  )

  @Argument(help: "The PNG to convert.")
  var input: String

  @Option(help: "The target: srgb (8 bits per channel) or p3 (Display P3, 16 bits per channel).")
  var to: ConversionTarget

  @Option(name: .shortAndLong, help: "The PNG to write (atomically).")
  var output: String

  @OptionGroup var conversion: ConversionFlags

  @Option(help: "zlib compression level, 0-9 (default 6).")
  var compression = CompressionLevel.default

  @OptionGroup var limits: LimitOptions

  func validate() throws {
    guard CompressionLevel.range.contains(compression) else {
      throw ValidationError("--compression must be from 0 to 9")
    }
  }

  func run() throws {
    let printer = Printer()
    try OutputPathGuard(inputs: [.readOnly(input, "the PNG being converted")])
      .refuse(output, option: "--output", writing: .file(.png))
    var options = ConversionOptions()
    conversion.apply(to: &options)
    do {
      let conversion = FileConversion(
        converter: ColorConverter(options: options), compressionLevel: compression, limits: limits.pngLimits)
      let written = try conversion.run(input: input, output: output, target: to)
      for warning in written.warnings {
        printer.line(Diagnostic.text(path: input, severity: .warning, message: warning), to: .error)
      }
      printer.line(
        "\(output): \(written.width)x\(written.height) \(written.sourceSpace) -> "
          + "\(to == .sRGB ? "sRGB 8-bit" : "Display P3 16-bit"), \(written.bytes) bytes")
    } catch let error as PNGError {
      try fail(error.reason, printer: printer)
    } catch let error as FileError {
      printer.line(error.description, to: .error)
      throw ExitCode(.failure)
    } catch {
      try fail("\(error)", printer: printer)
    }
  }

  private func fail(_ message: String, printer: Printer) throws -> Never {
    printer.line(Diagnostic.text(path: input, severity: .error, message: message), to: .error)
    throw ExitCode(.failure)
  }
}

extension ConversionTarget: ExpressibleByArgument {}
