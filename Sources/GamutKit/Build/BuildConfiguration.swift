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
    let root: Any?
    do throws(YAMLGuard.Refusal) {
      try YAMLGuard.check(yaml)
    } catch {
      throw Error(path: "\(path):\(error.line)", message: error.message)
    }
    let node: Node?
    do {
      node = try Yams.compose(yaml: yaml)
    } catch {
      throw Error(path: path, message: "not valid YAML: \(String("\(error)".prefix(500)))")
    }
    if let node, let key = YAMLMapping.firstNonStringKey(in: node) {
      throw Error(
        path: "\(path):\(key.line)",
        message: "the key \(QuotedValue.quote(key.key)) is not a string (a number, true, false or null); quote it")
    }
    root = node?.any
    var options = BuildOptions()
    guard let root else {
      self.options = options
      return
    }
    guard let map = root as? [String: Any] else { throw Error(path: path, message: "expected a mapping of options") }
    func fail(_ key: String, _ expected: String) -> Error {
      Error(path: path, message: "\(QuotedValue.quote(key)) must be \(expected)")
    }
    for (key, value) in map.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "gamut":
        guard let text = value as? String, let policy = GamutPolicy(rawValue: text) else {
          throw fail(key, "one of auto, both, srgb")
        }
        options.gamutPolicy = policy
      case "intent":
        guard let text = value as? String, let intent = RenderingIntent(rawValue: text) else {
          throw fail(key, "one of " + RenderingIntent.allCases.map(\.rawValue).joined(separator: ", "))
        }
        options.conversion.intent = intent
      case "blackPointCompensation":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.conversion.blackPointCompensation = flag
      case "gamutMapping":
        guard let text = value as? String, let mapping = GamutMapping(rawValue: text) else {
          throw fail(key, "clip or chroma")
        }
        options.conversion.gamutMapping = mapping
      case "dither":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.conversion.dither = flag
      case "compression":
        guard let level = value as? Int, CompressionLevel.range.contains(level) else {
          throw fail(key, "a deflate level from 0 to 9")
        }
        options.compressionLevel = level
      case "aliases":
        if let flag = value as? Bool {
          options.aliases = flag ? .standard : .none
        } else if let custom = YAMLMapping.stringKeyed(value) {
          var suffixes = NameAliases.standard.suffixes
          for (suffix, tokens) in custom {
            guard let list = tokens as? [String] else { throw fail(key, "true, false, or a map of suffix to tokens") }
            if let problem = NameAliases.problem(suffix: suffix, tokens: list) {
              throw Error(path: path, message: "'aliases': " + problem)
            }
            suffixes[suffix] = list
          }
          options.aliases = NameAliases(suffixes: suffixes)
        } else {
          throw fail(key, "true, false, or a map of suffix to tokens")
        }
      case "namespaces":
        if let flag = value as? Bool {
          options.namespaces = flag ? .all : .none
        } else if let folders = value as? [String] {
          options.namespaces = .folders(Set(folders))
        } else {
          throw fail(key, "true, false, or a list of folders")
        }
      case "idioms":
        guard let names = value as? [String] else { throw fail(key, "a list of idioms") }
        var idioms: Set<RenditionTraits.Idiom> = [.universal]
        for name in names {
          guard let idiom = RenditionTraits.Idiom(rawValue: name) else {
            throw fail(key, "a list of: " + RenditionTraits.Idiom.allCases.map(\.rawValue).joined(separator: ", "))
          }
          idioms.insert(idiom)
        }
        options.idioms = idioms
      case "darkWhiteShare":
        guard let share = Self.number(value), (0...1).contains(share) else { throw fail(key, "a share from 0 to 1") }
        options.darkWhiteShareLimit = share
      case "report":
        guard let text = value as? String, text.hasSuffix(".html") else { throw fail(key, "a path ending in .html") }
        let folder = (path as NSString).deletingLastPathComponent
        options.reportPath = text.hasPrefix("/") || folder.isEmpty ? text : folder + "/" + text
      case "thresholds":
        guard let values = YAMLMapping.stringKeyed(value) else {
          throw fail(key, "a map of threshold names to numbers")
        }
        for (name, raw) in values {
          guard let number = Self.number(raw), number >= 0, number.isFinite else {
            throw fail("thresholds.\(name)", "a finite number ≥ 0")
          }
          guard options.thresholds.set(name, to: number) else {
            throw Error(path: path, message: "unknown threshold 'thresholds.\(name)'")
          }
        }
      case "requireHighContrast":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.colors.requireHighContrast = flag
      case "contrast":
        do throws(ColorOptions.ConfigurationError) {
          try options.colors.readContrast(value)
        } catch {
          throw Error(path: path, message: error.message)
        }
      case _ where CatalogRules.keys.contains(key):
        if let expected = options.catalogRules.set(key, value) { throw fail(key, expected) }
      case "generateScales":
        guard let flag = value as? Bool else { throw fail(key, "true or false") }
        options.generateScales = flag
      case "appIcon", "appIcons":
        do throws(AppIconOptions.ConfigurationError) {
          try key == "appIcon" ? options.appIcons.configure(value) : options.appIcons.configureNames(value)
        } catch {
          throw Error(path: path, message: error.message)
        }
      default:
        throw Error(path: path, message: "unknown option \(QuotedValue.quote(key))")
      }
    }
    self.options = options
  }

  private static func number(_ value: Any) -> Double? {
    (value as? Double) ?? (value as? Int).map(Double.init)
  }
}

extension ClippingThresholds {
  /// Sets the threshold named like its property; false for an unknown name.
  fileprivate mutating func set(_ name: String, to value: Double) -> Bool {
    switch name {
    case "invisibleDeltaE": invisibleDeltaE = value
    case "errorMinimumDeltaE": errorMinimumDeltaE = value
    case "errorPlateauShare": errorPlateauShare = value
    case "errorLostDistinctionShare": errorLostDistinctionShare = value
    case "errorShareAboveDeltaE5": errorShareAboveDeltaE5 = value
    case "warningPlateauShare": warningPlateauShare = value
    case "warningLostDistinctionShare": warningLostDistinctionShare = value
    case "warningP99DeltaE": warningP99DeltaE = value
    default: return false
    }
    return true
  }
}
