import ArgumentParser
import Testing

@testable import GamutCLI

/// `QuickParse` takes a plain `check` or `convert` line past ArgumentParser: it must give the very command
/// ArgumentParser gives (every property, option groups included), and leave every other line to ArgumentParser.
@Suite struct QuickParseTests {
  /// Lines in the plain form, each parsed both ways.
  static let plainLines: [[String]] = [
    ["check", "a.png"],
    ["check", "a.png", "b.png", "c d.png", ""],
    ["check", "--json", "a.png"],
    ["check", "a.png", "--map", "Maps", "--strict", "--timings", "b.png"],
    ["check", "--config", "gamut.yml", "--diagnostics", "sarif", "a.png"],
    ["check", "--diagnostics", "json", "--json", "a.png"],
    ["check", "--max-megapixels", "400", "--max-profile-kib", "+64", "a.png"],
    ["check", "help"],
    ["check", "convert", "check"],
    ["convert", "in.png", "--to", "srgb", "-o", "out.png"],
    ["convert", "--to", "p3", "--output", "out.png", "in.png"],
    ["convert", "in.png", "--to", "p3", "-o", "out.png", "--intent", "perceptual", "--black-point-compensation"],
    [
      "convert", "in.png", "--to", "srgb", "-o", "o.png", "--gamut-mapping", "chroma", "--dither", "--compression", "9",
    ],
    ["convert", "in.png", "--to", "srgb", "-o", "o.png", "--compression", "0", "--max-megapixels", "1"],
  ]

  /// Lines ArgumentParser must parse: help, version, other commands, forms and values the short way leaves alone.
  static let otherLines: [[String]] = [
    [], ["--help"], ["--version"], ["help", "check"], ["build", "a"], ["inspect", "a.png"],
    ["check"], ["check", "-h"], ["check", "--help"], ["check", "a.png", "--help"], ["check", "--", "-a.png"],
    ["check", "-a.png"], ["check", "-"], ["check", "a.png", "--map=Maps"], ["check", "a.png", "--map"],
    ["check", "a.png", "--map", "--strict"], ["check", "a.png", "--map", "A", "--map", "B"],
    ["check", "a.png", "--strict", "--strict"], ["check", "a.png", "--diagnostics", "xml"],
    ["check", "a.png", "--json", "--diagnostics", "github"], ["check", "a.png", "--max-megapixels", "0"],
    ["check", "a.png", "--max-megapixels", "many"], ["check", "a.png", "--to", "srgb"],
    ["check", "a.png", "--generate-completion-script", "bash"], ["check", "a.png", "--experimental-dump-help"],
    ["convert", "in.png", "-o", "out.png"], ["convert", "in.png", "--to", "srgb"],
    ["convert", "in.png", "b.png", "--to", "srgb", "-o", "out.png"], ["convert", "--to", "srgb", "-o", "out.png"],
    ["convert", "in.png", "--to", "cmyk", "-o", "out.png"],
    ["convert", "in.png", "--to", "srgb", "-o", "out.png", "--compression", "10"],
    ["convert", "in.png", "--to", "srgb", "-o", "out.png", "--output", "other.png"],
    ["convert", "in.png", "--to", "srgb", "-o", "out.png", "--intent", "best"],
    ["convert", "in.png", "--to", "srgb", "-o", "out.png", "--map", "Maps"],
    ["convert", "in.png", "--to", "srgb", "-out.png"], ["convert", "in.png", "--to=srgb", "-o", "out.png"],
  ]

  @Test(arguments: plainLines) func aPlainLineGivesArgumentParsersCommand(line: [String]) throws {
    let quick = try #require(QuickParse.command(line))
    let parsed = try GamutCommand.parseAsRoot(line)
    #expect(type(of: quick) == type(of: parsed))
    #expect(String(reflecting: quick) == String(reflecting: parsed))
    #expect(!String(reflecting: quick).contains("definition"), "a property QuickParse left unset")
  }

  @Test(arguments: otherLines) func everyOtherLineIsLeftToArgumentParser(line: [String]) {
    #expect(QuickParse.command(line) == nil)
  }
}
