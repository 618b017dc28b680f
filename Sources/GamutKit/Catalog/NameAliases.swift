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

  /// The longest alias that ends `name` (and leaves a non-empty name), with its tokens and length.
  func match(suffixOf name: String) -> (tokens: [String], length: Int)? {
    let candidates = suffixes.keys.filter { name.hasSuffix($0) && name.count > $0.count }
    guard let longest = candidates.max(by: { ($0.count, $1) < ($1.count, $0) }) else { return nil }
    return (suffixes[longest]!, longest.count)
  }
}
