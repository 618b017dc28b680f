/// Suffixes that design tools put on exported file names, mapped to name tokens.
///
/// Off by default, so that an asset really named `Background_dark` is not split by surprise. When on, the
/// standard set maps `_dark`/`-dark`, `_light`/`-light`, `_darkHC`/`-darkHC`, `_lightHC`/`-lightHC` and
/// `_hc`/`-hc`; a configuration can add its own.
public struct NameAliases: Sendable, Equatable {
  /// Suffix to tokens, for example `"_darkHC": ["dark", "hc"]`.
  public var suffixes: [String: [String]]

  public init(suffixes: [String: [String]]) {
    self.suffixes = suffixes
  }

  /// No aliases: only `~token` names are understood.
  public static let none = NameAliases(suffixes: [:])

  /// The suffixes that common design exports use.
  public static let standard: NameAliases = {
    var suffixes: [String: [String]] = [:]
    for separator in ["_", "-"] {
      suffixes[separator + "dark"] = ["dark"]
      suffixes[separator + "light"] = ["light"]
      suffixes[separator + "darkHC"] = ["dark", "hc"]
      suffixes[separator + "lightHC"] = ["light", "hc"]
      suffixes[separator + "hc"] = ["hc"]
    }
    return NameAliases(suffixes: suffixes)
  }()

  /// The longest suffix a configuration may give.
  static let maxSuffixLength = 32

  /// Why `suffix` mapped to `tokens` cannot be an alias, or nil when it can: a suffix is 1 to 32 characters
  /// without `@`, `~`, `.`, `/`, white space or control characters (it would be read as a scale, a token or an
  /// extension, or never match), and maps to one or more known name tokens.
  static func problem(suffix: String, tokens: [String]) -> String? {
    if suffix.isEmpty { return "an alias suffix may not be empty" }
    if suffix.count > maxSuffixLength {
      return "alias suffix \(QuotedValue.quote(suffix)) is longer than \(maxSuffixLength) characters"
    }
    if suffix.unicodeScalars.contains(where: {
      "@~./\\".unicodeScalars.contains($0) || $0.properties.isWhitespace
        || $0.value < 0x20 || $0.value == 0x7F
    }) {
      return "alias suffix \(QuotedValue.quote(suffix)) may not hold '@', '~', '.', '/', '\\', spaces or control "
        + "characters"
    }
    if tokens.isEmpty { return "alias suffix \(QuotedValue.quote(suffix)) maps to no tokens" }
    if let unknown = tokens.first(where: { !SourceName.isKnownToken($0.lowercased()) }) {
      return "alias suffix \(QuotedValue.quote(suffix)) maps to the unknown token \(QuotedValue.quote(unknown)) "
        + "(known: dark, light, hc, p3, srgb, iphone, ipad, mac, tv, watch, car, vision)"
    }
    return nil
  }

  /// The longest alias that ends `name` (and leaves a non-empty name), with its tokens and length. An empty
  /// suffix never matches (it would remove nothing, forever).
  func match(suffixOf name: String) -> (tokens: [String], length: Int)? {
    let candidates = suffixes.keys.filter { !$0.isEmpty && name.hasSuffix($0) && name.count > $0.count }
    guard let longest = candidates.max(by: { ($0.count, $1) < ($1.count, $0) }) else { return nil }
    return (suffixes[longest]!, longest.count)
  }
}
