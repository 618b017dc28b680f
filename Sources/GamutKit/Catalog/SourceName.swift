/// What a source file's name says: the asset it belongs to and the slot it fills.
///
/// The convention (documented in the README): `Name[~token...][@Nx].png` (or `.pdf`, `.svg`; `Name.symbols.svg`
/// for a symbol, without tokens), where tokens, in any order, are an appearance (`dark`, `light`), `hc` for
/// increased contrast, an idiom (`iphone`, `ipad`, `mac`, `tv`, `watch`, `car`, `vision`) and a hand-made gamut
/// variant (`p3`, `srgb`). The scale suffix may follow the name or any token. With aliases switched on,
/// design-export suffixes such as `_dark` or `-darkHC` are accepted too.
package struct SourceName: Sendable, Equatable {
  /// The asset name: the file name without tokens, scale and extension.
  package var assetName: String
  /// The slot this file fills. `gamut` is set only for a hand-made `~p3` / `~srgb` variant.
  package var traits: RenditionTraits
  /// Whether the asset name ends with `Template`, which makes it a template image.
  package var isTemplate: Bool { assetName.hasSuffix("Template") }
  /// What kind of file it is, from its ending: `.png`, `.jpg` or `.jpeg`, `.pdf`, `.svg`, or `.symbols.svg`.
  package var format: SourceFormat
  /// Whether the name carries a scale (`@1x`, `@2x`, `@3x`). A vector without one is single-scale.
  package var hasScaleToken: Bool

  /// Parses a file name (without folders), for example `PlayButton~dark@2x.png`, `Logo~dark.pdf`, or
  /// `Star.symbols.svg` (a symbol takes no tokens).
  package init(parsing fileName: String, aliases: NameAliases = .none) throws(SourceNameError) {
    guard let format = SourceFormat(fileName: fileName) else { throw .notPNGName }
    let stem = String(fileName.dropLast(format.nameSuffixLength(in: fileName)))
    self.format = format
    if format == .symbol {
      guard !stem.contains("~") && !stem.contains("@") else {
        throw .invalidName("a symbol (.symbols.svg) takes no `~` tokens or scale")
      }
      try Self.validate(assetName: stem)
      assetName = stem
      traits = RenditionTraits(scale: RenditionTraits.singleScale)
      hasScaleToken = false
      return
    }
    var parts = stem.split(separator: "~", omittingEmptySubsequences: false).map(String.init)
    var traits = RenditionTraits()
    var seenScale = false
    for index in parts.indices {
      guard let at = parts[index].firstIndex(of: "@") else { continue }
      let suffix = String(parts[index][parts[index].index(after: at)...])
      guard let scale = Self.scales[suffix.lowercased()] else { throw .invalidScale("@" + suffix) }
      guard !seenScale else { throw .conflictingTokens("@" + suffix) }
      seenScale = true
      traits.scale = scale
      parts[index] = String(parts[index][..<at])
    }
    var base = parts.removeFirst()
    var tokens = parts
    while let (aliasTokens, length) = aliases.match(suffixOf: base) {
      base.removeLast(length)
      tokens += aliasTokens
    }
    try Self.validate(assetName: base)
    var seen: Set<String> = []
    for token in tokens {
      let lower = token.lowercased()
      guard !token.isEmpty else { throw .invalidName("an empty `~` token") }
      guard seen.insert(Self.category(of: lower) ?? lower).inserted else { throw .conflictingTokens(token) }
      switch lower {
      case "dark": traits.appearance = .dark
      case "light": traits.appearance = .light
      case "hc": traits.highContrast = true
      case "p3": traits.gamut = .displayP3
      case "srgb": traits.gamut = .sRGB
      default:
        guard let idiom = RenditionTraits.Idiom(rawValue: lower), idiom != .universal else {
          throw .unknownToken(token)
        }
        traits.idiom = idiom
      }
    }
    self.assetName = base
    self.traits = traits
    hasScaleToken = seenScale
  }

  private static let scales = ["1x": 1, "2x": 2, "3x": 3]

  /// Whether `token` (lower case) is a name token: an appearance, `hc`, a gamut or an idiom.
  static func isKnownToken(_ token: String) -> Bool { category(of: token) != nil }

  /// Tokens of one category exclude each other: a name may not say both `dark` and `light`.
  private static func category(of token: String) -> String? {
    switch token {
    case "dark", "light": "appearance"
    case "p3", "srgb": "gamut"
    case "hc": "contrast"
    default: RenditionTraits.Idiom(rawValue: token) != nil ? "idiom" : nil
    }
  }

  /// Checks that an asset name can be a folder name in the catalog and a Swift-friendly resource name.
  static func validate(assetName name: String) throws(SourceNameError) {
    guard !name.isEmpty else { throw .invalidName("the asset name is empty") }
    guard !name.hasPrefix(".") else { throw .invalidName("the asset name starts with a dot") }
    guard name.utf8.count <= 200 else { throw .invalidName("the asset name is longer than 200 bytes") }
    // The characters refused are ASCII, so the UTF-8 bytes tell (every byte of a longer character is 0x80 or
    // more).
    for byte in name.utf8 {
      if byte < 0x20 || byte == 0x7F {
        throw .invalidName("the asset name contains a control character")
      }
      if forbiddenBytes.contains(byte) {
        throw .invalidName("the asset name contains '\(Unicode.Scalar(byte))'")
      }
    }
    guard name.utf8.first != UInt8(ascii: " ") && name.utf8.last != UInt8(ascii: " ") else {
      throw .invalidName("the asset name starts or ends with a space")
    }
  }

  /// The characters an asset name may not hold besides control characters, as bytes.
  private static let forbiddenBytes = Set("/\\:*?\"<>|".utf8)
}

/// Why a source file name cannot be used.
package enum SourceNameError: Error, Sendable, Equatable, CustomStringConvertible {
  case notPNGName
  case unknownToken(String)
  case conflictingTokens(String)
  case invalidScale(String)
  case invalidName(String)
  /// An app icon source whose tokens or scale say no image of an app icon set.
  case invalidAppIconName(String)

  package var description: String {
    switch self {
    case .notPNGName: "not a source file name (.png, .jpg, .jpeg, .pdf, .svg, .symbols.svg)"
    case .unknownToken(let token):
      "unknown name token '~\(token)' (known: dark, light, hc, p3, srgb, iphone, ipad, mac, tv, watch, car, vision)"
    case .conflictingTokens(let token): "name token '\(token)' repeats or contradicts another token"
    case .invalidScale(let scale): "unknown scale '\(scale)' (use @1x, @2x or @3x)"
    case .invalidName(let reason): "invalid asset name: \(reason)"
    case .invalidAppIconName(let reason): "invalid app icon source name: \(reason)"
    }
  }
}
