import Foundation

/// Reads W3C Design Tokens files (`*.tokens.json`, the DTCG format, 2025.10 report) for their color tokens.
///
/// ```json
/// { "brand": { "$type": "color",
///     "primary": { "$value": { "colorSpace": "display-p3", "components": [1, 0.2, 0.1], "alpha": 1 } },
///     "link":    { "$value": "{brand.primary}" } } }
/// ```
///
/// - A token's name in the catalog is its path joined with dots (`brand.primary`); the file's folder is the group.
/// - `$type` is inherited from enclosing groups; tokens of other types are ignored.
/// - Color values: `colorSpace` `srgb`, `display-p3`, `srgb-linear`, `oklch` or `oklab` with three `components`
///   (`"none"` counts as 0) and an optional `alpha`; `hex` is used when there are no components. A string value
///   is read as a CSS color (`"#0A84FF"`, as earlier drafts wrote).
/// - Aliases (`"{group.token}"`) are resolved, through chains, each token once (``TokenAliasResolver``); a cycle
///   (reported once) or a missing target is an error.
/// - Appearance variants live in sibling files named with gamut's tokens: `Brand~dark.tokens.json`,
///   `Brand~hc.tokens.json`, `Brand~dark~hc.tokens.json` (also `~light`, and idioms such as `~ipad`) hold the same
///   token paths with the values for that appearance. Such a file is read with its base file, `Brand.tokens.json`.
package enum DesignTokens {
  /// The file-name ending gamut takes as design tokens.
  package static let fileSuffix = ColorSourceKind.tokensSuffix

  /// The variant tokens a sibling file's name may carry after `~`.
  static func slot(forTokens tokens: [Substring]) -> ColorDefinition.Slot? {
    var slot = ColorDefinition.Slot()
    var seen: Set<Substring> = []
    for token in tokens {
      guard seen.insert(token).inserted else { return nil }
      switch token {
      case "dark", "light":
        guard slot.appearance == .any else { return nil }
        slot.appearance = token == "dark" ? .dark : .light
      case "hc": slot.highContrast = true
      default:
        guard let idiom = RenditionTraits.Idiom(rawValue: String(token)), slot.idiom == .universal else { return nil }
        slot.idiom = idiom
      }
    }
    return slot
  }

  /// Parses the base file at `source` (relative to the source folder), reading its variant files through
  /// `siblings` (a file name in the same folder to its text, or nil). A variant file itself (its name has a `~`)
  /// yields nothing when its base exists, and an error otherwise.
  package static func parse(_ text: String, source: String, siblings: (String) -> String?) -> ColorFileParser.Result {
    var result = ColorFileParser.Result()
    let fileName = String(source.split(separator: "/").last ?? Substring(source))
    let stem = String(fileName.dropLast(fileSuffix.count))
    let groupPath = Array(source.split(separator: "/").dropLast().map(String.init))
    let parts = stem.split(separator: "~", omittingEmptySubsequences: false)
    if parts.count > 1 {
      if siblings(String(parts[0]) + fileSuffix) == nil {
        result.diagnostics.append(
          invalid(source, "a variant tokens file needs its base file, \(parts[0])\(fileSuffix), beside it"))
      } else if slot(forTokens: Array(parts.dropFirst())) == nil {
        result.diagnostics.append(
          invalid(
            source,
            "unknown or repeated variant token in \(QuotedValue.quote(fileName)) (use dark, light, hc, or an idiom)"))
      }
      return result
    }
    guard text.utf8.count <= ColorFileParser.maxBytes else {
      result.diagnostics.append(
        invalid(source, "the tokens file is larger than \(ColorFileParser.maxBytes >> 20) MiB; not read"))
      return result
    }
    let tokenFile = TokenFile(source: source, fileName: fileName, stem: stem, groupPath: groupPath)
    guard let files = tokenFile.read(text, siblings: siblings, diagnostics: &result.diagnostics) else { return result }
    let colors = tokenFile.resolve(files, diagnostics: &result.diagnostics)
    result.colors = tokenFile.definitions(colors, diagnostics: &result.diagnostics)
    return result
  }

  /// An `invalid-color` error.
  private static func invalid(_ path: String, _ message: String) -> Diagnostic {
    Diagnostic(path: path, severity: .error, code: .invalidColor, message: message)
  }

  /// A base tokens file and the steps that turn it and its variant files into colors.
  private struct TokenFile {
    /// The base file, relative to the source folder; its name, and the name without the suffix.
    var source: String
    var fileName: String
    var stem: String
    var groupPath: [String]

    /// The tokens of one file of the set, with the slot its values fill.
    typealias Tokens = (slot: ColorDefinition.Slot, name: String, tokens: [String: Token])
    /// A color's values by slot.
    typealias Variants = [ColorDefinition.Slot: ColorDefinition.Variant]

    /// The tokens of the base file (first) and of each variant file beside it; nil when the base does not parse.
    func read(_ text: String, siblings: (String) -> String?, diagnostics: inout [Diagnostic]) -> [Tokens]? {
      var files: [Tokens] = []
      do throws(ColorValueError) {
        files.append((ColorDefinition.Slot(), fileName, try DesignTokens.tokens(in: text)))
      } catch {
        diagnostics.append(DesignTokens.invalid(source, error.message))
        return nil
      }
      for variant in DesignTokens.variantNames(stem: stem) {
        guard let variantText = siblings(variant.name) else { continue }
        let path = (groupPath + [variant.name]).joined(separator: "/")
        do throws(ColorValueError) {
          files.append((variant.slot, variant.name, try DesignTokens.tokens(in: variantText)))
        } catch {
          diagnostics.append(DesignTokens.invalid(path, error.message))
        }
      }
      return files
    }

    /// Each color token's value per slot, aliases resolved (a variant's alias through the variant, then the base);
    /// a token of a variant file that the base lacks, or that does not resolve, is an error.
    func resolve(_ files: [Tokens], diagnostics: inout [Diagnostic]) -> [String: Variants] {
      let base = files[0].tokens
      var colors: [String: Variants] = [:]
      for file in files {
        let path = (groupPath + [file.name]).joined(separator: "/")
        var resolver = TokenAliasResolver(tokens: file.tokens, fallback: base)
        for name in file.tokens.keys.sorted() {
          guard base[name] != nil else {
            diagnostics.append(
              DesignTokens.invalid(path, "token \(QuotedValue.quote(name)) is not in the base file \(fileName)"))
            continue
          }
          switch resolver.resolve(name) {
          case .color(let value):
            colors[name, default: [:]][file.slot] = .color(value)
          case .failed(let message):
            diagnostics.append(DesignTokens.invalid(path, "token \(QuotedValue.quote(name)): \(message)"))
            colors[name] = nil
          case .inCycle(let cycle):
            if let message = resolver.reportOnce(cycle) { diagnostics.append(DesignTokens.invalid(path, message)) }
            colors[name] = nil
          }
        }
      }
      return colors
    }

    /// The color definitions, in name order: tokens with a base value whose names are valid asset names.
    func definitions(
      _ colors: [String: Variants], diagnostics: inout [Diagnostic]
    ) -> [ColorDefinition] {
      var definitions: [ColorDefinition] = []
      for name in colors.keys.sorted() {
        guard let variants = colors[name], variants[ColorDefinition.Slot()] != nil else { continue }
        do throws(SourceNameError) {
          try SourceName.validate(assetName: name)
        } catch {
          diagnostics.append(DesignTokens.invalid(source, "token \(QuotedValue.quote(name)): \(error.description)"))
          continue
        }
        definitions.append(
          ColorDefinition(groupPath: groupPath, name: name, source: source, line: 0, variants: variants))
      }
      return definitions
    }
  }

  /// The sibling file names that may hold variants of `stem`, with their slots, in a fixed order.
  static func variantNames(stem: String) -> [(name: String, slot: ColorDefinition.Slot)] {
    var names: [(String, ColorDefinition.Slot)] = []
    let idioms = [""] + ColorDefinition.Slot.idiomOrder.dropFirst().map { "~" + $0.rawValue }
    for idiom in idioms {
      for appearance in ["", "~light", "~dark"] {
        for contrast in ["", "~hc"] where !(idiom.isEmpty && appearance.isEmpty && contrast.isEmpty) {
          let tokens = (idiom + appearance + contrast).split(separator: "~")
          if let slot = slot(forTokens: tokens) {
            names.append((stem + idiom + appearance + contrast + fileSuffix, slot))
          }
        }
      }
    }
    return names
  }

  /// A token as found in a file: its raw `$value` (color tokens only).
  struct Token {
    var value: JSONNode
  }

  /// The color tokens of one file by dotted path. Tokens whose (inherited) `$type` is not `color` are left out.
  static func tokens(in text: String) throws(ColorValueError) -> [String: Token] {
    let root: JSONNode
    do {
      root = try JSONNodeReader.read(Array(text.utf8))
    } catch {
      throw ColorValueError(message: "not valid JSON at \(error)")
    }
    if let repeated = root.firstRepeatedKey() {
      throw ColorValueError(
        message: "not valid JSON at line \(repeated.line): the key \(QuotedValue.quote(repeated.key)) appears twice "
          + "(also when equal after Unicode normalisation)")
    }
    guard root.members != nil else { throw ColorValueError(message: "expected a JSON object of tokens") }
    var tokens: [String: Token] = [:]
    try collect(root, path: [], inheritedType: nil, into: &tokens)
    return tokens
  }

  private static func collect(
    _ group: JSONNode, path: [String], inheritedType: String?, into tokens: inout [String: Token]
  ) throws(ColorValueError) {
    guard let members = group.members else { return }
    var type = inheritedType
    if let declared = group["$type"] {
      guard let name = declared.string else {
        throw ColorValueError(
          message: "\(QuotedValue.quote(path.joined(separator: "."))): $type must be a string such as \"color\"")
      }
      type = name
    }
    if let value = group["$value"] {
      let name = path.joined(separator: ".")
      guard type == "color" || type == nil && isColorLike(value) else { return }
      // Dictionary keys compare by canonical equivalence, so NFC and NFD spellings of one name meet here.
      guard tokens[name] == nil else {
        throw ColorValueError(
          message: "token \(QuotedValue.quote(name)) is defined twice (the same name after Unicode normalisation)")
      }
      tokens[name] = Token(value: value)
      return
    }
    for member in members where !member.key.hasPrefix("$") {
      let (key, child) = (member.key, member.value)
      guard child.members != nil else { continue }
      guard !key.contains("."), !key.contains("{"), !key.contains("}") else {
        throw ColorValueError(
          message: "\(QuotedValue.quote(key)): token and group names may not contain '.', '{' or '}'")
      }
      try collect(child, path: path + [key], inheritedType: type, into: &tokens)
    }
  }

  /// An untyped value that is an alias or a color object (its type then comes from what it points at).
  private static func isColorLike(_ value: JSONNode) -> Bool {
    switch value.value {
    case .string(let text): text.hasPrefix("{") || text.hasPrefix("#")
    case .object: value["colorSpace"] != nil
    default: false
    }
  }

  /// The color of a token's own value (not an alias): a CSS color text or a color object.
  static func color(of value: JSONNode) throws(ColorValueError) -> ColorValue {
    switch value.value {
    case .string(let text): return try ColorValueParser.parse(text)
    case .object: return try color(value)
    default:
      throw ColorValueError(message: "a color value must be an object with colorSpace and components, or a string")
    }
  }

  /// A DTCG 2025.10 color object.
  static func color(_ object: JSONNode) throws(ColorValueError) -> ColorValue {
    var alpha = 1.0
    if let raw = object["alpha"] {
      guard let value = raw.number, (0...1).contains(value) else {
        throw ColorValueError(message: "alpha must be a number from 0 to 1")
      }
      alpha = value
    }
    guard let raw = object["components"] else {
      guard let hex = object["hex"]?.string else { throw ColorValueError(message: "missing components") }
      var value = try ColorValueParser.parse(hex)
      value.alpha = alpha
      return value
    }
    guard let space = object["colorSpace"]?.string else {
      throw ColorValueError(message: "missing colorSpace (a string)")
    }
    guard let list = raw.elements, list.count == 3 else {
      throw ColorValueError(message: "components must be a list of three numbers")
    }
    var numbers: [Double] = []
    for item in list {
      if item.string == "none" {
        numbers.append(0)
      } else if let number = item.number {
        numbers.append(number)
      } else {
        throw ColorValueError(message: "components must be numbers (or \"none\"), not true, false or null")
      }
    }
    func css(_ text: String) throws(ColorValueError) -> ColorValue {
      var value = try ColorValueParser.parse(text)
      value.alpha = alpha
      return value
    }
    let c = numbers.map { String($0) }
    switch space {
    case "srgb", "display-p3":
      return try css("color(\(space) \(c[0]) \(c[1]) \(c[2]))")
    case "srgb-linear":
      let encoded = numbers.map { String(CSSColorMath.encode($0)) }
      return try css("color(srgb \(encoded[0]) \(encoded[1]) \(encoded[2]))")
    case "oklch":
      return try css("oklch(\(c[0]) \(c[1]) \(c[2]))")
    case "oklab":
      let chroma = (numbers[1] * numbers[1] + numbers[2] * numbers[2]).squareRoot()
      let hue = atan2(numbers[2], numbers[1]) * 180 / .pi
      return try css("oklch(\(c[0]) \(String(chroma)) \(String(hue)))")
    default:
      if let hex = object["hex"]?.string { return try css(hex) }
      throw ColorValueError(
        message: "colorSpace \(QuotedValue.quote(space)) is not supported (use srgb, display-p3, srgb-linear, oklch "
          + "or oklab, or add a hex fallback)")
    }
  }
}
