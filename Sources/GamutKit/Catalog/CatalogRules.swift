/// The configuration keys that shape `Contents.json` files rather than pixels: which slots are listed, which
/// assets are single-scale, templates or originals, vector preservation, compression, and the catalog root's
/// properties. `gamut.yml` sets them (see `docs/image-sets.md`):
///
/// ```yaml
/// slots: xcode                      # xcode (every slot Xcode lists, empty ones too) | filled
/// singleScale: ["Illustrations/**"] # PNG sets written without `scale`
/// templates: ["Toolbar/*"]          # template-rendering-intent: template
/// original: ["Logos/**"]            # template-rendering-intent: original
/// preservesVectorRepresentation: true
/// compressionType: {"Photos/**": lossy}   # assets and folders; the longest matching pattern wins
/// catalog: {compressionType: automatic, generateSwiftAssetSymbolExtensions: true}
/// ```
public struct CatalogRules: Sendable, Equatable {
  /// Which image-set slots `Contents.json` lists.
  public enum SlotPolicy: String, Sendable, Equatable, CaseIterable {
    /// Every slot the set's idioms, scales and variants imply, with no `filename` where nothing fills it, as
    /// Xcode writes them: opening the catalog in Xcode and touching a set changes nothing.
    case xcode
    /// Only the slots a rendition fills.
    case filled
  }

  public var slots: SlotPolicy = .xcode
  /// Assets (qualified names) whose PNGs serve every scale.
  public var singleScale: [PathGlob] = []
  /// Assets drawn as templates, whatever their names.
  public var templates: [PathGlob] = []
  /// Assets drawn with their own colors.
  public var original: [PathGlob] = []
  /// Whether a name ending in `Template` makes a template image (`templateByName:`, default true).
  public var templateByName = true
  /// Whether sets of PDF or SVG renditions get `preserves-vector-representation`.
  public var preservesVectorRepresentation = true
  /// When set (`preservesVectorRepresentation:` given as patterns), only the vector sets these match get it.
  public var preservesVectorPatterns: [PathGlob]?
  /// Assets whose PNG renditions are copied byte for byte instead of converted (`unchanged:`), as vectors are.
  public var unchanged: [PathGlob] = []
  /// The catalog file name of a copied rendition (vector, or PNG of an `unchanged:` asset), by its source's path
  /// relative to the source folder (`fileNames:`); others get gamut's canonical name.
  public var fileNames: [String: String] = [:]
  /// `compression-type` for the assets and group folders a pattern matches.
  public var compressionTypes: [PathGlob: AssetProperties.CompressionType] = [:]
  /// The catalog root's `compression-type`.
  public var catalogCompressionType: AssetProperties.CompressionType?
  /// The catalog root's `generate-swift-asset-symbol-extensions` (`enabled` or `disabled`); nil leaves it out.
  public var generateSwiftAssetSymbolExtensions: Bool?

  public init() {}

  /// The configuration keys these rules read.
  static let keys: Set<String> = [
    "slots", "singleScale", "templates", "original", "preservesVectorRepresentation", "compressionType", "catalog",
    "unchanged", "fileNames", "templateByName",
  ]

  /// Whether the asset or group at `path` is single-scale.
  package func isSingleScale(_ path: String) -> Bool {
    singleScale.contains { $0.matches(path) }
  }

  /// Whether the vector set at `path` gets `preserves-vector-representation`.
  package func preservesVectors(_ path: String) -> Bool {
    preservesVectorPatterns.map { patterns in patterns.contains { $0.matches(path) } } ?? preservesVectorRepresentation
  }

  /// Whether the asset at `path` has its PNGs copied unchanged.
  package func isUnchanged(_ path: String) -> Bool {
    unchanged.contains { $0.matches(path) }
  }

  /// The compression type of the asset or group at `path`: the longest matching pattern's.
  package func compressionType(_ path: String) -> AssetProperties.CompressionType? {
    compressionTypes.filter { $0.key.matches(path) }
      .max { ($0.key.pattern.count, $1.key.pattern) < ($1.key.pattern.count, $0.key.pattern) }?.value
  }

  /// The rendering intent of the asset at `path`: `original:` first (an exception to a broader rule or to the
  /// name), then `templates:`, then a name ending in `Template`.
  package func renderingIntent(_ path: String, name: String) -> AssetProperties.RenderingIntent? {
    if original.contains(where: { $0.matches(path) }) { return .original }
    if templates.contains(where: { $0.matches(path) }) || (templateByName && name.hasSuffix("Template")) {
      return .template
    }
    return nil
  }

