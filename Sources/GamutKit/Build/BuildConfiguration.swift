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
/// ```
public struct BuildConfiguration: Sendable, Equatable {
  /// The file's name inside a source folder.
  public static let fileName = "gamut.yml"

  /// Why a configuration file cannot be used.
  public struct Error: Swift.Error, Sendable, CustomStringConvertible {
    public var path: String
    public var message: String
    public var description: String { "\(path): error: \(message)" }
  }

  /// The options the file sets, applied over the defaults.
  public var options: BuildOptions

  /// Reads `path`.
  public init(contentsOf path: String) throws(Error) {
    guard let data = FileManager.default.contents(atPath: path) else {
      throw Error(path: path, message: "cannot read the configuration file")
    }
    try self.init(yaml: String(decoding: data, as: UTF8.self), path: path)
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
    do {
      root = try Yams.load(yaml: yaml)
    } catch {
      throw Error(path: path, message: "not valid YAML: \(error)")
    }
    guard let root else { return [:] }
    guard let map = root as? [String: Any] else { throw Error(path: path, message: "expected a mapping of options") }
    return map
  }

  static func number(_ value: Any) -> Double? {
    (value as? Double) ?? (value as? Int).map(Double.init)
  }
}
