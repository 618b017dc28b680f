import Foundation
import Yams

/// The configuration file, `gamut.yml` in the source folder (or the file given with `--config`).
///
/// Every key is optional; an unknown key or a wrong value is an error that names it, so a typo never passes
/// silently. docs/configuration.md shows a complete example:
///
/// ```yaml
/// gamut: auto                 # auto | both | srgb
/// intent: relative            # relative | perceptual | saturation | absolute
/// blackPointCompensation: false
/// gamutMapping: clip          # clip | chroma
/// dither: false
/// compression: 6              # deflate level 0-9
/// aliases: true               # or a map such as {"_night": [dark]}
/// namespaces: [Icons]         # true, false, or a list of folders
/// idioms: [universal, iphone, ipad]
/// darkWhiteShare: 0.25
/// thresholds: { errorPlateauShare: 0.02 }
/// report: ../out/gamut-report.html   # relative to this file's folder
/// generateScales: false      # make missing @1x/@2x from the largest scale (docs/app-icons.md)
/// appIcons: [AppIconBeta]     # app icons besides AppIcon (docs/app-icons.md)
/// appIcon: { platforms: [ios, macos], background: "#FFFFFF", tinted: grayscale }
/// iconBundles: [../Icons]     # Icon Composer bundles besides the catalog's folder (docs/icon-composer.md)
/// kept: kept                  # catalog entries copied unchanged (docs/import.md)
/// ```
public struct BuildConfiguration: Sendable, Equatable {
  /// The file's name inside a source folder.
  public static let fileName = "gamut.yml"

  /// Why a configuration file cannot be used.
  public struct Error: Swift.Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    /// The 1-based line of the file the error is at, when it is at one.
    public var line: Int?

    public init(path: String, message: String, line: Int? = nil) {
      self.path = path
      self.message = message
      self.line = line
    }

    /// `path: error: message`, or `path:line: error: message` when the error is at a line.
    public var description: String { path + (line.map { ":\($0)" } ?? "") + ": error: \(message)" }
  }

  /// The options the file sets, applied over the defaults.
  public var options: BuildOptions

  /// Reads `path`, refusing a file larger than `maxBytes` before reading it (``InputLimits``).
  public init(contentsOf path: String, maxBytes: Int = InputLimits.default.maxConfigurationBytes) throws(Error) {
    let bytes: [UInt8]
    do {
      bytes = try BoundedFile.read(path, limit: maxBytes, what: "the configuration file")
    } catch {
      throw Error(path: path, message: "cannot read the configuration file: \(error.reason)")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw Error(path: path, message: "the configuration file is not UTF-8 text")
    }
    try self.init(yaml: text, path: path)
  }

  /// Parses configuration text; `path` names the file in errors.
  public init(yaml: String, path: String) throws(Error) {
    var reader = Reader(path: path)
    for (key, value) in try Self.topLevel(yaml: yaml, path: path).sorted(by: { $0.key < $1.key }) {
      try reader.read(key, value)
    }
    self.options = reader.options
  }

  /// The file's mapping of options; empty for an empty file.
  private static func topLevel(yaml: String, path: String) throws(Error) -> [String: Any] {
    let root: Any?
    do throws(YAMLGuard.Refusal) {
      try YAMLGuard.check(yaml)
    } catch {
      throw Error(path: path, message: error.message, line: error.line)
    }
    let node: Node?
    do {
      node = try Yams.compose(yaml: yaml)
    } catch {
      throw Error(path: path, message: "not valid YAML: \(String("\(error)".prefix(500)))")
    }
    if let node, let key = YAMLMapping.firstNonStringKey(in: node) {
      throw Error(
        path: path,
        message: "the key \(QuotedValue.quote(key.key)) is not a string (a number, true, false or null); quote it",
        line: key.line)
    }
    root = node?.any
    guard let root else { return [:] }
    guard let map = root as? [String: Any] else { throw Error(path: path, message: "expected a mapping of options") }
    return map
  }

  static func number(_ value: Any) -> Double? {
    (value as? Double) ?? (value as? Int).map(Double.init)
  }
}