  /// The catalog root's `properties` members.
  var rootMembers: [String: XcodeJSON] {
    var members: [String: XcodeJSON] = [:]
    if let catalogCompressionType { members["compression-type"] = .string(catalogCompressionType.rawValue) }
    if let generateSwiftAssetSymbolExtensions {
      members["generate-swift-asset-symbol-extensions"] = .string(
        generateSwiftAssetSymbolExtensions ? "enabled" : "disabled")
    }
    return members
  }

  /// What the rules contribute to every asset's fingerprint (the per-asset properties are added separately).
  var fingerprint: String { "slots=\(slots.rawValue)" }

  /// Sets `key` (one of ``keys``) from its YAML value; the message of a wrong value says what is expected.
  mutating func set(_ key: String, _ value: Any) -> String? {
    switch key {
    case "slots":
      guard let text = value as? String, let policy = SlotPolicy(rawValue: text) else { return "xcode or filled" }
      slots = policy
    case "singleScale", "templates", "original", "unchanged":
      guard let list = Self.globs(value) else {
        return "a list of patterns such as \"Icons/**\", each at most \(PathGlob.maxLength) characters"
      }
      switch key {
      case "singleScale": singleScale = list
      case "templates": templates = list
      case "unchanged": unchanged = list
      default: original = list
      }
    case "preservesVectorRepresentation":
      if let flag = value as? Bool {
        preservesVectorRepresentation = flag
      } else if value is [String], let list = Self.globs(value) {
        preservesVectorPatterns = list
      } else {
        return "true, false or a list of patterns such as [\"Icons/**\"]"
      }
    case "fileNames":
      return setFileNames(value)
    case "templateByName":
      guard let flag = value as? Bool else { return "true or false" }
      templateByName = flag
    case "compressionType":
      return setCompressionTypes(value)
    case "catalog":
      return setCatalog(value)
    default:
      return "a known option"
    }
    return nil
  }

  /// A pattern or a list of patterns, each within ``PathGlob/maxLength``; nil for anything else.
  private static func globs(_ value: Any) -> [PathGlob]? {
    guard let list = (value as? String).map({ [$0] }) ?? (value as? [String]),
      list.allSatisfy({ $0.count <= PathGlob.maxLength })
    else { return nil }
    return list.map(PathGlob.init)
  }

  /// A compression type by its Contents.json name, or nil.
  private static func compression(_ value: Any) -> AssetProperties.CompressionType? {
    (value as? String).flatMap(AssetProperties.CompressionType.init(rawValue:))
  }

  /// The compression type names, for messages.
  private static var compressionNames: String {
    AssetProperties.CompressionType.allCases.map(\.rawValue).joined(separator: ", ")
  }

  /// Sets `compressionType:` from a map of patterns to compression types.
  private mutating func setCompressionTypes(_ value: Any) -> String? {
    let expected = "a map of patterns to one of \(Self.compressionNames)"
    guard let map = YAMLMapping.stringKeyed(value) else { return expected }
    for (pattern, raw) in map {
      guard let type = Self.compression(raw), pattern.count <= PathGlob.maxLength else { return expected }
      compressionTypes[PathGlob(pattern)] = type
    }
    return nil
  }

  /// Sets `catalog:`, the catalog root's properties.
  private mutating func setCatalog(_ value: Any) -> String? {
    guard let map = YAMLMapping.stringKeyed(value) else {
      return "a map with compressionType and generateSwiftAssetSymbolExtensions"
    }
    for (name, raw) in map {
      switch name {
      case "compressionType":
        guard let type = Self.compression(raw) else {
          return "catalog.compressionType: one of \(Self.compressionNames)"
        }
        catalogCompressionType = type
      case "generateSwiftAssetSymbolExtensions":
        guard let flag = raw as? Bool else { return "catalog.generateSwiftAssetSymbolExtensions: true or false" }
        generateSwiftAssetSymbolExtensions = flag
      default:
        return "a map with compressionType and generateSwiftAssetSymbolExtensions (not \(QuotedValue.quote(name)))"
      }
    }
    return nil
  }

  /// Sets `fileNames:` from a map of source paths to file names; a name that could not be a file of a set
  /// (a folder separator, a leading dot, `Contents.json`) is refused.
  private mutating func setFileNames(_ value: Any) -> String? {
    let expected = "a map of source paths to catalog file names such as {\"Icons/Add@2x.png\": \"add@2x.png\"}"
    guard let map = value as? [String: Any] else { return expected }
    var names: [String: String] = [:]
    for (source, raw) in map {
      guard let name = raw as? String, !name.isEmpty, !name.contains("/"), !name.hasPrefix("."),
        name != "Contents.json"
      else { return expected + " ('\(source)' names no plain file)" }
      names[source] = name
    }
    fileNames = names
    return nil
  }
}
