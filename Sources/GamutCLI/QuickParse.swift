import ArgumentParser
import GamutKit

/// A short way past swift-argument-parser for the plainest `gamut check` and `gamut convert` lines, which are
/// mostly start-up: ArgumentParser's first parse reflects over every argument of the root, the command and its
/// completion flags, and the runtime's protocol-conformance lookups that this takes were a third of a small
/// file's `check` (17.8 M of 50.6 M instructions).
///
/// Only a line that ArgumentParser would parse into the same command takes this way: the command's name first, then
/// each option of the command given at most once by its exact name (`--map DIR`, `-o OUT`, not `--map=DIR`)
/// with a value that does not start with `-`, each flag at most once, arguments that do not start with `-`, and
/// values that the command, its option groups and the value types accept. Anything else (help, `--version`,
/// `--`, an unknown or repeated option, a missing or refused value, a failed validation) gives nil, and
/// ArgumentParser parses the line as before, with the same help, messages and exit status.
enum QuickParse {
  /// The command the line `arguments` (without the program's name) asks for, or nil when ArgumentParser must
  /// parse it.
  static func command(_ arguments: [String]) -> (any ParsableCommand)? {
    guard let name = arguments.first else { return nil }
    let rest = arguments.dropFirst()
    do {
      switch name {
      case "check": return try check(rest)
      case "convert": return try convert(rest)
      default: return nil
      }
    } catch {
      return nil
    }
  }

  /// `gamut check FILE... [--map DIR] [--strict] [--timings] [--config FILE] [limits] [findings]`.
  private static func check(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
    let options = ["--map", "--config", "--diagnostics"] + limitNames
    guard let line = Line(arguments, options: options, flags: ["--strict", "--timings", "--json"]),
      !line.arguments.isEmpty
    else { return nil }
    var command = CheckCommand()
    command.map = line.values["--map"]
    command.strict = line.flags.contains("--strict")
    command.timings = line.flags.contains("--timings")
    command.config = line.values["--config"]
    command.limits = try limits(line)
    var output = DiagnosticsOptions()
    output.json = line.flags.contains("--json")
    output.diagnostics = try line.value("--diagnostics", as: DiagnosticsFormat.self)
    try output.validate()
    command.output = output
    command.files = line.arguments
    try command.validate()
    return command
  }

  /// `gamut convert IN --to TARGET -o OUT [conversion flags] [--compression N] [limits]`.
  private static func convert(_ arguments: ArraySlice<String>) throws -> (any ParsableCommand)? {
    let options = ["--to", "--output", "--intent", "--gamut-mapping", "--compression"] + limitNames
    let flags: Set<String> = ["--black-point-compensation", "--dither"]
    guard let line = Line(arguments, options: options, flags: flags, aliases: ["-o": "--output"]),
      line.arguments.count == 1, let to = try line.value("--to", as: ConversionTarget.self),
      let output = line.values["--output"]
    else { return nil }
    var command = ConvertCommand()
    command.input = line.arguments[0]
    command.to = to
    command.output = output
    var conversion = ConversionFlags()
    conversion.intent = try line.value("--intent", as: RenderingIntent.self)
    conversion.blackPointCompensation = line.flags.contains("--black-point-compensation")
    conversion.gamutMapping = try line.value("--gamut-mapping", as: GamutMapping.self)
    conversion.dither = line.flags.contains("--dither")
    try conversion.validate()
    command.conversion = conversion
    command.compression = try line.value("--compression", as: Int.self) ?? CompressionLevel.default
    command.limits = try limits(line)
    try command.validate()
    return command
  }

  private static let limitNames = ["--max-megapixels", "--max-profile-kib"]

  /// The decoder limits of ``LimitOptions``, validated.
  private static func limits(_ line: Line) throws -> LimitOptions {
    var limits = LimitOptions()
    limits.maxMegapixels = try line.value("--max-megapixels", as: Int.self)
    limits.maxProfileKiB = try line.value("--max-profile-kib", as: Int.self)
    try limits.validate()
    return limits
  }

  /// A command line split into option values, flags and arguments, or nil when it is not in the plain form.
  struct Line {
    var values: [String: String] = [:]
    var flags: Set<String> = []
    var arguments: [String] = []

    /// Splits `input` by the option and flag names given (`aliases` maps a short name to its long one).
    init?(
      _ input: ArraySlice<String>, options: [String], flags flagNames: Set<String>, aliases: [String: String] = [:]
    ) {
      var index = input.startIndex
      while index < input.endIndex {
        let word = input[index]
        index += 1
        guard word.hasPrefix("-") else {
          arguments.append(word)
          continue
        }
        let name = aliases[word] ?? word
        if flagNames.contains(name) {
          guard flags.insert(name).inserted else { return nil }
        } else if options.contains(name), index < input.endIndex, !input[index].hasPrefix("-"),
          values.updateValue(input[index], forKey: name) == nil
        {
          index += 1
        } else {
          return nil
        }
      }
    }

    /// The value of option `name` read as `T` the way ArgumentParser reads it; nil when the option is absent.
    /// Throws when the value is refused.
    func value<T: ExpressibleByArgument>(_ name: String, as type: T.Type) throws -> T? {
      guard let text = values[name] else { return nil }
      guard let value = T(argument: text) else { throw Refused() }
      return value
    }
  }

  /// A value the line's type refuses: ArgumentParser says so.
  struct Refused: Error {}
}
