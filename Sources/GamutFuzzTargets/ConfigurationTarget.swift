internal import GamutKit

/// Fuzz body for `gamut.yml`: the YAML guard (anchors, aliases, nesting) and the configuration reader with every
/// option's checks.
public enum ConfigurationTarget {
  /// Reads `bytes` as a configuration (UTF-8, invalid sequences replaced). A document the guard refuses must also
  /// be refused by the reader, and an accepted configuration's glob patterns must be within their bound.
  public static func run(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    let guarded = (try? YAMLGuard.check(text)) != nil
    guard let configuration = try? BuildConfiguration(yaml: text, path: "gamut.yml") else { return }
    precondition(guarded, "a configuration with anchors, aliases or deep nesting was accepted")
    let rules = configuration.options.catalogRules
    for glob in rules.templates + rules.original + rules.singleScale + Array(rules.compressionTypes.keys) {
      precondition(glob.pattern.count <= PathGlob.maxLength, "a pattern over the length bound was accepted")
      _ = glob.matches("Icons/Tab/Home")
    }
    for suffix in configuration.options.aliases.suffixes.keys {
      precondition(!suffix.isEmpty, "an empty alias suffix was accepted")
    }
  }
}
