import Yams

/// Reads a `*.colors.yml` file: a mapping of color names to their variants.
///
/// ```yaml
/// Brand:      { any: "#0A84FF", dark: "#409CFF", hc: "#0040DD", dark-hc: "#409CFF" }
/// Accent:     "color(display-p3 1 0.2 0.1)"          # one color for every appearance
/// Separator:  { system: separator }                  # a reference to a system color
/// Tint:       { any: "#007AFF", ipad: { any: "#0040DD", dark: "#409CFF" } }   # per-idiom overrides
/// ```
///
/// A color's value is a color text (see ``ColorValueParser``), a `{system: NAME, platform: ios|osx|universal}`
/// reference, or a mapping whose keys are `any`, `light`, `dark`, `hc`, `light-hc`, `dark-hc` and idiom names
/// (`iphone`, `ipad`, `mac`, `tv`, `watch`, `car`, `vision`), each idiom holding a value of the same two simpler
/// forms. A problem with one color is an error at its line that skips that color; the others are read.
package enum ColorFileParser {
  /// The largest color file read, in bytes: far above any real palette, far below what could exhaust memory.
  package static let maxBytes = 4 << 20

  /// Why a color file's name cannot be read, or nil. A `~` token (`Brand~dark.colors.yml`) would say a variant,
  /// as it does for images and tokens files, but a color file holds every variant of its colors inside it, so such
  /// a name is refused rather than its colors taken as any-appearance ones.
  static func variantNameProblem(_ fileName: String) -> String? {
    guard fileName.lowercased().hasSuffix(ColorSourceKind.colorsSuffix), fileName.contains("~") else { return nil }
    return "a color file takes no '~' tokens in its name: write the variants inside it (Brand: { any: ..., dark: ... "
      + "}); not read"
  }

  /// The colors of the file and the problems found, every problem an error at `file:line`.
  package struct Result: Sendable {
    package var colors: [ColorDefinition] = []
    package var diagnostics: [Diagnostic] = []
  }

  /// Parses `text`; `source` is the file's path relative to the source folder (its folders are the group).
  package static func parse(_ text: String, source: String) -> Result {
    var result = Result()
    let groupPath = Array(source.split(separator: "/").dropLast().map(String.init))
    func fail(_ line: Int, _ message: String) {
      result.diagnostics.append(
        Diagnostic(
          path: source, severity: .error, code: .invalidColor, message: message, line: line > 0 ? line : nil))
    }
    guard text.utf8.count <= maxBytes else {
      fail(0, "the color file is larger than \(maxBytes >> 20) MiB; not read")
      return result
    }
    do throws(YAMLGuard.Refusal) {
      try YAMLGuard.check(text)
    } catch {
      fail(error.line, error.message)
      return result
    }
    let root: Node?
    do {
      root = try Yams.compose(yaml: text)
    } catch {
      fail(Self.line(of: error), "not valid YAML: \(Self.summary(of: error))")
      return result
    }
    guard let root else { return result }  // an empty file defines no colors
    guard case .mapping(let mapping) = root else {
      fail(line(root), "expected a mapping of color names to colors")
      return result
    }
    for (keyNode, valueNode) in mapping {
      let keyLine = line(keyNode)
      guard case .scalar(let key) = keyNode else {
        fail(keyLine, "a color name must be a plain string")
        continue
      }
      let name = key.string
      do throws(SourceNameError) {
        try SourceName.validate(assetName: name)
      } catch {
        fail(keyLine, "color \(QuotedValue.quote(name)): \(error.description)")
        continue
      }
      do throws(ColorValueError) {
        let variants = try Self.variants(valueNode)
        result.colors.append(
          ColorDefinition(groupPath: groupPath, name: name, source: source, line: keyLine, variants: variants))
      } catch {
        fail(keyLine, "color \(QuotedValue.quote(name)): \(error.message)")
      }
    }
    return result
  }

  /// The variants of one color's value.
  static func variants(_ node: Node) throws(ColorValueError) -> [ColorDefinition.Slot: ColorDefinition.Variant] {
    if let single = try simpleVariant(node) { return [ColorDefinition.Slot(): single] }
    guard case .mapping(let mapping) = node else {
      throw ColorValueError(message: "expected a color, a {system: ...} reference or a map of variants")
    }
    var variants: [ColorDefinition.Slot: ColorDefinition.Variant] = [:]
    for (keyNode, valueNode) in mapping {
      let key = keyNode.string ?? ""
      if let slot = ColorDefinition.Slot(key: key) {
        variants[slot] = try variant(valueNode, key: key)
      } else if let idiom = RenditionTraits.Idiom(rawValue: key), idiom != .universal {
        if let single = try simpleVariant(valueNode) {
          variants[ColorDefinition.Slot(idiom: idiom)] = single
          continue
        }
        guard case .mapping(let inner) = valueNode else {
          throw ColorValueError(
            message: "\(QuotedValue.quote(key)) (line \(line(valueNode))) must hold a color or a map of variants")
        }
        for (innerKey, innerValue) in inner {
          let name = innerKey.string ?? ""
          guard let slot = ColorDefinition.Slot(key: name, idiom: idiom) else {
            throw ColorValueError(
              message:
                "unknown key \(QuotedValue.quote(name)) in \(QuotedValue.quote(key)) (line \(line(innerKey))); use any, light, dark, hc, "
                + "light-hc, dark-hc")
          }
          variants[slot] = try variant(innerValue, key: key + "." + name)
        }
      } else {
        throw ColorValueError(
          message:
            "unknown key \(QuotedValue.quote(key)) (line \(line(keyNode))); use any, light, dark, hc, light-hc, dark-hc, "
            + "system, or an idiom (iphone, ipad, mac, tv, watch, car, vision)")
      }
    }
    guard !variants.isEmpty else { throw ColorValueError(message: "no variants") }
    return variants
  }

  /// One variant: a color text, a system reference, or `~` (a plain YAML null) for an unfilled slot; the error names
  /// the key.
  private static func variant(_ node: Node, key: String) throws(ColorValueError) -> ColorDefinition.Variant {
    if case .scalar(let scalar) = node, scalar.style == .plain, node.null != nil { return .unfilled }
    do {
      if let variant = try simpleVariant(node) { return variant }
    } catch {
      throw ColorValueError(message: "\(QuotedValue.quote(key)) (line \(line(node))): \(error.message)")
    }
    throw ColorValueError(
      message: "\(QuotedValue.quote(key)) (line \(line(node))) must be a color or a {system: ...} reference")
  }

  /// A color text or a `{system:, platform:}` map; `nil` for any other mapping (a map of variants).
  private static func simpleVariant(_ node: Node) throws(ColorValueError) -> ColorDefinition.Variant? {
    switch node {
    case .scalar(let scalar):
      return .color(try ColorValueParser.parse(scalar.string))
    case .mapping(let mapping):
      guard let system = mapping["system"] else { return nil }
      let keys = mapping.keys.compactMap(\.string)
      if let extra = keys.first(where: { $0 != "system" && $0 != "platform" }) {
        throw ColorValueError(
          message: "a {system: ...} reference takes only 'platform' beside it, not \(QuotedValue.quote(extra))")
      }
      guard case .scalar(let name) = system else { throw ColorValueError(message: "'system' must be a name") }
      let platform = mapping["platform"]?.string
      switch SystemColorReference.make(name: name.string, platform: platform) {
      case .success(let reference): return .system(reference)
      case .failure(let error): throw error
      }
    default:
      throw ColorValueError(message: "expected a color text such as \"#0A84FF\"")
    }
  }

  private static func line(_ node: Node) -> Int { node.mark?.line ?? 0 }

  /// The line a Yams error points at, or 0.
  private static func line(of error: any Error) -> Int {
    guard let yaml = error as? YamlError else { return 0 }
    switch yaml {
    case .scanner(_, _, let mark, _), .parser(_, _, let mark, _), .composer(_, _, let mark, _): return mark.line
    case .duplicatedKeysInMapping(_, let context): return context.mark.line
    default: return 0
    }
  }

  /// A one-line account of a Yams error (its description quotes the YAML text over several lines).
  private static func summary(of error: any Error) -> String {
    guard let yaml = error as? YamlError else { return "\(error)" }
    switch yaml {
    case .scanner(_, let problem, _, _), .parser(_, let problem, _, _), .composer(_, let problem, _, _):
      return problem
    case .duplicatedKeysInMapping(let duplicates, _):
      return "duplicate key " + duplicates.prefix(8).map { QuotedValue.quote($0) }.joined(separator: ", ")
    default:
      return String(describing: error).split(separator: "\n").first.map(String.init) ?? "\(error)"
    }
  }
}
