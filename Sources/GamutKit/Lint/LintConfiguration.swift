import Foundation
import Yams

/// What `gamut lint` takes from `gamut.yml`: the build's options it shares (clipping thresholds, `darkWhiteShare`,
/// `contrast:` pairs, `requireHighContrast`) and its own `lint:` section:
///
/// ```yaml
/// lint:
///   rules: { untagged-image: off, oversize-image: error }
///   paths:
///     - glob: "Assets.xcassets/Legacy/**"
///       rules: { scale-size-mismatch: off }
///   budgets: { maxPixels: 16777216, maxBytes: 5000000 }
/// ```
public struct LintConfiguration: Sendable {
  /// What a rule says of a code: not reported, or reported at a severity.
  public enum RuleSetting: Sendable, Equatable {
    case off
    case severity(Diagnostic.Severity)
  }

  /// Rules for the findings whose path matches a glob (see ``LintFinding/assetPath``).
  public struct PathRules: Sendable {
    public var glob: PathGlob
    public var rules: [DiagnosticCode: RuleSetting]
  }

  /// The build options lint shares.
  public var options = BuildOptions()
  /// Rules for every path.
  public var rules: [DiagnosticCode: RuleSetting] = [:]
  /// Rules for some paths; a later entry wins over an earlier one and over ``rules``.
  public var pathRules: [PathRules] = []
  /// The largest image, in pixels, before `oversize-image`.
  public var maximumPixels = 4096 * 4096
  /// The largest image file, in bytes, before `oversize-image`.
  public var maximumBytes = 5_000_000

  public init() {}

  /// Reads `path` (a `gamut.yml`).
  public init(contentsOf path: String) throws(BuildConfiguration.Error) {
    options = try BuildConfiguration(contentsOf: path).options
    guard let data = FileManager.default.contents(atPath: path),
      let root = try? Yams.load(yaml: String(decoding: data, as: UTF8.self)) as? [String: Any],
      let section = root["lint"]
    else { return }
    try read(section, path: path)
  }

  /// The setting for `code` at `assetPath`: the last matching path rule, else the rule for every path, else nil
  /// (the check's own severity).
  public func setting(for code: DiagnosticCode, at assetPath: String) -> RuleSetting? {
    for entry in pathRules.reversed() where entry.glob.matches(assetPath) {
      if let setting = entry.rules[code] { return setting }
    }
    return rules[code]
  }

  private mutating func read(_ section: Any, path: String) throws(BuildConfiguration.Error) {
    func fail(_ key: String, _ expected: String) -> BuildConfiguration.Error {
      BuildConfiguration.Error(path: path, message: "'lint.\(key)' must be \(expected)")
    }
    guard let map = section as? [String: Any] else { throw fail("", "a mapping") }
    for (key, value) in map.sorted(by: { $0.key < $1.key }) {
      switch key {
      case "rules":
        rules = try Self.rules(value, key: "lint.rules", path: path)
      case "paths":
        guard let list = value as? [[String: Any]] else { throw fail(key, "a list of { glob, rules }") }
        for entry in list {
          guard let glob = entry["glob"] as? String, let value = entry["rules"] else {
            throw fail(key, "a list of { glob, rules }")
          }
          pathRules.append(PathRules(glob: PathGlob(glob), rules: try Self.rules(value, key: "lint.paths", path: path)))
        }
      case "budgets":
        guard let budgets = value as? [String: Any] else { throw fail(key, "a map") }
        for (name, raw) in budgets {
          guard let number = raw as? Int, number > 0 else { throw fail("budgets.\(name)", "a positive integer") }
          switch name {
          case "maxPixels": maximumPixels = number
          case "maxBytes": maximumBytes = number
          default: throw BuildConfiguration.Error(path: path, message: "unknown budget 'lint.budgets.\(name)'")
          }
        }
      default:
        throw BuildConfiguration.Error(path: path, message: "unknown option 'lint.\(key)'")
      }
    }
  }

  /// A map of codes to settings. A value that is not off, note, warning or error is refused, and so is a code gamut
  /// does not emit (``DiagnosticRegistry``), naming the closest one: a misspelt code would otherwise change nothing.
  private static func rules(_ value: Any, key: String, path: String) throws(BuildConfiguration.Error)
    -> [DiagnosticCode: RuleSetting]
  {
    guard let map = value as? [String: Any] else {
      throw BuildConfiguration.Error(
        path: path, message: "'\(key)' must be a map of codes to off, note, warning or error")
    }
    var rules: [DiagnosticCode: RuleSetting] = [:]
    for (code, raw) in map.sorted(by: { $0.key < $1.key }) {
      guard DiagnosticRegistry.entry(DiagnosticCode(rawValue: code)) != nil else {
        let closest = DiagnosticRegistry.closest(to: code).map { "; did you mean '\($0)'?" } ?? ""
        throw BuildConfiguration.Error(
          path: path, message: "'\(key)' names \(QuotedValue.quote(code)), which is not a code gamut emits\(closest)")
      }
      // YAML 1.1 reads a bare `off` as false.
      let text = (raw as? Bool) == false ? "off" : (raw as? String ?? "")
      if text == "off" {
        rules[DiagnosticCode(rawValue: code)] = .off
      } else if let severity = Diagnostic.Severity(rawValue: text) {
        rules[DiagnosticCode(rawValue: code)] = .severity(severity)
      } else {
        throw BuildConfiguration.Error(
          path: path, message: "'\(key)' sets \(code) to \(QuotedValue.quote(text)); use off, note, warning or error")
      }
    }
    return rules
  }
}
