import ArgumentParser
import Foundation
import GamutKit

/// `gamut contrast A B`: the WCAG contrast of two colors in every appearance.
struct ContrastCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "contrast",
    abstract: "Print the contrast ratio of a foreground and a background color in every appearance.",
    discussion: """
      A and B are color values (#0A84FF, color(display-p3 1 0.2 0.1), rgb(...), oklch(...)) or names of colors \
      defined in the color files under --source (Name or Group/Name). A named color resolves in each appearance \
      the way the system falls back (dark + high contrast uses the dark variant when there is no dark + high \
      contrast one, and so on); a system color reference resolves to the HIG's published values. Luminance comes \
      from each color's own space; a translucent color is composited over the background (a translucent \
      background over white in light appearances, black in dark ones).

      Exit status: 0 when every ratio was computed; 1 when a color could not be resolved; 64 for a usage error.
      """
  )

  @Argument(help: "The foreground color: a value or a color name.")
  var foreground: String

  @Argument(help: "The background color: a value or a color name.")
  var background: String

  @Option(help: "The source folder whose color files define the names (default: the current folder).")
  var source = "."

  @Option(help: "normal, large or graphic: decides the minimum and the target (default normal).")
  var text: String = "normal"

  @Option(help: "A gamut.yml whose contrast minimum and target to use (default: SOURCE/gamut.yml if present).")
  var config: String?

  @Flag(help: "Print the results as a JSON array.")
  var json = false

  func run() throws {
    guard let size = ColorOptions.TextSize(rawValue: text) else {
      throw ValidationError("--text must be normal, large or graphic")
    }
    let printer = Printer()
    var options = ColorOptions()
    let configPath = config ?? (source + "/" + BuildConfiguration.fileName)
    if config != nil || FileManager.default.fileExists(atPath: configPath) {
      do {
        options = try BuildConfiguration(contentsOf: configPath).options.colors
      } catch {
        printer.line("\(error)", to: .error)
        throw ExitCode(.usage)
      }
    }
    var catalog: [ColorDefinition]?
    func resolve(_ text: String) throws -> ColorDefinition {
      do throws(ColorValueError) {
        let value = try ColorValueParser.parse(text)
        return ColorDefinition(groupPath: [], name: text, source: "", line: 0, variants: [.init(): .color(value)])
      } catch let valueError {
        if catalog == nil {
          catalog = (try? ColorCatalogReader.colors(in: source).colors) ?? []
        }
        if let found = ColorCatalogReader.find(text, in: catalog ?? []) { return found }
        let looksLikeValue = text.hasPrefix("#") || text.contains("(")
        let reason = looksLikeValue ? valueError.message : "no color named '\(text)' in \(source)"
        printer.line("gamut contrast: error: \(Diagnostic.printable(reason))", to: .error)
        throw ExitCode(.failure)
      }
    }
    let top = try resolve(foreground)
    let bottom = try resolve(background)
    let results = ContrastCheck.evaluate(
      foreground: top, background: bottom, text: size, options: options, appearances: ContrastCheck.Appearance.allCases)
    if json {
      printer.document(try JSONOutput.string(results))
    } else {
      printer.line(
        "\(top.qualifiedName) on \(bottom.qualifiedName) (\(size.rawValue) text: minimum \(results[0].minimum):1, "
          + "target \(results[0].target):1)")
      for result in results {
        let label = result.appearance.label.padding(toLength: 22, withPad: " ", startingAt: 0)
        guard let ratio = result.ratio else {
          printer.line("  \(label) unresolved (a system color without published values)")
          continue
        }
        let figure = ContrastRatio.text(ratio).padding(toLength: 8, withPad: " ", startingAt: 0)
        printer.line(
          "  \(label) \(figure) \(result.verdict.rawValue.padding(toLength: 13, withPad: " ", startingAt: 0)) "
            + "\(result.foregroundColor ?? "?") on \(result.backgroundColor ?? "?")")
      }
    }
    if results.contains(where: { $0.ratio == nil }) { throw ExitCode(.failure) }
  }
}
